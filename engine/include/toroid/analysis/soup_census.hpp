// apgsearch's census of one soup: what a Catagolue soup leaves behind.
//
// SoupCensusRunner::run(seed) makes the soup (core/hashsoup.hpp), places it
// at the centre of a torus and runs it as if on the unbounded plane:
//   * every 64 generations the live cells are grouped (cells within two of
//     each other are one group); once the population has been periodic for
//     64 generations (escaping ships keep it so), or when the cells near
//     the edge of the largest torus, the small groups outside the box of
//     the large ones are classified: a spaceship (ShipCatalog: the group
//     alone reappears moved; neighbouring groups that are not ships alone
//     are tried together, for ships whose phase is in pieces, such as
//     HighLife's bomber) that lies kShipMargin cells beyond the box of
//     all groups that are not ships in a direction it travels, and beyond
//     every other ship in a direction it travels at least as fast as that
//     one (parallel ships never meet), is counted once by its apgcodes
//     (two gliders side by side are two, ships that change one another as
//     they fly are one) and deleted, so no ship ever wraps
//     around and crashes back into the ash (checked against python-lifelib
//     on the plane: the same gliders per soup,
//     scripts/census_lifelib_check.py);
//   * when the live cells come within kGuard cells of the torus's edge (the
//     distance light travels between two sweeps, plus slack) they move to a
//     torus twice as large, centred (up to options.max_torus);
//   * the tori: for two-state rules and sides that are multiples of 256,
//     the census's own (analysis/census_torus.hpp: 64 x 32 tiles near a
//     change only, on the CPU backend's step variants; its signature is the CPU
//     backend's, so every soup settles at the same generation on either),
//     otherwise the CPU backend's (make_universe("auto"));
//   * the soup has settled when its state repeats (the torus's signature
//     every generation, its hash only where the signature repeats,
//     confirmed cell for cell one period later); the ash over one period is
//     separated into objects (analysis/object_separation.hpp), each split
//     into parts that do not interact as lifelib 2 splits it
//     (space_time_split.hpp), and each is
//     coded by identify(): xs (still life), xp (oscillator), xq (ship);
//     a group it cannot code is "PATHOLOGICAL", as in apgsearch;
//   * two-state rules: apgsearch's own schedule (apgsearch_schedule.hpp:
//     stabilise3's population samples, then its hash of the plane near the
//     origin every 30 generations) is replayed on lifelib's plane (the
//     ships deleted here fly on there); a soup not settled when it ends
//     is coded there, over apgsearch's separation window, so a puffer's
//     trail is as long as in apgsearch's census (a sparse soup growing
//     linearly may grow its torus to options.max_sparse_torus meanwhile);
//     where its population test succeeds before the cells repeat, the
//     window's objects are coded there if every island of its envelope
//     repeats alone (else apgsearch meets a PATHOLOGICAL and runs on);
//   * a soup still unsettled there, at options.max_generations, or larger
//     than the largest torus, is split by what its parts do over that window
//     (otherwise 256 generations; activity_split.hpp, unsettled_soup.cpp):
//     settled ash is separated and
//     coded as above, ships in flight by the catalog, and the growing parts
//     as apgsearch's classifyAperiodic codes an aperiodic object: each by
//     its yl code when it grows linearly (linear_growth.hpp), the others
//     together (a replicator's copies drift apart into parts of their own)
//     by apgsearch's power-law test (power_growth.hpp: zz_REPLICATOR,
//     zz_LINEAR, zz_EXPLOSIVE, zz_QUADRATIC, or PATHOLOGICAL when it does
//     not grow), run on a HashLife torus of side 2^20 within options.power's
//     bounds. A soup too large to split (over 100000 cells, or wider than
//     16384 - 544) is power-tested as one object. An object that outgrows
//     those bounds (node store budget, nodes made) gets the old heuristic's
//     code, from the soup's population at the sweeps: zz_LINEAR when it grew
//     about linearly over the second half of the run, zz_EXPLOSIVE otherwise;
//   * PATHOLOGICAL retries, as apgsearch's censusSoup: when the coded ash or
//     parts hold a PATHOLOGICAL, the soup runs kRetryGenerations (10000)
//     more (through the same repeat detection, ship sweeps and torus moves;
//     a settled soup is stepped on) and is coded again, at most kRetries (5)
//     times; the last coding stands. A soup that outgrew the largest torus
//     is not retried. As apgsearch, a PATHOLOGICAL coded together with a yl
//     code is dropped from the final coding (the yl pattern's debris).
//     apgsearch separates a retried soup over 4000 generations (so does
//     the unsettled split where the schedule ended the run); toroid's
//     settled ash repeats exactly.
// Ages: the power test's offset (5380) makes the answer depend on the
// object's age (a lone HighLife replicator reads zz_LINEAR newborn,
// zz_REPLICATOR at 30000 generations, PATHOLOGICAL at 143680;
// power_growth.hpp). Parts are tested as they are when the soup is coded
// (max_generations, or when it outgrew the largest torus); apgsearch codes
// its objects when its own stabilisation detection gives up or is fooled
// (its 8192^2 window can repeat once a replicator's copies have left it),
// so codes near a threshold can differ.
// The census needs a deterministic rule without birth on 0, of range 1:
// two-state or Generations (InputError otherwise). Generations cells carry
// their states throughout (Universe::occupied(): ship sweeps, ship catalog,
// repeats, ash, the space-time split); their objects get lifelib's layered
// codes.
// Times are split into stepping, stabilisation (repeat detection, ship
// sweeps, moves to larger tori) and classification, for BENCHMARKS.md.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/analysis/census_record.hpp"
#include "toroid/analysis/power_growth.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct CensusOptions {
    std::string symmetry = "C1";
    // Generations after which a soup is coded whatever it does (apgsearch's
    // schedule classifies a two-state soup by about 146000).
    std::uint64_t max_generations = 150000;
    std::int64_t torus = 256;  // first torus side
    std::int64_t max_torus = 4096;
    // A soup of at most one cell per unit of the torus's side (a puffer
    // and its trail) may grow its torus to this side.
    std::int64_t max_sparse_torus = 16384;
    // Tori whose side is a multiple of 256 are the census's own torus
    // (analysis/census_torus.hpp); false: the CPU backend's (tests compare).
    bool census_torus = true;
    // The power-law test of growing parts (its bounds keep a soup's cost
    // finite; power_growth.hpp).
    PowerGrowthOptions power;
};

