// Internal to the CPU backend: the torus cut into tiles.
//
// A tile is kTileWords canonical words (512 cells) by kTileRows rows
// (cpu_tiles.hpp); tile t is column t % tiles_x, row t / tiles_x. The last
// tile row of the torus may be shorter (height % kTileRows rows); the last
// tile column may reach past the torus's last word (padding words, always
// zero). Rows of a tile are bit masks (bit r: row r of the tile).
#pragma once

#include <algorithm>
#include <cstdint>

#include "cpu_tiles.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::detail {

// A tile's column and row.
struct TileXY {
    std::int64_t x, y;
};

struct TileGrid {
    static constexpr std::uint32_t kAllRows = ~std::uint32_t(0);

    std::int64_t tiles_x = 0, tiles_y = 0;
    std::int64_t height = 0;  // of the torus, in cells

    // padded: canonical words per row rounded up to whole tiles.
    static TileGrid of(std::int64_t padded, std::int64_t height) {
        return {padded / kTileWords, (height + kTileRows - 1) / kTileRows, height};
    }

    std::int64_t count() const { return tiles_x * tiles_y; }
    std::uint32_t index(std::int64_t tx, std::int64_t ty) const {
        return std::uint32_t(ty * tiles_x + tx);
    }
    // The tile holding cell (x, y).
    std::uint32_t of_cell(std::int64_t x, std::int64_t y) const {
        return index((x / 64) / kTileWords, y / kTileRows);
    }
    // Column and row of tile t: one 32-bit division (64-bit divisions cost
    // several times more); the scheduler keeps them for the tiles it lists.
    TileXY xy(std::uint32_t t) const {
        const auto n = std::uint32_t(tiles_x);
        return {std::int64_t(t % n), std::int64_t(t / n)};
    }
    // Torus rows of tile row ty: [first_row(ty), end_row(ty)).
    std::int64_t first_row(std::int64_t ty) const { return ty * kTileRows; }
    std::int64_t end_row(std::int64_t ty) const { return std::min(height, (ty + 1) * kTileRows); }
    // Bit of the last row of tile row ty.
    std::uint32_t last_row_bit(std::int64_t ty) const {
        return std::uint32_t(1) << (std::min(kTileRows, height - ty * kTileRows) - 1);
    }
    // The neighbour of tile column or row v at offset d (-1, 0, 1), around
    // the torus, without a division.
    static std::int64_t step(std::int64_t v, int d, std::int64_t n) { return wrap_near(v + d, n); }
};

}  // namespace toroid::detail
