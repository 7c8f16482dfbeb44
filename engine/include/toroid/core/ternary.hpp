// ternary<Imm>(a, b, c): the Boolean function of three words whose truth
// table is the 8-bit Imm, bit (4a + 2b + c) — AVX-512's vpternlogq and
// CUDA's lop3 convention.
//
// Where the words are AVX-512 vectors it is that one instruction (GCC 12
// does not fold an arbitrary expression of three inputs into one); on other
// word types (scalars, AVX2 and portable vectors, the GPU, where nvcc makes
// lop3 of the expression) it is the two functions of a and b for c = 0 and
// c = 1, multiplexed by c, constants folded at compile time.
//
// This is how a function chosen at run time (a rule's birth counts as the
// truth table of the count's slices) runs as compiled code: a switch over
// the 256 tables (ternary_switch), whose branch the processor predicts
// because it is the same for every word of a rule.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"

#if !defined(__CUDACC__) && defined(__x86_64__) && defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace toroid {

namespace detail {

// The function of two words with 4-bit truth table T, bit (2a + b).
template <int T, class W>
TOROID_HD W ternary2(W a, W b) {
    static_assert(T >= 0 && T < 16);
    if constexpr (T == 0) return W{};
    if constexpr (T == 1) return ~(a | b);
    if constexpr (T == 2) return ~a & b;
    if constexpr (T == 3) return ~a;
    if constexpr (T == 4) return a & ~b;
    if constexpr (T == 5) return ~b;
    if constexpr (T == 6) return a ^ b;
    if constexpr (T == 7) return ~(a & b);
    if constexpr (T == 8) return a & b;
    if constexpr (T == 9) return ~(a ^ b);
    if constexpr (T == 10) return b;
    if constexpr (T == 11) return ~a | b;
    if constexpr (T == 12) return a;
    if constexpr (T == 13) return a | ~b;
    if constexpr (T == 14) return a | b;
    if constexpr (T == 15) return ~W{};
}

}  // namespace detail

template <int Imm, class W>
TOROID_HD W ternary(W a, W b, W c) {
    static_assert(Imm >= 0 && Imm < 256);
#if !defined(__CUDACC__) && defined(__x86_64__) && defined(__AVX512F__)
    if constexpr (sizeof(W) == 64)
        return (W)_mm512_ternarylogic_epi64((__m512i)a, (__m512i)b, (__m512i)c, Imm);
#if defined(__AVX512VL__)
    if constexpr (sizeof(W) == 32)
        return (W)_mm256_ternarylogic_epi64((__m256i)a, (__m256i)b, (__m256i)c, Imm);
#endif
#endif
    // Bits with c = 0 (indices 0 2 4 6) and c = 1 (1 3 5 7), as tables of (a, b).
    constexpr int t0 = (Imm & 1) | ((Imm >> 1) & 2) | ((Imm >> 2) & 4) | ((Imm >> 3) & 8);
    constexpr int t1 = ((Imm >> 1) & 1) | ((Imm >> 2) & 2) | ((Imm >> 3) & 4) | ((Imm >> 4) & 8);
    const W if0 = detail::ternary2<t0>(a, b);
    if constexpr (t0 == t1)
        return if0;
    else
        return if0 ^ ((if0 ^ detail::ternary2<t1>(a, b)) & c);
}

// ternary<table>(a, b, c) for a table known at run time: one case of 256,
// each a single ternary().
template <class W>
TOROID_HD W ternary_switch(std::uint32_t table, W a, W b, W c) {
    switch (table & 0xffu) {
#define TOROID_TERNARY_CASE(i) \
    case i:                    \
        return ternary<i>(a, b, c);
#define TOROID_TERNARY_CASE4(i) \
    TOROID_TERNARY_CASE(i)      \
    TOROID_TERNARY_CASE(i + 1) TOROID_TERNARY_CASE(i + 2) TOROID_TERNARY_CASE(i + 3)
#define TOROID_TERNARY_CASE16(i) \
    TOROID_TERNARY_CASE4(i)      \
    TOROID_TERNARY_CASE4(i + 4) TOROID_TERNARY_CASE4(i + 8) TOROID_TERNARY_CASE4(i + 12)
#define TOROID_TERNARY_CASE64(i) \
    TOROID_TERNARY_CASE16(i)     \
    TOROID_TERNARY_CASE16(i + 16) TOROID_TERNARY_CASE16(i + 32) TOROID_TERNARY_CASE16(i + 48)
        TOROID_TERNARY_CASE64(0)
        TOROID_TERNARY_CASE64(64)
        TOROID_TERNARY_CASE64(128)
        TOROID_TERNARY_CASE64(192)
#undef TOROID_TERNARY_CASE64
#undef TOROID_TERNARY_CASE16
#undef TOROID_TERNARY_CASE4
#undef TOROID_TERNARY_CASE
        default:
            return W{};
    }
}

}  // namespace toroid