struct CensusTimes {
    double step = 0, stabilise = 0, classify = 0;  // seconds
    CensusTimes& operator+=(const CensusTimes& o) {
        step += o.step;
        stabilise += o.stabilise;
        classify += o.classify;
        return *this;
    }
};

struct SoupCensus {
    std::vector<std::string> objects;  // apgcodes, removed ships included, sorted
    bool settled = false;
    std::uint64_t generations = 0;  // where the ash first repeated (or the run stopped)
    std::uint64_t period = 0;       // of the settled ash
    std::uint64_t ships_removed = 0;
    int retries = 0;  // PATHOLOGICAL retries (at most kRetries)
    CensusTimes times;
};

class SoupCensusRunner {
  public:
    static constexpr std::int64_t kShipMargin = 16;
    static constexpr std::uint64_t kSweep = 64;
    static constexpr std::int64_t kGuard = std::int64_t(kSweep) + 8;
    static constexpr int kRetries = 5;  // apgsearch's PATHOLOGICAL retries
    static constexpr std::uint64_t kRetryGenerations = 10000;

    SoupCensusRunner(const Rule& rule, CensusOptions options);
    ~SoupCensusRunner();
    SoupCensusRunner(const SoupCensusRunner&) = delete;
    SoupCensusRunner& operator=(const SoupCensusRunner&) = delete;

    // The soup named `seed` ("k_abcdefghijkl123") in the runner's symmetry;
    // with a record of its first generations (census_record.hpp, made from
    // start(seed)), those are replayed rather than stepped: the same census.
    SoupCensus run(std::string_view seed, const CensusRecord* record = nullptr);
    // Any pattern (tests, hand-made ash), placed at the centre; (x0, y0):
    // where cells(0, 0) lies in apgsearch's plane (hashsoup's frame), which
    // apgsearch's schedule hashes around its origin.
    SoupCensus run_pattern(const Grid& cells, std::int64_t x0 = 0, std::int64_t y0 = 0,
                           const CensusRecord* record = nullptr);

    // Where run(seed) starts: its first torus's side and the soup's cells there.
    struct Start {
        std::int64_t side = 0;
        std::vector<Cell> cells;
    };
    Start start(std::string_view seed) const;
    // Whether run() can replay a record for this rule (two states,
    // deterministic, no birth on 0: the batch backends' tori and the
    // census's torus step it alike).
    bool replays_records() const;

  private:
    Start place(const Grid& soup) const;
    struct State;
    std::unique_ptr<State> s_;
};

}  // namespace toroid
