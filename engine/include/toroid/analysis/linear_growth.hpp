// apgsearch's `yl` codes: naming a pattern that grows linearly (a puffer,
// a gun, a breeder's engine, a block-laying switch engine).
//
// apgsearch names such an object by its population alone, recorded for
// 3 * M consecutive generations (M = 4800 in apgsearch 5, the object run by
// itself, nothing deleted):
//   * p, the smallest lag below M at which the population is an
//     interleaving of p straight lines: pop[i + 2p] - 2 pop[i + p] + pop[i]
//     = 0 for every i < M ("the population growth period": 144 for the
//     block-laying switch engine, whose period is 288, by its glide symmetry);
//   * q, the smallest lag below M at which the sequence of growths over p
//     generations, D[i] = pop[i + p] - pop[i], repeats for every i < M (the
//     period of the debris' population; 1 when D is constant);
//   * over one stretch of p generations the growths over q generations,
//     d[i] = pop[i + q] - pop[i] for i < p, summed (m0), summed squared (m1)
//     and summed cubed (m2);
// and writes "yl" p "_" q "_" m0 "_" followed by the MD5 (lower-case hex) of
// the text m1 "#" m2. No p or q, or m0 = 0, is not linear growth (apgsearch
// then tries its power-law test). D and d are periodic with period p once
// the growth is regular, so the code does not depend on the generation at
// which the recording starts (tests/analysis/test_linear_growth.cpp checks
// the block-laying switch engine's code as Catagolue publishes it,
// yl144_1_16_afb5f3db909e60548f086e22ee3353ac).
//
// The definition is apgsearch's (apgmera's linearlyse, as quoted on the
// ConwayLife forums and LifeWiki's "apgcode" page); the code is ours.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct LinearGrowthOptions {
    int max_period = 4800;  // M; the object runs 3 * M generations
    // The object runs on a torus whose sides double (each on its own, the
    // cells re-centred) whenever its cells come near the edge; beyond
    // max_torus^2 cells, or the population, it is not linear growth
    // (explosive).
    std::int64_t max_torus = 16384;
    std::uint64_t max_population = 500000;
};

// The yl code of a population record (pops[i]: the population i + 1
// generations after the start; at least 3 * max_period values), or "" when
// the record is not linear growth as apgsearch defines it.
std::string linear_growth_code(std::span<const std::int64_t> pops, int max_period = 4800);

// Runs `cells` (any coordinates) alone, as on the unbounded plane, for
// 3 * max_period generations and codes its population record; "" when it is
// not linear growth or outgrew the options' limits.
std::string linearlyse(const Rule& rule, const std::vector<Cell>& cells,
                       const LinearGrowthOptions& options = {});

}  // namespace toroid
