// Torus geometry: the arithmetic of a width x height torus, written once.
//
// Every layout of a torus (the canonical Grid, the stored planes of the
// stepping backends in plane_layout.hpp, the CPU backend's column strips,
// the batched tori of sweeps, the render body's view of a plane, the 1-D
// ring) derives its word counts, masks and coordinate wrapping from here:
//
//   * a row of `width` cells is words_per_row(width) 64-bit words, cell x
//     in bit x % 64 of word x / 64; last_word_mask(width) is the valid bits
//     of the last word (padding bits are zero in canonical storage);
//   * a coordinate is taken around the torus with wrap(v, n), any v; hot
//     loops that look one step beyond an edge use wrap_near(v, n), v in
//     [-n, 2n), without a division.
//
// TorusShape is that geometry as plain data (TOROID_HD, passed by value to
// kernels): the canonical shape of a torus. PlaneShape (plane_layout.hpp)
// adds the stored row stride of the stepping backends.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"

namespace toroid {

// Canonical words of a row of `width` cells.
TOROID_HD constexpr std::int64_t words_per_row(std::int64_t width) {
    return (width + 63) / 64;
}

// Valid bits of a row's last canonical word.
TOROID_HD constexpr std::uint64_t last_word_mask(std::int64_t width) {
    return width % 64 == 0 ? ~std::uint64_t(0) : (std::uint64_t(1) << (width % 64)) - 1;
}

// v modulo n in [0, n), for any v (n >= 1). Positions mostly stay within a
// copy or two of the torus, so the compares answer and the division is rare.
TOROID_HD constexpr std::int64_t wrap(std::int64_t v, std::int64_t n) {
    if (v >= 0 && v < n) return v;
    if (v < 0 && v >= -n) return v + n;
    if (v >= n && v < 2 * n) return v - n;
    const std::int64_t r = v % n;
    return r < 0 ? r + n : r;
}

// v modulo n for v in [-n, 2n): a kernel looking one row, column or tile
// beyond an edge.
TOROID_HD constexpr std::int64_t wrap_near(std::int64_t v, std::int64_t n) {
    return v < 0 ? v + n : (v >= n ? v - n : v);
}

// Division rounding towards minus infinity and towards plus infinity.
TOROID_HD constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
TOROID_HD constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return -floor_div(-a, b);
}

// The canonical shape of a width x height torus.
struct TorusShape {
    std::int64_t width = 0, height = 0;
    std::int64_t words = 0;  // canonical words per row
    std::uint64_t last_mask = ~std::uint64_t(0);

    TOROID_HD static constexpr TorusShape of(std::int64_t width, std::int64_t height) {
        TorusShape s;
        s.width = width;
        s.height = height;
        s.words = words_per_row(width);
        s.last_mask = last_word_mask(width);
        return s;
    }
    // Canonical words of the whole torus.
    TOROID_HD constexpr std::int64_t torus_words() const { return words * height; }
    // Bit of the last cell of a row in the row's last word.
    TOROID_HD constexpr int top_bit() const { return int((width - 1) % 64); }
    // Valid bits of canonical word j of a row.
    TOROID_HD constexpr std::uint64_t word_mask(std::int64_t j) const {
        return j == words - 1 ? last_mask : ~std::uint64_t(0);
    }
};

}  // namespace toroid
