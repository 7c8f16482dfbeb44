// Bit-sliced cell updates: the one source of truth for every rule kind.
//
// Word layout. A word W holds 64 (or, for SIMD vectors, 64 x lanes) cells,
// one per bit, cell x at bit x % 64. For a word `self` of row y the caller
// supplies the same word shifted so that bit i holds the cell's west
// neighbour (x-1) or east neighbour (x+1):
//     west = (self << 1) | (previous word >> 63)
//     east = (self >> 1) | (next word << 63)
// and the words of rows y-1 ("up") and y+1 ("down") likewise. How those words
// are fetched (row halos, tiles, shared memory) is the caller's business; the
// arithmetic below is shared by the CPU backend and the CUDA kernels.
//
// Counting. Neighbour counts are kept bit-sliced: Count4 {b0, b1, b2, b3} are
// the binary digits (weights 1, 2, 4, 8) of every cell's count, computed with
// half and full adders, so one pass of ~20 logic operations counts 64 cells.
// Moore uses per-row sums that callers can reuse for three output rows:
//     triple(row) = west + self + east   (0..3, two slices)
//     pair(row)   = west + east          (0..2, two slices)
//     count       = triple(up) + pair(mid) + triple(down)
//
// Rules. apply_rule() selects, per cell, the leaf T_k of the cell's count k
// through a multiplexer tree on the count slices; the leaves are
//     T_k = birth_k ? (survive_k ? 1 : ~self) : (survive_k ? self : 0)
// built from the compiled masks. On AVX-512 each multiplexer is a single
// ternary-logic instruction. Stochastic transitions are resolved per cell
// afterwards (see stochastic_candidates and CompiledRule).
//
// W is std::uint64_t on the GPU and in scalar code, or a GCC vector of
// uint64_t lanes in the CPU kernels: only &, |, ^, ~, shifts and
// `word | scalar` (broadcast) are used.
#pragma once

#include <cstdint>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/hd.hpp"

namespace toroid {

template <class W>
struct Count4 {
    W b0, b1, b2, b3;
};

template <class W>
struct RowSums {
    W pair_lo, pair_hi;      // west + east
    W triple_lo, triple_hi;  // west + self + east
};

// All-ones or all-zero word from a bit of a mask (broadcast for vectors).
template <class W>
TOROID_HD W splat_bit(std::uint32_t mask, int bit) {
    W zero{};
    return zero | (std::uint64_t(0) - std::uint64_t((mask >> bit) & 1u));
}

template <class W>
TOROID_HD W shift_west(W self, W previous) {
    return (self << 1) | (previous >> 63);
}

template <class W>
TOROID_HD W shift_east(W self, W next) {
    return (self >> 1) | (next << 63);
}

template <class W>
TOROID_HD RowSums<W> row_sums(W west, W self, W east) {
    RowSums<W> s;
    s.pair_lo = west ^ east;
    s.pair_hi = west & east;
    s.triple_lo = s.pair_lo ^ self;
    s.triple_hi = s.pair_hi | (s.pair_lo & self);
    return s;
}

template <class W>
TOROID_HD void full_add(W a, W b, W c, W& sum, W& carry) {
    W t = a ^ b;
    sum = t ^ c;
    carry = (a & b) | (t & c);
}

template <class W>
TOROID_HD Count4<W> moore_count(const RowSums<W>& up, const RowSums<W>& mid,
                                const RowSums<W>& down) {
    Count4<W> c;
    W k2, t2, t4;
    full_add(up.triple_lo, mid.pair_lo, down.triple_lo, c.b0, k2);  // weight 1 -> carry weight 2
    full_add(up.triple_hi, mid.pair_hi, down.triple_hi, t2, t4);    // weight 2 -> carry weight 4
    c.b1 = t2 ^ k2;
    W k4 = t2 & k2;
    c.b2 = t4 ^ k4;
    c.b3 = t4 & k4;
    return c;
}

// Hexagonal (Golly's layout on square storage): neighbours (x-1,y-1) (x,y-1)
// (x-1,y) (x+1,y) (x,y+1) (x+1,y+1).
template <class W>
TOROID_HD Count4<W> hex_count(W up_west, W up_self, W mid_west, W mid_east, W down_self,
                              W down_east) {
    Count4<W> c;
    W sa, ka, sb, kb;
    full_add(up_west, up_self, mid_west, sa, ka);
    full_add(mid_east, down_self, down_east, sb, kb);
    c.b0 = sa ^ sb;
    W k = sa & sb;
    full_add(ka, kb, k, c.b1, c.b2);
    c.b3 = W{};
    return c;
}

// von Neumann: neighbours (x,y-1) (x-1,y) (x+1,y) (x,y+1).
template <class W>
TOROID_HD Count4<W> von_neumann_count(W up_self, W mid_west, W mid_east, W down_self) {
    Count4<W> c;
    W s, k;
    full_add(up_self, mid_west, mid_east, s, k);
    c.b0 = s ^ down_self;
    W k2 = s & down_self;
    c.b1 = k ^ k2;
    c.b2 = k & k2;
    c.b3 = W{};
    return c;
}

template <class W>
TOROID_HD W mux(W if_zero, W if_one, W select) {
    return if_zero ^ ((if_zero ^ if_one) & select);
}

// Next state from the state and bit-sliced count, for the transitions whose
// counts are set in `birth` / `survive` (bit k = count k).
template <class W>
TOROID_HD W apply_rule(W self, const Count4<W>& c, std::uint32_t birth, std::uint32_t survive) {
    const std::uint32_t differ = birth ^ survive;
    W t[9];
    for (int k = 0; k < 9; ++k) t[k] = splat_bit<W>(birth, k) ^ (self & splat_bit<W>(differ, k));
    W m01 = mux(t[0], t[1], c.b0), m23 = mux(t[2], t[3], c.b0);
    W m45 = mux(t[4], t[5], c.b0), m67 = mux(t[6], t[7], c.b0);
    W m03 = mux(m01, m23, c.b1), m47 = mux(m45, m67, c.b1);
    W m07 = mux(m03, m47, c.b2);
    return mux(m07, t[8], c.b3);  // b3 is set only for count 8
}

// Conway's Life, B3/S23, for the common case: alive iff count is 3, or 2 and alive.
template <class W>
TOROID_HD W apply_life(W self, const Count4<W>& c) {
    return c.b1 & ~c.b2 & ~c.b3 & (c.b0 | self);
}

// Cells whose transition is random in this generation.
template <class W>
TOROID_HD W stochastic_candidates(W self, const Count4<W>& c, const CompiledRule& r) {
    return apply_rule(self, c, r.birth_random, r.survive_random);
}

// Count of the cell at `bit` from scalar count slices.
TOROID_HD int count_at(const Count4<std::uint64_t>& c, int bit) {
    return int((c.b0 >> bit) & 1) | int(((c.b1 >> bit) & 1) << 1) | int(((c.b2 >> bit) & 1) << 2) |
           int(((c.b3 >> bit) & 1) << 3);
}

TOROID_HD bool is_life(const CompiledRule& r) {
    return !r.uses_circuit && r.neighbourhood == Neighbourhood::Moore && r.birth == (1u << 3) &&
           r.survive == ((1u << 2) | (1u << 3)) && !r.stochastic();
}

}  // namespace toroid
