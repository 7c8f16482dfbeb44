// Internal to the methuselah analyser: the state of one run, shared by the
// main loop (methuselah.cpp), the exact-lifespan search
// (methuselah_lifespan.cpp) and checkpoints (methuselah_state.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "toroid/analysis/methuselah.hpp"
#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/universe.hpp"

namespace toroid::detail {

inline constexpr std::uint64_t kSweep = 64;      // generations between ship sweeps, at least
inline constexpr std::uint64_t kSnapshot = 512;  // generations between in-memory snapshots
inline constexpr std::int64_t kMargin = 32;  // ship's distance from the debris box before deletion
inline constexpr std::uint64_t kMaxPeriod = 100000;

struct Removal {
    std::uint64_t generation = 0;  // deleted after stepping to this generation
    int kind = 0;                  // index in the run's ShipCatalog
    std::int64_t x = 0, y = 0;     // top-left of the kind's phase 0 at `generation`
};

struct Snapshot {
    std::uint64_t generation = 0;
    std::vector<Cell> cells;  // before that generation's deletions
};

struct MethuselahRun {
    // Identity (checked on resume).
    std::string name;
    Rule rule;
    std::uint64_t pattern_hash = 0;
    std::int64_t pattern_width = 0, pattern_height = 0;
    std::int64_t origin_x = 0, origin_y = 0;  // pattern's top-left on the torus

    std::unique_ptr<Universe> universe;
    std::unique_ptr<ShipCatalog> catalog;  // null: no ship removal (stochastic / B0)
    bool deterministic = true;

    // Per generation 0..t of the simulated remainder, before deletions.
    std::vector<std::uint64_t> pop, hash;
    std::vector<Removal> removals;
    std::vector<Snapshot> snapshots;
    std::int64_t last_removal = -1;  // generation of the latest deletion (-1: none)
    std::uint64_t next_sweep = 0;    // generation of the next sweep (a multiple of kSweep)
    std::unordered_map<std::uint64_t, std::uint64_t>
        seen;  // hash -> generation, since last_removal
};

// Checkpoint metadata: everything but the grid.
std::string encode_run(const MethuselahRun& run);
// Fills `run` (whose identity is already set) from a checkpoint's metadata;
// InputError when it belongs to another pattern or rule.
void decode_run(const std::string& metadata, const std::string& source, MethuselahRun& run);

// Exact first generation of the final state, given that the remainder is
// periodic with period p from generation T on (phases: cells at T .. T+p-1).
std::uint64_t exact_lifespan(const MethuselahRun& run, std::uint64_t T, std::uint64_t p,
                             const std::vector<std::vector<Cell>>& phases);

// Population with escaping ships added back, generations 0..last.
std::vector<std::uint64_t> real_population(const MethuselahRun& run, std::uint64_t last);

}  // namespace toroid::detail
