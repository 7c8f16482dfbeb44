// Internal: the tile stepper of the census torus (analysis/census_torus.hpp),
// compiled once per instruction set (simd/soup_tiles_<isa>.cpp) like the
// tile kernels, on the same step variants (core/step_variant.hpp), so every
// two-state rule the tile engine runs steps here bit for bit the same.
//
// The plane: a square torus of `side` rows stored by 64-cell columns (a
// column is one word wide): word column x of row y at
// plane + x * column_stride + 1 + y, with a guard word at each end of the
// column mirroring the torus's other end ([0] holds row side-1, [side + 1]
// row 0), the whole padded by kSoupTilePad words at both ends. A tile is
// kSoupTileRows rows of one word column, tile t = ty * tiles_x + tx; eight
// rows of a column are one 512-bit vector (four a 256-bit one without
// AVX-512), and the rows above and below it are the same column's words
// one further up or down: vertical neighbours are unaligned loads,
// horizontal ones the neighbour columns' words at the same rows
// (bitslice.hpp's shifts, lane by lane).
//
// One call computes the listed tiles from `src` into `dst`, which holds the
// generation before src: the caller guarantees that every tile not listed
// already holds its next state in dst (nothing within one cell of it
// changed). Per listed tile it reports which parts changed (against what
// dst held: a tile that repeats with period 2 is unchanged) and, where
// something changed, its new population.
#pragma once

#include <cstdint>
#include <string>

#include "toroid/core/compiled_rule.hpp"

namespace toroid::detail {

inline constexpr std::int64_t kSoupTileRows = 32;
// Words the plane's allocation holds before its first column and after its
// last: the kernel reads the (up to) eight rows before and after a tile as
// one vector (of which it uses the row next to the tile).
inline constexpr std::int64_t kSoupTilePad = 8;

// What changed in a tile: anything, and the cells that a neighbour tile
// reads (its first or last row, first or last bit column, and corners).
enum SoupTileChange : std::uint16_t {
    kTileChanged = 1,
    kTileNorth = 2,  // row 0
    kTileSouth = 4,  // row kSoupTileRows - 1
    kTileWest = 8,   // bit 0 of some row (x - 1 is west)
    kTileEast = 16,  // bit 63 of some row
    kTileNorthWest = 32,
    kTileNorthEast = 64,
    kTileSouthWest = 128,
    kTileSouthEast = 256,
};

struct SoupTilesArgs {
    const std::uint64_t* src = nullptr;
    std::uint64_t* dst = nullptr;
    std::int64_t column_stride = 0, side = 0;
    std::int64_t tiles_x = 0, tiles_y = 0;  // powers of two (the census's tori)
    const std::uint32_t* tiles = nullptr;   // the tiles to compute
    std::size_t count = 0;
    const CompiledRule* rule = nullptr;
    // Out, per listed tile: SoupTileChange bits, and the population where
    // kTileChanged is set (left alone otherwise).
    std::uint16_t* changes = nullptr;
    std::uint16_t* population = nullptr;
};

using SoupTilesKernel = void (*)(const SoupTilesArgs&);

// The kernel for the rule on the best instruction set allowed
// (best_instruction_set(): TOROID_CPU_ISA caps it); its name in *isa.
SoupTilesKernel select_soup_tiles(std::string* isa);

SoupTilesKernel soup_tiles_portable();
SoupTilesKernel soup_tiles_avx2();
SoupTilesKernel soup_tiles_avx512();

}  // namespace toroid::detail
