// Internal to the CPU backend: the two planes of a torus, in rows or in
// column strips, their addressing and their edge bits.
//
// Row-major. Both planes in the stored layout of core/plane_layout.hpp, rows
// padded to whole tiles (stride = plane_stride(padded)).
//
// Column strips. A plane is stored as `strips` column strips of strip_words
// canonical words (whole tiles; the last strip may hold fewer), each a
// row-major plane of its own: row y of strip k holds words [k S, k S + S) at
// kRowOffset.., with halo words beside them as in plane_layout.hpp, except
// that between strips the west halo word holds bit 63 of the last word of
// strip k-1 and the east halo word bit 0 of the first word of strip k+1 (the
// torus's seam is as in plane_layout.hpp).
//
// Why: a row-major plane of a wide torus spends a whole row of memory on
// every row a glider reaches. A 65536-wide row is 8 KiB: with 4 KiB pages
// each such row is a page fault and a page cleared, with 2 MiB pages a huge
// page is cleared for every 256 rows; Acorn's 13 gliders on 65536 x 65536
// cleared 40 MB of huge pages, as long as the whole rest of the run. In
// strips of 24 words a glider's row costs 256 bytes (16 rows per 4 KiB
// page), so such tori use 4 KiB pages and strips when the sparse scheduler
// runs (temporal blocking, for rules that compute every tile, needs whole
// rows). Tile kernels need no change: strip k's rows, seen from
// base(k) = plane + k (strip_plane_words - S), hold word j at
// base + y stride + kRowOffset + j, the row-major addressing.
//
// Edge bits. Boundaries are numbered by the strip east of them; boundary 0
// is the torus's seam. fix_boundary() rewrites a row's edge bits at one
// boundary, writing a word only when it changes: reading untouched memory
// maps the shared zero page, writing it would allocate a page in each strip.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cpu_tiles.hpp"
#include "mapped_plane.hpp"
#include "tile_grid.hpp"
#include "toroid/core/plane_layout.hpp"

namespace toroid::detail {

// The sizes of a layout, before anything is allocated.
struct StripLayout {
    std::int64_t padded = 0;       // canonical words rounded up to whole tiles
    std::int64_t strip_words = 0;  // S (padded when one strip)
    std::int64_t strips = 1;
    std::int64_t stride = 0;             // stored words per row of a strip
    std::int64_t strip_plane_words = 0;  // stored words per strip (valid once the size fits)
    double bytes = 0;                    // of one plane (any size: the memory check's figure)

    // Automatic: strips of 24 words (1536 cells: 1.33 x the canonical
    // memory) on rows of 32768 cells or more in planes of 64 MiB or more,
    // where the scheduler computes tiles sparsely; one strip otherwise.
    // request > 0 (a multiple of kTileWords): strips of that many words.
    static StripLayout of(std::int64_t width, std::int64_t height, std::int64_t request,
                          bool sparse);
    std::int64_t plane_words() const { return strips * strip_plane_words; }
};

class StripPlanes {
  public:
    std::int64_t width = 0, height = 0;
    std::int64_t words = 0;   // canonical words per row
    std::int64_t padded = 0;  // words rounded up to whole tiles
    std::int64_t stride = 0;  // stored words per row of a strip
    // S words per strip; base(p, k) = plane + k * strip_skip. One strip: the
    // row-major layout of plane_layout.hpp.
    std::int64_t strip_words = 0, strips = 1, strip_skip = 0;
    TileGrid tiles;
    MappedPlane plane[2];
    std::vector<std::uint64_t> word_mask;  // valid bits of word j, padded + 1 entries

    // New empty planes of width x height cells in layout l (the size was checked).
    void reshape(std::int64_t new_width, std::int64_t new_height, const StripLayout& l);
    bool same_layout(const StripLayout& l) const {
        return l.strips == strips && l.strip_words == strip_words && l.stride == stride;
    }
    // Moves strips to the row-major layout; tiles for which holds(p, t) is
    // true are copied (the others are empty).
    template <class Holds>
    void relayout_rows(Holds holds);

    // Row y of strip k, addressed like a row-major row: element kRowOffset
    // + j is word j of the strip's words, kRowOffset + S - 1 its west halo.
    std::uint64_t* base(int p, std::int64_t k) { return plane[p].get() + k * strip_skip; }
    const std::uint64_t* base(int p, std::int64_t k) const {
        return plane[p].get() + k * strip_skip;
    }
    std::uint64_t* strip_row(int p, std::int64_t k, std::int64_t y) {
        return base(p, k) + y * stride;
    }
    const std::uint64_t* strip_row(int p, std::int64_t k, std::int64_t y) const {
        return base(p, k) + y * stride;
    }
    std::int64_t strip_of(std::int64_t j) const { return strips == 1 ? 0 : j / strip_words; }
    std::int64_t strip_of_tile(std::int64_t tx) const { return column_strip_[std::size_t(tx)]; }
    // Canonical word j of row y.
    std::uint64_t& word(int p, std::int64_t y, std::int64_t j) {
        return strip_row(p, strip_of(j), y)[kRowOffset + j];
    }
    std::uint64_t word(int p, std::int64_t y, std::int64_t j) const {
        return strip_row(p, strip_of(j), y)[kRowOffset + j];
    }
    bool cell(int p, std::int64_t x, std::int64_t y) const {
        return (word(p, y, x / 64) >> (x % 64)) & 1;
    }
    // Kernel arguments for tile column tx: the strip's bases as the planes.
    void aim(TileKernelArgs& a, int src, int dst, std::int64_t tx) {
        const std::int64_t k = strip_of_tile(tx);
        a.src = base(src, k);
        a.dst = base(dst, k);
    }

