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

}  // namespace toroid::games::detail
