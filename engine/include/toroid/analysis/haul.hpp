// A census of many soups, and the formats Catagolue reads.
//
// CensusTally adds up SoupCensus results (analysis/soup_census.hpp) soup by
// soup: object counts, the first ten soups holding each object (as
// apgsearch keeps them: the soup's index, its seed being ROOT + index), the
// soups that did not settle and the time spent. Written as
//   haul_text   apgsearch's haul ("@VERSION", "@MD5" (MD5 of the root),
//               "@ROOT", "@RULE", "@SYMMETRY", "@NUM_SOUPS",
//               "@NUM_OBJECTS", then "@CENSUS TABLE": "apgcode count" lines,
//               most common first, and "@SAMPLE_SOUPIDS": "apgcode index
//               index ..." lines in the same order); no authentication line,
//               nothing is uploaded;
//   textcensus  Catagolue's textcensus CSV: "apgcode","occurrences" then
//               one "code","count" line per object, most common first;
//   to_json     the same for programs (objects, soups, samples as full
//               soup IDs "C1/k_...123", timings).
// Objects are ordered by count (descending), then by code, everywhere.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct CensusTally {
    static constexpr std::size_t kSamples = 10;  // soup IDs kept per object, as apgsearch

    std::string rule;  // Catagolue's spelling (catagolue_rule)
    std::string symmetry;
    std::string root;
    std::uint64_t soups = 0;
    std::uint64_t unsettled = 0;    // soups that did not settle (yl, zz_..., PATHOLOGICAL)
    std::uint64_t generations = 0;  // summed over the soups
    std::map<std::string, std::uint64_t> objects;
    std::map<std::string, std::vector<std::uint64_t>> samples;  // apgcode -> soup indices
    CensusTimes times;                                          // summed over the soups
    double seconds = 0;                                         // wall clock

    // Soups must be added in index order for the samples to be the first ones.
    void add(std::uint64_t index, const SoupCensus& soup);
    // Adds a tally of other soups (another thread's, block's, shard's or
    // rank's); the samples stay the first kSamples soup indices of both.
    void merge(const CensusTally& other);
    std::uint64_t total_objects() const;
    std::vector<std::pair<std::string, std::uint64_t>> by_count() const;
};

// "B3/S23" -> "b3s23", "B2-a/S12" -> "b2-as12", Generations "345/2/4" ->
// "g4b2s345": Catagolue's rule names.
std::string catagolue_rule(const Rule& rule);

std::string haul_text(const CensusTally& tally, std::string_view version);
std::string textcensus(const CensusTally& tally);
nlohmann::json to_json(const CensusTally& tally);

}  // namespace toroid