    // Live cells of tile t of plane p.
    std::uint64_t count_tile(int p, std::uint32_t t) const;
    // Zeroes tile t of plane p, and the edge bits of its rows.
    void zero_tile(int p, std::uint32_t t);

    // Rewrites the edge bits of row y at boundary b (see above).
    void fix_boundary(int p, std::int64_t y, std::int64_t b) {
        auto put = [](std::uint64_t& w, std::uint64_t v) {
            if (w != v) w = v;
        };
        if (b == 0) {
            const std::uint64_t cell_last = cell(p, width - 1, y), cell_first = cell(p, 0, y);
            put(strip_row(p, 0, y)[kRowOffset - 1], cell_last << 63);
            std::uint64_t& edge = strip_row(p, strips - 1, y)[kRowOffset + width / 64];
            const std::uint64_t keep = width % 64 == 0 ? 0 : last_word_mask(width);
            put(edge, (edge & keep) | (cell_first << (width % 64)));
            return;
        }
        const std::int64_t j = b * strip_words;  // first word of strip b
        std::uint64_t* west = strip_row(p, b - 1, y) + kRowOffset;
        std::uint64_t* east = strip_row(p, b, y) + kRowOffset;
        put(east[j - 1], west[j - 1] & (std::uint64_t(1) << 63));
        put(west[j], east[j] & 1);
    }
    // Every boundary of row y.
    void fix_edges(int p, std::int64_t y) {
        for (std::int64_t b = 0; b < strips; ++b) fix_boundary(p, y, b);
    }
    // The boundaries whose edge bits read word j of row y.
    void fix_word_edges(int p, std::int64_t y, std::int64_t j) {
        if (j == 0 || j == words - 1) fix_boundary(p, y, 0);
        if (strips == 1) return;
        if (j % strip_words == 0 && j != 0) fix_boundary(p, y, j / strip_words);
        if ((j + 1) % strip_words == 0 && j + 1 < padded) fix_boundary(p, y, (j + 1) / strip_words);
    }
    // The boundaries whose edge bits read tile column tx: [0] west of it (it
    // starts a strip), [1] east of it (it ends one; the seam for the last
    // tile); -1: none.
    const std::array<std::int64_t, 2>& tile_boundaries(std::int64_t tx) const {
        return column_boundaries_[std::size_t(tx)];
    }

  private:
    void set_geometry(const StripLayout& l);
    std::array<std::int64_t, 2> find_tile_boundaries(std::int64_t tx) const;

    // Per tile column (no divisions in the scheduler): its strip, and the
    // boundaries beside it.
    std::vector<std::int64_t> column_strip_;
    std::vector<std::array<std::int64_t, 2>> column_boundaries_;
};

template <class Holds>
void StripPlanes::relayout_rows(Holds holds) {
    const StripLayout l = StripLayout::of(width, height, padded, false);
    MappedPlane fresh[2] = {MappedPlane(std::size_t(l.plane_words()), true),
                            MappedPlane(std::size_t(l.plane_words()), true)};
    for (int p = 0; p < 2; ++p)
        for (std::uint32_t t = 0; t < std::uint32_t(tiles.count()); ++t) {
            if (!holds(p, t)) continue;
            const TileXY xy = tiles.xy(t);
            const std::int64_t j0 = kRowOffset + xy.x * kTileWords;
            for (std::int64_t y = tiles.first_row(xy.y); y < tiles.end_row(xy.y); ++y) {
                const std::uint64_t* from = strip_row(p, strip_of_tile(xy.x), y) + j0;
                std::copy(from, from + kTileWords, fresh[p].get() + y * l.stride + j0);
            }
        }
    for (int p = 0; p < 2; ++p) plane[p] = std::move(fresh[p]);
    set_geometry(l);
    for (int p = 0; p < 2; ++p)  // the seam's edge bits; zero where both ends are empty
        for (std::int64_t ty = 0; ty < tiles.tiles_y; ++ty) {
            if (!holds(p, tiles.index(0, ty)) && !holds(p, tiles.index(tiles.tiles_x - 1, ty)))
                continue;
            for (std::int64_t y = tiles.first_row(ty); y < tiles.end_row(ty); ++y)
                fix_boundary(p, y, 0);
        }
}

}  // namespace toroid::detail
