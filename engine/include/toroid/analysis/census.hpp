// The census of one rule: what its soups did, and which soups to look at.
//
// summarise() turns the outcomes of a rule's soups (soup_run.hpp) into
// class counts, stabilisation statistics, the histogram of periods, the
// object census (apgcode -> count, most common first when printed) and the
// soups of interest (the longest-lived, those holding rare objects, the first
// with ships, the first explosive), each with its seed and RLE so that
// `toroid run`, `methuselah` and `toroid-view` replay it exactly.
//
// A RuleCensus is one JSON object (to_json / census_from_json round-trip
// exactly), one line of a sweep's --out file, so that interrupted sweeps
// resume and shards merge by rule index.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "toroid/analysis/soup_run.hpp"

namespace toroid {

struct SoupOfInterest {
    std::string why;  // "longest-lived", "rare object xp15_...", "ships", "explosive"
    std::uint64_t index = 0;
    std::uint64_t soup_seed = 0;
    std::string cls;
    std::uint64_t settled_at = 0;
    std::string rle;
    std::string replay;  // a toroid command that replays it
};

struct RuleCensus {
    std::string rule;
    std::uint64_t rule_index = 0;
    std::uint64_t soups = 0;
    std::array<std::uint64_t, kSoupClasses> classes{};
    std::uint64_t stabilisation_median = 0, stabilisation_max = 0;  // settled soups
    std::map<std::uint64_t, std::uint64_t> periods;                 // period -> soups
    std::map<std::string, std::uint64_t> objects;                   // apgcode -> count
    std::vector<SoupOfInterest> interesting;
    bool stochastic = false;
    std::uint64_t extinction_median = 0;  // stochastic soups that died
    double mean_final_density = 0;
    double mean_growth_slope = 0;  // explosive soups

    // Objects by count (descending), then code.
    std::vector<std::pair<std::string, std::uint64_t>> objects_by_count() const;
};

RuleCensus summarise(const Rule& rule, std::uint64_t rule_index, const SoupConfig& config,
                     const std::vector<SoupOutcome>& outcomes);

nlohmann::json to_json(const RuleCensus& c);
// InputError naming the field when malformed: a missing field, a wrong type,
// a negative or fractional count, classes that do not add up to the soups.
RuleCensus census_from_json(const nlohmann::json& j);

std::string census_csv_header();
std::string census_csv_row(const RuleCensus& c);

}  // namespace toroid
