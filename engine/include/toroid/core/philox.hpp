// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
// SC'11): a counter-based generator, so a random draw is a pure function of
// its counter and key, and the CPU and GPU backends give identical grids
// whatever order they visit cells in. Two users:
//
// * Soups (soup.cpp) draw one 32-bit number per cell:
//     counter = (cell / 4 low, cell / 4 high, tag low, tag high)
//     key     = (seed low, seed high)
//     draw    = philox(counter, key)[cell % 4]
//   (cell_draw below); four neighbouring cells share one call.
// * Stochastic rules draw random words of 64 cells, one per binary digit of
//   the cells' random numbers, indexed by (generation, word, level): see
//   stochastic.hpp for that contract.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"

namespace toroid {

struct Philox4x32 {
    std::uint32_t v[4];
};

TOROID_HD std::uint32_t mulhilo32(std::uint32_t a, std::uint32_t b, std::uint32_t& hi) {
    std::uint64_t p = std::uint64_t(a) * std::uint64_t(b);
    hi = std::uint32_t(p >> 32);
    return std::uint32_t(p);
}

TOROID_HD Philox4x32 philox4x32_10(Philox4x32 ctr, std::uint32_t k0, std::uint32_t k1) {
    constexpr std::uint32_t M0 = 0xD2511F53u, M1 = 0xCD9E8D57u;
    constexpr std::uint32_t W0 = 0x9E3779B9u, W1 = 0xBB67AE85u;
    for (int round = 0; round < 10; ++round) {
        std::uint32_t hi0, hi1;
        std::uint32_t lo0 = mulhilo32(M0, ctr.v[0], hi0);
        std::uint32_t lo1 = mulhilo32(M1, ctr.v[2], hi1);
        ctr = Philox4x32{{hi1 ^ ctr.v[1] ^ k0, lo1, hi0 ^ ctr.v[3] ^ k1, lo0}};
        k0 += W0;
        k1 += W1;
    }
    return ctr;
}

// The draws of the four cells 4 * group .. 4 * group + 3.
TOROID_HD Philox4x32 cell_draws(std::uint64_t seed, std::uint64_t generation, std::uint64_t group) {
    Philox4x32 ctr{{std::uint32_t(group), std::uint32_t(group >> 32), std::uint32_t(generation),
                    std::uint32_t(generation >> 32)}};
    return philox4x32_10(ctr, std::uint32_t(seed), std::uint32_t(seed >> 32));
}

// The soup draw of one cell; see the header comment for the counter layout.
TOROID_HD std::uint32_t cell_draw(std::uint64_t seed, std::uint64_t generation,
                                  std::uint64_t cell) {
    return cell_draws(seed, generation, cell >> 2).v[cell & 3];
}

}  // namespace toroid
