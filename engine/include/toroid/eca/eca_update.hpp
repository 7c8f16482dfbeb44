// The elementary (1-D) cellular-automaton update, written once for the CPU
// loops (scalar and SIMD) and the CUDA kernels.
//
// Ring layout (canonical, as for 2-D rows): cell x of a ring of width W is
// bit x % 64 of word x / 64; padding bits past W in the last word are 0.
//
// Rule bit order (Wolfram's numbering, docs/eca.md): the new state of a cell with left
// neighbour l, itself c and right neighbour r is bit (4l + 2c + r) of the
// Wolfram number. Rule 110 = 0b01101110: 111->0 110->1 101->1 100->0 ...
//
// Bit-sliced word update: for a word `c` of 64 cells, the word of their left
// neighbours is c shifted up by one bit with bit 63 of the previous word
// shifted in (eca_left), the right neighbours c shifted down with bit 0 of
// the next word shifted in at the top (eca_right). The rule is then a
// three-level multiplexer on (r, c, l) over its eight output bits, each
// level `a ^ ((a ^ b) & s)` = s ? b : a: 17 bitwise operations per word
// for any of the 256 rules (one LOP3 / VPTERNLOG each where the compiler
// fuses them). The rule becomes eight broadcast masks once per run
// (EcaMasks), so the inner loop has no branch; when the rule is a
// compile-time constant (the CPU kernels instantiate one loop per rule) the
// compiler folds the masks away and keeps only the rule's own operations.
//
// The templates take any word type W with the bitwise operators and shifts
// by a scalar: std::uint64_t on the host and in CUDA, and GCC vector types
// (uint64_t __attribute__((vector_size(16|32|64)))) in the SIMD CPU kernels.
// TOROID_HD forces inlining on the host (see hd.hpp).
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"  // shift_west / shift_east, shared with the 2-D update
#include "toroid/core/hd.hpp"

namespace toroid {

// The rule as multiplexer masks: for j = 2l + c, the output is base[j] when
// r = 0 and base[j] ^ diff[j] when r = 1 (all-zero or all-one words).
struct EcaMasks {
    std::uint64_t base[4];
    std::uint64_t diff[4];
};

TOROID_HD EcaMasks eca_masks(unsigned rule) {
    EcaMasks k{};
    for (unsigned j = 0; j < 4; ++j) {
        const std::uint64_t lo = ((rule >> (2 * j)) & 1u) ? ~std::uint64_t{0} : std::uint64_t{0};
        const std::uint64_t hi =
            ((rule >> (2 * j + 1)) & 1u) ? ~std::uint64_t{0} : std::uint64_t{0};
        k.base[j] = lo;
        k.diff[j] = lo ^ hi;
    }
    return k;
}

// New states of 64 cells (any word type) from their left, own and right states.
template <class W>
TOROID_HD W eca_apply(const EcaMasks& k, W l, W c, W r) {
    const W t0 = k.base[0] ^ (k.diff[0] & r);  // l=0 c=0
    const W t1 = k.base[1] ^ (k.diff[1] & r);  // l=0 c=1
    const W t2 = k.base[2] ^ (k.diff[2] & r);  // l=1 c=0
    const W t3 = k.base[3] ^ (k.diff[3] & r);  // l=1 c=1
    const W u0 = t0 ^ ((t0 ^ t1) & c);         // l=0
    const W u1 = t2 ^ ((t2 ^ t3) & c);         // l=1
    return u0 ^ ((u0 ^ u1) & l);
}

// Left neighbours of the cells of `c`: cell x-1 moved to bit x.
template <class W>
TOROID_HD W eca_left(W prev, W c) {
    return shift_west(c, prev);
}

// Right neighbours of the cells of `c`: cell x+1 moved to bit x.
template <class W>
TOROID_HD W eca_right(W c, W next) {
    return shift_east(c, next);
}

// One generation of word `c` given its neighbouring words in the row.
template <class W>
TOROID_HD W eca_step_word(const EcaMasks& k, W prev, W c, W next) {
    return eca_apply(k, eca_left(prev, c), c, eca_right(c, next));
}

// The 64 consecutive cells starting at cell `start` (any integer, taken mod
// width) of a canonical ring of `width` >= 1 cells, wrapping around as often
// as needed (a ring narrower than 64 cells repeats). Bit i of the result is
// cell (start + i) mod width.
TOROID_HD std::uint64_t eca_extract64(const std::uint64_t* words, std::int64_t width,
                                      std::int64_t start) {
    std::int64_t p = start % width;
    if (p < 0) p += width;
    if ((p & 63) == 0 && p + 64 <= width) return words[p >> 6];
    std::uint64_t out = 0;
    int n = 0;
    while (n < 64) {
        const int off = static_cast<int>(p & 63);
        std::int64_t take = 64 - (n > off ? n : off);
        if (width - p < take) take = width - p;
        std::uint64_t bits = words[p >> 6] >> off;
        if (take < 64) bits &= (std::uint64_t{1} << take) - 1;
        out |= bits << n;
        n += static_cast<int>(take);
        p += take;
        if (p == width) p = 0;
    }
    return out;
}

}  // namespace toroid
