// The stored bit-plane: how both backends lay out a torus row in memory.
//
// The canonical layout (grid.hpp) packs row y of a W-cell-wide torus into
// words = ceil(W / 64) uint64_t words, cell x in bit x % 64 of word x / 64,
// padding bits zero. A stepping backend needs, for every word, its west and
// east neighbours one bit over, taken around the torus. Both backends (the
// CPU tile kernels and the CUDA step kernels) store each row so that this is
// one unaligned load away, whatever the width:
//
//   row y starts at plane + y * stride
//
//   word position   kRowOffset-1 | kRowOffset ... kRowOffset+words-1 | after
//   holds           west halo    | the canonical words of the row   | ...
//
//   * the west halo word holds cell W-1 in bit 63 (the rest zero): the word
//     "to the left of" word 0, as far as shift_west() of word 0 looks;
//   * bit W, counted from the first canonical bit, holds cell 0: the first
//     padding bit of the last word when W % 64 != 0, otherwise bit 0 of the
//     word just after the row; this is what shift_east() of the word holding
//     cell W-1 sees. The other padding bits stay zero.
//
// With those two edge bits the modular neighbours of every cell are in
// place, with multiplicity on tiny widths (W = 1: cell 0 is its own west and
// east neighbour; W = 2 likewise), so no kernel special-cases the seam.
// repair_row_edges() rewrites them after the row's cells changed; kernels
// write only canonical words (masked with last_word_mask), and a backend
// repairs every row whose first or last word it rewrote.
//
// kRowOffset is 8 words (64 bytes) so that canonical word 0 of every row is
// cache-line (and AVX-512) aligned when the plane and the stride are. The
// stride is the row's stored words plus kRowOffset on each side: the CPU
// rounds the row up to whole tiles first (plane_stride(padded)), the GPU uses
// the canonical word count. Rows wrap vertically through wrap_near()
// (torus_geometry.hpp); the layout stores no halo rows. (The CPU backend stores wide sparse tori as
// column strips, each strip a plane of this layout whose halo words face
// the neighbouring strips: cpu_backend.cpp, StripLayout.)
//
// Everything here is TOROID_HD: the CPU backend, the CUDA kernels and the
// host emulation of those kernels (tests) share one definition.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid {

// Position of canonical word 0 inside a stored row.
inline constexpr std::int64_t kRowOffset = 8;

// Stored words per row for rows of `row_words` words (canonical, or padded
// to whole tiles): a margin of kRowOffset words on each side.
TOROID_HD constexpr std::int64_t plane_stride(std::int64_t row_words) {
    return row_words + 2 * kRowOffset;
}

// Cell x of a stored row (row = plane + y * stride).
TOROID_HD constexpr std::uint64_t stored_cell(const std::uint64_t* row, std::int64_t x) {
    return (row[kRowOffset + x / 64] >> (x % 64)) & 1;
}

// Rewrites the two edge bits of one stored row of `width` cells from its
// canonical cells: the west halo word becomes cell W-1 in bit 63, bit W
// becomes cell 0, and the other padding bits of the word holding bit W are
// cleared.
TOROID_HD void repair_row_edges(std::uint64_t* row, std::int64_t width) {
    const std::uint64_t cell_last = stored_cell(row, width - 1);
    const std::uint64_t cell_first = stored_cell(row, 0);
    row[kRowOffset - 1] = cell_last << 63;
    // Bit W lies in the last canonical word (whose valid bits are kept) or,
    // when W % 64 == 0, in the word after the row (which holds nothing else).
    const std::int64_t edge = kRowOffset + width / 64;
    const std::uint64_t keep = width % 64 == 0 ? 0 : last_word_mask(width);
    row[edge] = (row[edge] & keep) | (cell_first << (width % 64));
}

// The geometry of one stored plane, as the kernels receive it: the torus's
// canonical shape and the stored words per row.
struct PlaneShape : TorusShape {
    std::int64_t stride = 0;  // stored words per row (plane_stride(words or more))

    // A plane of width x height cells with rows of `row_words` >= words
    // stored words between the margins.
    static constexpr PlaneShape of(std::int64_t width, std::int64_t height,
                                   std::int64_t row_words) {
        PlaneShape s;
        static_cast<TorusShape&>(s) = TorusShape::of(width, height);
        s.stride = plane_stride(row_words);
        return s;
    }
    static constexpr PlaneShape of(std::int64_t width, std::int64_t height) {
        return of(width, height, words_per_row(width));
    }

    // Number of stored words of the plane.
    TOROID_HD constexpr std::int64_t plane_words() const { return stride * height; }
    // Row y (already wrapped) of a plane.
    TOROID_HD constexpr std::uint64_t* row(std::uint64_t* plane, std::int64_t y) const {
        return plane + y * stride;
    }
    TOROID_HD constexpr const std::uint64_t* row(const std::uint64_t* plane, std::int64_t y) const {
        return plane + y * stride;
    }
    // Canonical word j of row y.
    TOROID_HD constexpr std::int64_t word_index(std::int64_t y, std::int64_t j) const {
        return y * stride + kRowOffset + j;
    }
};

}  // namespace toroid
