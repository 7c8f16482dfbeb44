// apgsearch's power-law test ("powerlyse"): naming a pattern that grows but
// not linearly (a replicator, a chaotic explosion, a two-dimensional fill),
// or one that does not grow at all.
//
// apgsearch (v4) runs an aperiodic object that is not linear growth
// (linear_growth.hpp) alone for steps x step generations (8000 x 32) and
// after each step i = 0 .. steps - 1 adds its population (counted modulo
// 2^30 + 3, lifelib's popcount(2^30 + 3): exact below a billion cells) to a
// cumulative count that starts at 1. Two ordinary least-squares slopes of
// log(cumulative) are taken over the whole record: `power` against
// log(i * step + start_generation) (start 5380: roughly the object's age
// when a soup is given up) and `power2` against log(i + 1). A population
// growing like t^k accumulates like t^(k+1), so
//   power2 < 1.1          -> "PATHOLOGICAL"  (not growing: the cumulative
//                                             count is linear in i)
//   power  < 1.65         -> "zz_REPLICATOR" (HighLife's replicator fills a
//                                             Sierpinski triangle, t^0.58)
//   power  < 2.1          -> "zz_LINEAR"
//   power  < 2.9          -> "zz_EXPLOSIVE"
//   otherwise             -> "zz_QUADRATIC"  (a filled disc, t^2)
// The thresholds are v4's; later apgsearch versions test power2 < 1.15.
//
// Where it runs: 256000 generations of a growing pattern do not fit any
// tile-engine torus, so the object runs on a HashLife torus
// (hashlife/hashlife_backend.hpp) of side 2^20: a pattern of bounded extent
// grows at most one cell a generation each way, so for fewer than
// (2^20 - extent) / 2 generations the torus is the unbounded plane (refused
// otherwise: InputError). Rules: two-state range-1 rules (the census's).
//
// Cost: HashLife's cost is the squares it has to make, which is small for
// regular growth (replicators, puffers, solid fills) and unbounded for
// chaos. Two bounds keep one object's cost finite and definite: the node
// store's memory budget (memory_bytes; MemoryBudgetExceeded when even
// garbage collection cannot make room) and the nodes made over the whole
// run (max_nodes_created). A run stopped by either returns an empty code
// with `why` saying which bound and at which step; the caller decides
// (the census falls back to its population heuristic, soup_census.hpp).
// The answer never depends on time or load.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct PowerGrowthOptions {
    int step = 32;                                          // generations per step
    int steps = 8000;                                       // steps recorded
    double start_generation = 5380;                         // the x offset of `power`
    std::int64_t side = std::int64_t(1) << 20;              // the HashLife torus (power of two)
    std::uint64_t memory_bytes = std::uint64_t(256) << 20;  // node store budget
    std::uint64_t max_nodes_created = std::uint64_t(1) << 22;
};

struct PowerGrowth {
    std::string code;  // as above; "" when a bound stopped the run
    double power = 0, power2 = 0;
    int steps_done = 0;            // steps recorded before the end (or the stop)
    std::uint64_t nodes_made = 0;  // HashLife nodes made by the run (its cost)
    std::string why;               // when code is "": which bound stopped the run, and when
};

// The slope of the ordinary least-squares line through (x[i], y[i])
// (mean-centred sums, as apgsearch's regress); InputError when the sizes
// differ, fewer than two points, or all x are equal.
double least_squares_slope(std::span<const double> x, std::span<const double> y);

// The code of a power pair by the thresholds above.
std::string power_growth_code(double power, double power2);

// power, power2 and the code of a population record: pops[i] is the
// population after (i + 1) * step generations (options.step and
// options.start_generation used; every value is used, whatever
// options.steps says). InputError for fewer than two values.
PowerGrowth power_growth_of(std::span<const std::uint64_t> pops,
                            const PowerGrowthOptions& options = {});

// Runs `cells` (any coordinates) alone, as on the unbounded plane, and codes
// it; a bound that stops the run gives code "" and `why` (see above).
PowerGrowth powerlyse(const Rule& rule, const std::vector<Cell>& cells,
                      const PowerGrowthOptions& options = {});

}  // namespace toroid
