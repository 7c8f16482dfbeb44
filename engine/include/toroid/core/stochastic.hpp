// Resolving stochastic transitions, shared by the CPU backend and kernels.
//
// After the deterministic part of a word is known, the cells whose
// transition is random (stochastic_candidates in bitslice.hpp) each compare
// their Philox draw (philox.hpp: keyed by seed, indexed by generation and
// cell) with the threshold of their count. The result depends only on
// (seed, generation, cell, neighbourhood), never on visiting order.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/philox.hpp"

namespace toroid {

TOROID_HD int lowest_bit(std::uint64_t x) {
#if defined(__CUDA_ARCH__)
    return __ffsll(static_cast<long long>(x)) - 1;
#else
    return __builtin_ctzll(x);
#endif
}

// Bits of `candidates` whose random transition happens. `first_cell` is the
// canonical index (y * width + x) of the cell at bit 0 of the word.
TOROID_HD std::uint64_t resolve_stochastic(std::uint64_t candidates, std::uint64_t self,
                                           const Count4<std::uint64_t>& count,
                                           const CompiledRule& rule, std::uint64_t seed,
                                           std::uint64_t generation, std::uint64_t first_cell) {
    std::uint64_t out = 0;
    // One Philox call yields the draws of four consecutive cells (philox.hpp):
    // candidates are visited in increasing order, so a call is reused for
    // every candidate of the same group.
    std::uint64_t group = ~std::uint64_t(0);
    Philox4x32 draws{};
    while (candidates) {
        const int bit = lowest_bit(candidates);
        candidates &= candidates - 1;
        const int k = count_at(count, bit);
        const std::uint32_t threshold =
            ((self >> bit) & 1) ? rule.survive_threshold[k] : rule.birth_threshold[k];
        const std::uint64_t cell = first_cell + std::uint64_t(bit);
        if ((cell >> 2) != group) {
            group = cell >> 2;
            draws = cell_draws(seed, generation, group);
        }
        if (draws.v[cell & 3] < threshold) out |= std::uint64_t(1) << bit;
    }
    return out;
}

}  // namespace toroid
