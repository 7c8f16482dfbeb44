#include "strip_layout.hpp"

#include <algorithm>
#include <bit>

namespace toroid::detail {

StripLayout StripLayout::of(std::int64_t width, std::int64_t height, std::int64_t request,
                            bool sparse) {
    StripLayout l;
    l.padded = (words_per_row(width) + kTileWords - 1) / kTileWords * kTileWords;
    std::int64_t s = request;
    const double row_bytes = double(l.padded) * 8.0;
    if (s <= 0)
        s = sparse && l.padded >= 512 && row_bytes * double(height) >= double(64 << 20)
                ? 3 * kTileWords
                : l.padded;
    std::int64_t margin = 0;
    if (s >= l.padded) {
        l.strip_words = l.padded;
        l.stride = plane_stride(l.padded);
    } else {
        l.strip_words = s;
        l.strips = (l.padded + s - 1) / s;
        // The east halo word of row y is word 0 of row y + 1, which that
        // row does not read (its west halo is word kRowOffset - 1): one
        // margin, plus the east halo of the last row.
        l.stride = s + kRowOffset;
        margin = kRowOffset;
    }
    l.bytes = double(l.strips) * (double(l.stride) * double(height) + double(margin)) * 8.0;
    if (l.bytes < 0x1p62) l.strip_plane_words = l.stride * height + margin;
    return l;
}

void StripPlanes::reshape(std::int64_t new_width, std::int64_t new_height, const StripLayout& l) {
    width = new_width;
    height = new_height;
    words = words_per_row(new_width);
    tiles = TileGrid::of(l.padded, new_height);
    set_geometry(l);
    for (auto& p : plane) p = MappedPlane(std::size_t(l.plane_words()), strips == 1);
    word_mask.assign(std::size_t(padded + 1), 0);
    for (std::int64_t j = 0; j < words; ++j) word_mask[std::size_t(j)] = ~std::uint64_t(0);
    word_mask[std::size_t(words - 1)] = last_word_mask(width);
}

void StripPlanes::set_geometry(const StripLayout& l) {
    padded = l.padded;
    stride = l.stride;
    strip_words = l.strip_words;
    strips = l.strips;
    strip_skip = l.strip_plane_words - l.strip_words;
    column_strip_.resize(std::size_t(tiles.tiles_x));
    column_boundaries_.resize(std::size_t(tiles.tiles_x));
    for (std::int64_t tx = 0; tx < tiles.tiles_x; ++tx) {
        column_strip_[std::size_t(tx)] = strip_of(tx * kTileWords);
        column_boundaries_[std::size_t(tx)] = find_tile_boundaries(tx);
    }
}

std::array<std::int64_t, 2> StripPlanes::find_tile_boundaries(std::int64_t tx) const {
    std::array<std::int64_t, 2> b{-1, -1};
    const std::int64_t j0 = tx * kTileWords, j1 = j0 + kTileWords;
    if (j0 % strip_words == 0) b[0] = j0 / strip_words;
    if (tx == tiles.tiles_x - 1)
        b[1] = 0;
    else if (j1 % strip_words == 0)
        b[1] = j1 / strip_words;
    return b;  // {0, 0} on a torus one tile wide: the seam on either side
}

std::uint64_t StripPlanes::count_tile(int p, std::uint32_t t) const {
    const TileXY xy = tiles.xy(t);
    const std::int64_t k = strip_of_tile(xy.x);
    std::uint64_t n = 0;
    for (std::int64_t y = tiles.first_row(xy.y); y < tiles.end_row(xy.y); ++y) {
        const std::uint64_t* r = strip_row(p, k, y) + kRowOffset;
        for (std::int64_t j = xy.x * kTileWords; j < (xy.x + 1) * kTileWords; ++j)
            n += std::uint64_t(std::popcount(r[j] & word_mask[std::size_t(j)]));
    }
    return n;
}

void StripPlanes::zero_tile(int p, std::uint32_t t) {
    const TileXY xy = tiles.xy(t);
    const std::int64_t k = strip_of_tile(xy.x);
    for (std::int64_t y = tiles.first_row(xy.y); y < tiles.end_row(xy.y); ++y) {
        std::uint64_t* r = strip_row(p, k, y) + kRowOffset + xy.x * kTileWords;
        std::fill(r, r + kTileWords, 0);
        for (std::int64_t b : tile_boundaries(xy.x))
            if (b >= 0) fix_boundary(p, y, b);
    }
}

}  // namespace toroid::detail
