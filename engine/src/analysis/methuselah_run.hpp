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

    // Per generation 0..t of the simulated remainder, before deletions: the
    // population and the signature (Universe::signature; the hash itself
    // with every_hash).
    std::vector<std::uint64_t> pop, sig;
    // Hash every generation: rules with birth on 0 (no snapshots to replay
    // from), universes without a cheaper signature (CUDA), and runs resumed
    // from a version-1 checkpoint (which kept hashes).
    bool every_hash = false;
    std::vector<Removal> removals;
    std::vector<Snapshot> snapshots;
    std::int64_t last_removal = -1;  // generation of the latest deletion (-1: none)
    std::uint64_t next_sweep = 0;    // generation of the next sweep (a multiple of kSweep)
    // Repeat detection since last_removal: signature -> first generation;
    // and for the generations whose signature had been seen (only those are
    // hashed), hash -> first generation. A state that repeats with period p
    // from S on is found at S + p, or at S + 2p when S itself was not hashed.
    std::unordered_map<std::uint64_t, std::uint64_t> seen_sig, seen;
    // (generation, hash) of every generation hashed since the last deletion
    // (checkpoints: resuming replays the tables from the histories).
    std::vector<std::pair<std::uint64_t, std::uint64_t>> hashed;
};

// Records generation t (run.sig[t]) in the repeat tables; returns the
// period when its state repeats one since the last deletion, 0 otherwise.
// `hash()` gives the state's hash; it is asked for only when needed.
template <class HashFn>
std::uint64_t note_generation(MethuselahRun& run, std::uint64_t t, HashFn&& hash) {
    auto remember = [&](std::unordered_map<std::uint64_t, std::uint64_t>& table,
                        std::uint64_t key) -> std::uint64_t {
        auto [it, fresh] = table.try_emplace(key, t);
        if (!fresh) return t - it->second;
        if (table.size() > 2 * kMaxPeriod) table.clear();
        return 0;
    };
    if (run.every_hash) return remember(run.seen, run.sig[t]);
    if (remember(run.seen_sig, run.sig[t]) == 0) return 0;
    return remember(run.seen, hash());
}

// Forgets the repeat tables (a deletion changed the state's future).
inline void forget_repeats(MethuselahRun& run) {
    run.seen_sig.clear();
    run.seen.clear();
    run.hashed.clear();
}

// Checkpoint metadata: everything but the grid.
std::string encode_run(const MethuselahRun& run);
// Fills `run` (whose identity is already set) from a checkpoint's metadata;
// InputError when it belongs to another pattern or rule.
void decode_run(const std::string& metadata, const std::string& source, MethuselahRun& run);

// Exact first generation of the final state, given that the remainder is
// periodic with period p from generation T on (phases: cells at T .. T+p-1).
// It and replay_hashes replay on run.universe: its state is lost.
std::uint64_t exact_lifespan(const MethuselahRun& run, std::uint64_t T, std::uint64_t p,
                             const std::vector<std::vector<Cell>>& phases);

// Population with escaping ships added back, generations 0..last.
std::vector<std::uint64_t> real_population(const MethuselahRun& run, std::uint64_t last);

// Hashes of generations 0..last, by replaying the run from its first
// snapshot (generation 0) with the recorded deletions: the fallback for
// periods too long for the cell-exact search when only signatures were kept.
std::vector<std::uint64_t> replay_hashes(const MethuselahRun& run, std::uint64_t last);

}  // namespace toroid::detail
