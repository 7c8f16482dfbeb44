// Stochastic transitions: 64 Bernoulli draws at once, shared by the CPU tile
// kernels, the CUDA kernels and the tests.
//
// Per-cell contract. A cell whose transition (state s, neighbour count k) is
// random with threshold T = floor(p * 2^32) (CompiledRule) makes it happen
// iff its 32-bit random number U is < T, so with probability T / 2^32, within
// 2^-32 of p. U is not drawn per cell: its binary digits come from random
// words shared by the 64 cells of a canonical word,
//     digit l of U (l = 0 most significant .. 31) = bit b of R(l)
//     R(l) = random_level_word(seed, generation, word, l)
// where `word` is the canonical word index y * words_per_row + x / 64, b is
// x % 64, and `generation` is the generation being advanced from. R(l) comes
// from one Philox4x32-10 call per pair of levels (philox.hpp):
//     counter = (word low 32 bits, (word >> 32) | (l / 2) << 28,
//                generation low 32 bits, generation high 32 bits)
//     key     = (seed low 32 bits, seed high 32 bits)
//     R(l)    = out[0] | out[1] << 32 for even l, out[2] | out[3] << 32 for odd l
// (word indices stay below 2^60). The result is a pure function of (seed,
// generation, cell, neighbourhood): never of visiting order, tile shape,
// instruction set, thread count or device.
//
// Evaluation. Compare U with T most significant digit first, 64 cells at a
// time: at level l, a lane whose digit of U is 0 where T's is 1 has U < T
// (happens), 1 where T's is 0 has U > T (does not), equal digits leave it
// undecided. A lane is decided after two levels on average, so later random
// words are drawn only while some lane of the word is undecided; the digits
// of T per lane are bit-sliced (apply_rule with the masks of counts whose
// threshold has digit l set). A lane undecided after 32 levels has U == T:
// the transition does not happen.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/philox.hpp"

namespace toroid {

inline constexpr int kStochasticLevels = 32;  // binary digits of a threshold

// The Philox output holding levels 2 * pair and 2 * pair + 1 of `word`.
TOROID_HD Philox4x32 random_level_pair(std::uint64_t seed, std::uint64_t generation,
                                       std::uint64_t word, int pair) {
    const Philox4x32 ctr{{std::uint32_t(word),
                          std::uint32_t(word >> 32) | (std::uint32_t(pair) << 28),
                          std::uint32_t(generation), std::uint32_t(generation >> 32)}};
    return philox4x32_10(ctr, std::uint32_t(seed), std::uint32_t(seed >> 32));
}

// R(level) of the contract above.
TOROID_HD std::uint64_t random_level_word(std::uint64_t seed, std::uint64_t generation,
                                          std::uint64_t word, int level) {
    const Philox4x32 r = random_level_pair(seed, generation, word, level >> 1);
    const int h = (level & 1) * 2;
    return std::uint64_t(r.v[h]) | (std::uint64_t(r.v[h + 1]) << 32);
}

// Bit k set when digit `level` (0 = weight 2^-1) of thresholds[k] is 1.
TOROID_HD std::uint32_t threshold_digits(const std::uint32_t (&thresholds)[9], int level) {
    std::uint32_t mask = 0;
    for (int k = 0; k < 9; ++k) mask |= ((thresholds[k] >> (31 - level)) & 1u) << k;
    return mask;
}

// One level of the comparison: lanes where the random digit is below the
// threshold digit happen; lanes with equal digits stay undecided.
template <class W>
TOROID_HD void compare_level(W random, W digit, W& undecided, W& happens) {
    happens |= undecided & digit & ~random;
    undecided &= ~(digit ^ random);
}

// Bits of `candidates` (stochastic_candidates) whose random transition happens.
TOROID_HD std::uint64_t resolve_stochastic(std::uint64_t candidates, std::uint64_t self,
                                           const Count4<std::uint64_t>& count,
                                           const CompiledRule& rule, std::uint64_t seed,
                                           std::uint64_t generation, std::uint64_t word) {
    std::uint64_t undecided = candidates, happens = 0;
    for (int pair = 0; undecided && pair < kStochasticLevels / 2; ++pair) {
        const Philox4x32 r = random_level_pair(seed, generation, word, pair);
        for (int h = 0; h < 2; ++h) {
            const int level = 2 * pair + h;
            const std::uint64_t random =
                std::uint64_t(r.v[2 * h]) | (std::uint64_t(r.v[2 * h + 1]) << 32);
            const std::uint64_t digit =
                apply_rule(self, count, threshold_digits(rule.birth_threshold, level),
                           threshold_digits(rule.survive_threshold, level));
            compare_level(random, digit, undecided, happens);
        }
    }
    return happens;
}

}  // namespace toroid
