// Three-input logic gates (LOP3) and Conway's Life as ten of them per word.
//
// lop3<Lut>(a, b, c) is any Boolean function of three words, bit by bit:
// bit i of the result is bit (4 a_i + 2 b_i + c_i) of the 8-bit table Lut,
// PTX's convention (Lut = f(0xF0, 0xCC, 0xAA)). On the device it is one
// `lop3.b32` per 32-bit half (inline PTX, so the schedule below is the one
// the GPU runs, not whatever the compiler fuses); on the host it evaluates
// the table with ordinary bit operations (the constant table folds away).
// lut_of(f) computes a table from a lambda at compile time.
//
// Life in ten gates. With the per-row sums of bitslice.hpp kept for every
// row (triple = west + self + east as lo/hi, pair = west + east as lo/hi),
// each row's four sums cost four gates once (tl = xor3, th = majority,
// pl = xor, ph = and) and serve three output rows. An output word then needs
//     b0 = xor3(tl_up, pl_mid, tl_down)     k2 = maj(tl_up, pl_mid, tl_down)
//     t2 = xor3(th_up, ph_mid, th_down)     t4 = maj(th_up, ph_mid, th_down)
//     x  = (t2 ^ k2) & ~t4                   next = x & (b0 | self)
// six gates: the count is b0 + 2 (t2 + k2) + 4 t4, bitslice.hpp's
// moore_count; Life lives at counts 2 and 3, i.e. b1 = t2 ^ k2 set and no
// carry into weight 4 (t4 = 0 and not t2 & k2, which t2 ^ k2 already
// excludes), and b0 | self picks 3, or 2 on a live cell: apply_life. So ten
// gates per word of 32 cells and generation, the published optimum's count.
//
// life_next_gates() is that circuit (lop3 everywhere, also on the host, so
// the host tests check the very gates the device runs against bitslice.hpp);
// life_next() is what kernel bodies call: the gates on the device, the
// bitslice.hpp form (apply_life of moore_count) on the host, equal by the
// test in tests/kernels/test_lop3.cpp on random words.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

template <class F>
constexpr std::uint8_t lut_of(F f) {
    return std::uint8_t(f(0xF0u, 0xCCu, 0xAAu) & 0xFFu);
}

inline constexpr std::uint8_t kLutXor3 = 0x96;  // a ^ b ^ c
inline constexpr std::uint8_t kLutMaj = 0xE8;   // at least two of a, b, c
inline constexpr std::uint8_t kLutXor = 0x3C;   // a ^ b (c unused)
inline constexpr std::uint8_t kLutAnd = 0xC0;   // a & b (c unused)
inline constexpr std::uint8_t kLutLifeX =
    lut_of([](auto t2, auto k2, auto t4) { return (t2 ^ k2) & ~t4; });
inline constexpr std::uint8_t kLutLifeNext =
    lut_of([](auto x, auto b0, auto s) { return x & (b0 | s); });
static_assert(kLutXor3 == lut_of([](auto a, auto b, auto c) { return a ^ b ^ c; }));
static_assert(kLutMaj ==
              lut_of([](auto a, auto b, auto c) { return (a & b) | (a & c) | (b & c); }));
static_assert(kLutXor == lut_of([](auto a, auto b, auto) { return a ^ b; }));
static_assert(kLutAnd == lut_of([](auto a, auto b, auto) { return a & b; }));

// The host's evaluation of a table: the OR of the minterms it selects.
template <std::uint8_t Lut, class W>
TOROID_HD W lop3_host(W a, W b, W c) {
    W out{};
    for (int i = 0; i < 8; ++i) {
        if (!((Lut >> i) & 1)) continue;
        const W ta = (i & 4) ? a : W(~a), tb = (i & 2) ? b : W(~b), tc = (i & 1) ? c : W(~c);
        out |= ta & tb & tc;
    }
    return out;
}

template <std::uint8_t Lut>
TOROID_HD std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
#if defined(__CUDA_ARCH__)
    std::uint32_t d;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "n"(int(Lut)));
    return d;
#else
    return lop3_host<Lut>(a, b, c);
#endif
}

// Two gates on the halves of 64-bit words.
template <std::uint8_t Lut>
TOROID_HD std::uint64_t lop3(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    const std::uint32_t lo = lop3<Lut>(std::uint32_t(a), std::uint32_t(b), std::uint32_t(c));
    const std::uint32_t hi =
        lop3<Lut>(std::uint32_t(a >> 32), std::uint32_t(b >> 32), std::uint32_t(c >> 32));
    return std::uint64_t(lo) | (std::uint64_t(hi) << 32);
}

// A row's sums in gates (the same values as bitslice.hpp's row_sums).
template <class W>
TOROID_HD RowSums<W> row_sums_gates(W west, W self, W east) {
    RowSums<W> s;
    s.pair_lo = lop3<kLutXor>(west, east, east);
    s.pair_hi = lop3<kLutAnd>(west, east, east);
    s.triple_lo = lop3<kLutXor3>(west, self, east);
    s.triple_hi = lop3<kLutMaj>(west, self, east);
    return s;
}

// Life's next state of the middle row in six gates (see above).
template <class W>
TOROID_HD W life_next_gates(const RowSums<W>& up, const RowSums<W>& mid, W self,
                            const RowSums<W>& down) {
    const W b0 = lop3<kLutXor3>(up.triple_lo, mid.pair_lo, down.triple_lo);
    const W k2 = lop3<kLutMaj>(up.triple_lo, mid.pair_lo, down.triple_lo);
    const W t2 = lop3<kLutXor3>(up.triple_hi, mid.pair_hi, down.triple_hi);
    const W t4 = lop3<kLutMaj>(up.triple_hi, mid.pair_hi, down.triple_hi);
    const W x = lop3<kLutLifeX>(t2, k2, t4);
    return lop3<kLutLifeNext>(x, b0, self);
}

// What kernel bodies call: gates on the device, bitslice.hpp on the host.
template <class W>
TOROID_HD RowSums<W> life_row_sums(W west, W self, W east) {
#if defined(__CUDA_ARCH__)
    return row_sums_gates(west, self, east);
#else
    return row_sums(west, self, east);
#endif
}

template <class W>
TOROID_HD W life_next(const RowSums<W>& up, const RowSums<W>& mid, W self, const RowSums<W>& down) {
#if defined(__CUDA_ARCH__)
    return life_next_gates(up, mid, self, down);
#else
    return apply_life(self, moore_count(up, mid, down));
#endif
}

}  // namespace toroid::kernels
