// apgsearch's census of one soup: what a Catagolue soup leaves behind.
//
// SoupCensusRunner::run(seed) makes the soup (core/hashsoup.hpp), places it
// at the centre of a torus and runs it as if on the unbounded plane:
//   * every 64 generations the live cells are grouped (cells within two of
//     each other are one group); once the population has been periodic for
//     128 generations (escaping ships keep it so), or when the cells near
//     the edge of the largest torus, the small groups outside the box of
//     the large ones are classified: a spaceship (ShipCatalog: the group
//     alone reappears moved) that lies kShipMargin cells beyond the box of
//     all groups that are not ships in a direction it travels, and beyond
//     every other ship in a direction it travels at least as fast as that
//     one (parallel ships never meet), is counted once by its apgcodes
//     (two gliders side by side are two) and deleted, so no ship ever wraps
//     around and crashes back into the ash (checked against python-lifelib
//     on the plane: the same gliders per soup,
//     scripts/census_lifelib_check.py);
//   * when the live cells come within kGuard cells of the torus's edge (the
//     distance light travels between two sweeps, plus slack) they move to a
//     torus twice as large, centred (up to options.max_torus);
//   * the tori: for two-state rules and sides that are multiples of 256,
//     the census's own (analysis/census_torus.hpp: rows near a change only,
//     on the CPU backend's step variants; its signature is the CPU
//     backend's, so every soup settles at the same generation on either),
//     otherwise the CPU backend's (make_universe("auto"));
//   * the soup has settled when its state repeats (the torus's signature
//     every generation, its hash only where the signature repeats,
//     confirmed cell for cell one period later); the ash over one period is
//     separated into objects (analysis/object_separation.hpp) and each is
//     coded by identify(): xs (still life), xp (oscillator), xq (ship);
//     a group it cannot code is "PATHOLOGICAL", as in apgsearch;
//   * a soup still unsettled at options.max_generations, or larger than the
//     largest torus, is split by what its parts do over 256 more generations
//     (activity_split.hpp, unsettled_soup.cpp): settled ash is separated and
//     coded as above, ships in flight by the catalog, and a growing part by
//     apgsearch's yl code (linear_growth.hpp); when a growing part is not
//     linear growth the soup is coded as a whole, zz_LINEAR when its
//     population grew about linearly over the second half of the run,
//     zz_EXPLOSIVE otherwise.
// The census needs a deterministic rule without birth on 0 (InputError).
// Times are split into stepping, stabilisation (repeat detection, ship
// sweeps, moves to larger tori) and classification, for BENCHMARKS.md.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct CensusOptions {
    std::string symmetry = "C1";
    std::uint64_t max_generations = 30000;
    std::int64_t torus = 256;  // first torus side
    std::int64_t max_torus = 4096;
    // Tori whose side is a multiple of 256 are the census's own census torus
    // (analysis/census_torus.hpp); false: the CPU backend's (tests compare).
    bool census_torus = true;
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
    CensusTimes times;
};

class SoupCensusRunner {
  public:
    static constexpr std::int64_t kShipMargin = 16;
    static constexpr std::uint64_t kSweep = 64;
    static constexpr std::int64_t kGuard = std::int64_t(kSweep) + 8;

    SoupCensusRunner(const Rule& rule, CensusOptions options);
    ~SoupCensusRunner();
    SoupCensusRunner(const SoupCensusRunner&) = delete;
    SoupCensusRunner& operator=(const SoupCensusRunner&) = delete;

    // The soup named `seed` ("k_abcdefghijkl123") in the runner's symmetry.
    SoupCensus run(std::string_view seed);
    // Any pattern (tests, hand-made ash), placed at the centre.
    SoupCensus run_pattern(const Grid& cells);

  private:
    struct State;
    std::unique_ptr<State> s_;
};

}  // namespace toroid
