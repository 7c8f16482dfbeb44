// Methuselah soups: random soups searched for long lifespans
// (`toroid methuselah --soup WxH`).
//
// Numbering: soup i of a search under seed S and rule R is the sweep's soup
// i of R under S (soup_run.hpp): its own seed is soup_seed(S, R, i) and its
// cells are fill_soup(W x H, density, soup_seed), so one number names one
// soup in `toroid sweep` and in `toroid methuselah --soup` alike, and
//   toroid methuselah --soup WxH --density D --rule R --seed S --first i --count 1
// reruns soup i alone. A search covers soups first, first + 1, ...,
// first + count - 1, each analysed on its own automatic torus
// (methuselah.hpp) as a pattern of exactly W x H cells.
//
// Ranking (longest_soups): soups that did not stabilise first (they may
// live longest), then by lifespan, longest first; ties keep soup order.
//
// Memory: every soup's result is kept for the table, without its population
// curve (8 bytes a generation, for one pattern's plot only); a --count whose
// results would not fit is refused before the first soup (memory.hpp).
// docs/methuselah.md ("Soups") and docs/sweep.md describe the numbering.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "toroid/analysis/methuselah.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct MethuselahSoupSearch {
    std::int64_t width = 16, height = 16;  // the soup's cells (>= 1 each)
    double density = 0.5;                  // 0..1
    std::uint64_t seed = 1;
    std::uint64_t first = 0;  // index of the first soup
    std::uint64_t count = 1;  // soups to analyse (>= 1)
    // Asked before each soup; true stops the search (nothing more is run).
    std::function<bool()> stop_requested;
    // Told of each soup before it runs (e.g. to label a progress line).
    std::function<void(std::uint64_t index, std::uint64_t soup_seed)> on_soup;
};

struct MethuselahSoup {
    std::uint64_t index = 0;
    std::uint64_t soup_seed = 0;
    MethuselahResult result;  // named "soup INDEX"
};

struct MethuselahSoupReport {
    // In soup order. Fewer than `count` when stopped; the last one is
    // `interrupted` when the run's progress callback stopped it.
    std::vector<MethuselahSoup> soups;
    bool interrupted = false;      // stopped before all soups were analysed
    std::uint64_t stabilised = 0;  // soups that stabilised
    double mean_lifespan = 0;      // over the stabilised soups (0 when none)
};

// The cells of soup `index` (width x height). InputError for a bad size or
// density.
Grid methuselah_soup_cells(const MethuselahSoupSearch& search, const Rule& rule,
                           std::uint64_t index);

// Analyses the soups of `search` in order with analyse_methuselah(options);
// options.checkpoint_path and resume_path must be empty (a soup is rerun
// by its number). InputError for bad sizes, density or count.
MethuselahSoupReport search_methuselah_soups(const MethuselahSoupSearch& search, const Rule& rule,
                                             const MethuselahOptions& options);

// Positions in report.soups of the `top` longest-lived soups, ranked.
std::vector<std::size_t> longest_soups(const MethuselahSoupReport& report, std::size_t top);

}  // namespace toroid
