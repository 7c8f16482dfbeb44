// Methuselah analysis: when does a pattern stabilise, and into what?
//
// Definition (the literature's, e.g. LifeWiki "Methuselah"): the lifespan L
// is the first generation at which the pattern is a periodic configuration
// (still lifes and oscillators, period p) plus spaceships that escape and
// never interact again. The final population is the population at
// generation L, escaping ships included. R-pentomino: L = 1103, 116 cells;
// Acorn: L = 5206, 633 cells.
//
// Method (docs/methuselah.md has the details and the justification):
//   1. The pattern runs on a torus much larger than its debris (auto: grown
//      and restarted when the debris nears the edge), on the CPU backend's
//      active tiles, so settled debris and empty space cost nothing.
//   2. Every kSweep generations the live cells are clustered; isolated
//      objects that ShipCatalog recognises as spaceships, outside the debris
//      bounding box by a margin and moving away from it, are recorded
//      (kind, position, generation) and deleted: they can never wrap around
//      the torus or keep tiles busy, and they still count in the population.
//   3. The hash of the remaining state is looked up in a table of the states
//      since the last deletion: the first repeat at T with period p proves
//      (up to a 64-bit hash collision) that the remainder is periodic.
//   4. Exact L: the real state at t is compared, cell for cell, with the
//      final debris at phase t plus every recorded ship moved back to t,
//      starting from a lower bound given by the (escaping ships included)
//      population sequence, re-running from in-memory snapshots.
// Stochastic rules stabilise only by dying out; rules with birth on 0 are
// analysed on the whole torus (no ship removal, L from the hash history).
// Rules beyond two states or range 1 (Rule::needs_multistate_backend) keep
// their ships too: L from the history of hashes of every state plane; the
// room around the pattern grows with the range (light speed), and an
// automatic torus stops at 4096 cells (docs/multistate.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct MethuselahProgress {
    std::uint64_t generation = 0;
    std::uint64_t population = 0;  // of the simulated remainder (ships deleted)
};

struct MethuselahOptions {
    std::uint64_t max_gens = 100000;
    std::int64_t torus_width = 0, torus_height = 0;  // 0: automatic
    std::string backend = "auto";                    // "auto" (= "cpu"), "cpu", "cuda"
    BackendOptions backend_options;
    std::string checkpoint_path;         // empty: no checkpoints
    std::uint64_t checkpoint_every = 0;  // generations between checkpoints (0: only on interrupt)
    std::string resume_path;             // empty: start at generation 0
    // Longest period of the remainder searched cell by cell for the exact
    // lifespan; above it the lifespan is where the remainder's hash history
    // turns periodic (escaping ships not followed back).
    std::uint64_t exact_period_limit = 4096;
    // Cells kept in in-memory snapshots (every 512 generations, for the
    // exact lifespan's replay), all together: past it older snapshots are
    // thinned out (16 bytes a cell: 256 MB by default).
    std::uint64_t snapshot_cells = std::uint64_t(16) << 20;
    // The lifespan of the whole torus instead (gliders wrap and crash:
    // analysis/torus_lifespan.hpp); always so on the hashlife backend.
    bool whole_torus = false;
    // Called about every 256 generations; returning false stops the run
    // cleanly (a checkpoint is written first when checkpoint_path is set).
    std::function<bool(const MethuselahProgress&)> progress;
};

struct ShipTally {
    std::string name;
    std::uint64_t count = 0;
};

struct MethuselahResult {
    std::string name;
    std::string rule;
    bool stabilised = false;
    bool interrupted = false;
    std::uint64_t lifespan = 0;          // L
    std::uint64_t final_population = 0;  // at L, escaping ships included
    // Smallest and largest population from L on (oscillators change it by
    // phase; LifeWiki's figure is one of these, e.g. Lidka: 1623..1625).
    std::uint64_t final_population_min = 0, final_population_max = 0;
    std::uint64_t period = 0;  // of what stays
    std::uint64_t ships = 0;   // escaping ships, all kinds
    std::vector<ShipTally> ships_by_kind;
    Rect debris;  // bounding box of what stays, relative to the pattern's top-left
    std::uint64_t generations_run = 0;
    double seconds = 0;
    std::int64_t torus_width = 0, torus_height = 0;
    std::string simulator;
    // Population per generation, escaping ships included: 0..generations_run,
    // and when stabilised continued (exactly, by periodicity) a little past it.
    std::vector<std::uint64_t> population;
    std::string trend;         // when not stabilised: what the population did
    bool whole_torus = false;  // the torus lifespan (torus_lifespan.hpp): no ships, debris, curve
    // Whether final_population_min/max were taken over a whole period (a
    // whole torus's period may be too long to walk: then both are the final
    // population).
    bool final_range_known = true;
};

// `cells`: the pattern, exactly its extent; `name` identifies it in results
// and checkpoints. Throws InputError for a torus too small for the pattern or
// its debris, and for a resume file from another pattern or rule.
MethuselahResult analyse_methuselah(const Grid& cells, const std::string& name, const Rule& rule,
                                    const MethuselahOptions& options);

}  // namespace toroid
