// The pair kernels (pair_kernels.hpp) with AVX-512F: 16 lanes per vector.
// Compiled with -mavx512f on x86-64 only (games/CMakeLists.txt); called only
// when the processor has it.
#include <immintrin.h>

#include <array>
#include <bit>
#include <utility>

#include "pair_kernels.hpp"

namespace toroid::games::detail {

namespace {

// Count is a template parameter so the wanted values stay in registers and
// the compares are unrolled (one kernel per count, chosen below).
template <std::size_t Count>
std::size_t hunt_vectors(const std::uint32_t* g, std::size_t r, std::size_t a, std::size_t a1,
                         const std::uint32_t* values) {
    __m512i want[Count];
    for (std::size_t k = 0; k < Count; ++k)
        want[k] = _mm512_set1_epi32(static_cast<int>(values[k]));
    const __m512i reverse = _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    // Lane i holds the pair a + i: g[a + i] and g[r - a - i] (the load at
    // r - a - 15 read backwards; maskz: no undefined source operand).
    for (; a + 16 <= a1; a += 16) {
        const __m512i left = _mm512_loadu_si512(g + a);
        const __m512i right =
            _mm512_maskz_permutexvar_epi32(0xffff, reverse, _mm512_loadu_si512(g + (r - a - 15)));
        const __m512i x = _mm512_xor_si512(left, right);
        __mmask16 hit = _mm512_cmpeq_epi32_mask(x, want[0]);
        for (std::size_t k = 1; k < Count; ++k)
            hit = _kor_mask16(hit, _mm512_cmpeq_epi32_mask(x, want[k]));
        if (hit) return a + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(hit)));
    }
    return a;
}

// Lane i: the pair a + i, as in hunt_vectors.
inline __m512i pair_values(const std::uint32_t* g, std::size_t r, std::size_t a) {
    const __m512i reverse = _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i left = _mm512_loadu_si512(g + a);
    const __m512i right =
        _mm512_maskz_permutexvar_epi32(0xffff, reverse, _mm512_loadu_si512(g + (r - a - 15)));
    return _mm512_xor_si512(left, right);
}

// The bitmap's first 1024 (Wide: 2048) bits in two (four) registers; the
// dword x >> 5 is picked by a two-register permute, which uses the low 5 bits
// of the index; with four registers bit 5 of the index chooses between two
// permutes. Larger universes: the dwords by a gather. A block of 16 pairs
// with a hit is taken lane by lane (take_needed, in the order of a), then
// the registers are reloaded from the bitmap.
template <int Kind>  // 0: 1024 bits in registers, 1: 2048, 2: gather
ScanResult scan_vectors(const std::uint32_t* g, std::size_t r, std::size_t a, std::size_t a1,
                        std::uint64_t* needed, std::size_t left, std::size_t stop_at,
                        std::uint32_t* found) {
    const auto* words = reinterpret_cast<const std::uint32_t*>(needed);
    const __m512i bit5 = _mm512_set1_epi32(32), low5 = _mm512_set1_epi32(31);
    const __m512i one = _mm512_set1_epi32(1);
    __m512i t0, t1, t2, t3;
    const auto load = [&] {
        t0 = _mm512_loadu_si512(words);
        t1 = _mm512_loadu_si512(words + 16);
        if constexpr (Kind == 1) {
            t2 = _mm512_loadu_si512(words + 32);
            t3 = _mm512_loadu_si512(words + 48);
        }
    };
    if constexpr (Kind != 2) load();
    for (; a + 16 <= a1; a += 16) {
        const __m512i x = pair_values(g, r, a);
        const __m512i index = _mm512_maskz_srli_epi32(0xffff, x, 5);
        __m512i word;
        if constexpr (Kind == 2) {
            word = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), 0xffff, index, words, 4);
        } else {
            word = _mm512_permutex2var_epi32(t0, index, t1);
            if constexpr (Kind == 1) {
                word = _mm512_mask_blend_epi32(_mm512_test_epi32_mask(index, bit5), word,
                                               _mm512_permutex2var_epi32(t2, index, t3));
            }
        }
        const __m512i shifted = _mm512_maskz_srlv_epi32(0xffff, word, _mm512_and_si512(x, low5));
        const __mmask16 hit = _mm512_test_epi32_mask(shifted, one);
        if (!hit) continue;
        alignas(64) std::uint32_t lanes[16];
        _mm512_store_si512(lanes, x);
        for (unsigned i = 0; i < 16; ++i) {
            if (!((hit >> i) & 1) || !take_needed(lanes[i], needed)) continue;
            *found++ = lanes[i];  // a repeat within the block: its bit is clear by now
            if (--left == stop_at) return {a + i + 1, left};
        }
        if constexpr (Kind != 2) load();
    }
    for (; a < a1; ++a) {  // the last < 16 pairs
        const std::uint32_t x = g[a] ^ g[r - a];
        if (take_needed(x, needed)) {
            *found++ = x;
            if (--left == stop_at) return {a + 1, left};
        }
    }
    return {a1, left};
}

using HuntKernel = std::size_t (*)(const std::uint32_t*, std::size_t, std::size_t, std::size_t,
                                   const std::uint32_t*);

template <std::size_t... I>
constexpr auto hunt_kernels(std::index_sequence<I...>) {
    return std::array<HuntKernel, sizeof...(I)>{hunt_vectors<I + 1>...};
}

}  // namespace

std::size_t hunt_pair_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                             const std::uint32_t* values, std::size_t count) {
    if (count == 0) return a1;
    static constexpr auto kernels = hunt_kernels(std::make_index_sequence<kHuntMax>{});
    std::size_t a = kernels[count - 1](g, r, a0, a1, values);
    for (; a < a1; ++a) {  // the block with a hit, or the last < 16 pairs
        const std::uint32_t x = g[a] ^ g[r - a];
        for (std::size_t k = 0; k < count; ++k)
            if (x == values[k]) return a;
    }
    return a1;
}

ScanResult scan_needed_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                              std::uint64_t* needed, std::size_t universe, std::size_t left,
                              std::size_t stop_at, std::uint32_t* found) {
    if (universe <= 1024) return scan_vectors<0>(g, r, a0, a1, needed, left, stop_at, found);
    if (universe <= kNeededMinBits)
        return scan_vectors<1>(g, r, a0, a1, needed, left, stop_at, found);
    return scan_vectors<2>(g, r, a0, a1, needed, left, stop_at, found);
}

}  // namespace toroid::games::detail
