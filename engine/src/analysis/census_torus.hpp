// Internal to the census (soup_census.cpp): the torus one soup runs on.
//
// The census steps one small soup at a time, one generation per call, and
// asks for population and signature after every one: on the general CPU
// backend the scheduler, the tile books and the boundary repairs of a
// 512 x 32 tile grid cost more than the few rows a soup occupies. A
// CensusTorus is a Universe for that case alone: a square torus of a side
// that is a power of two from 256, both planes dense (2 MiB each at 4096) and
// stored by 64-cell word columns, stepped by cpu/soup_tiles.hpp on the
// rule's step variant (the tile kernels' arithmetic, so the same cells on
// every instruction set) in tiles of one word column by 32 rows, only
//   * the tiles within one cell of a tile that changed in the last step
//     (changed against two generations back: a blinker's tile costs
//     nothing, as in the tile engine; each tile records which of its edges
//     and corners changed, so only the neighbours that read them follow),
//   * the tiles the caller edited and their neighbours, and the edited
//     tiles once more in the step after (the plane two generations back
//     no longer leads to the edited one).
// A 16 x 16 soup is four tiles; its ash, a few dozen.
// Its books answer population() and signature() without a scan: the
// population of each tile, summed into the CPU backend's 512 x 32 tiles,
// whose signature is the CPU backend's own (tile_books.hpp: a sum over
// live tiles of a mix of tile index and population), so the census asks
// for the full hash at exactly the generations it asked for it on the CPU
// backend and finds every soup's repeat at the same generation. hash()
// (Grid::hash() of the torus) re-hashes only the tiles changed since it
// was last asked; cells() reads only the tiles holding cells.
//
// make_census_torus() returns null for what it does not run (multi-state,
// range and named rules, random rules, birth on 0, other sides); the census then uses
// make_universe("auto").
#pragma once

#include <cstdint>
#include <memory>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::detail {

std::unique_ptr<Universe> make_census_torus(const Rule& rule, std::int64_t side);

}  // namespace toroid::detail
