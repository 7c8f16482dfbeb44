// Internal to the CPU backend: several generations per pass over the plane.
//
// When every tile is computed anyway (brute force, rules with birth on 0),
// one generation per pass streams both planes through memory each
// generation, and grids larger than the cache run at memory speed. Instead
// the torus is cut into bands of band_rows rows, and each band is advanced
// `gens` generations while its rows are in cache:
//
//   * Halos. Band [Y0, Y1) at generation g needs generation g-1 rows
//     Y0-1 .. Y1, so it computes, redundantly and into private scratch rows,
//     the trapezoid of rows [Y0 - gens + g, Y1 + gens - g) of generation g
//     from a snapshot of rows [Y0 - gens, Y1 + gens) of generation 0 taken
//     before any band writes (first parallel phase). Halos grow with gens:
//     the redundant work is about gens / band_rows of the useful work.
//   * Wavefront. Inside the band, generation g lives in the plane of parity
//     g (generation 0 in `cur`), so two planes suffice: at sweep step s,
//     generations 1..gens compute rows s, s-1, .., s-gens+1 in that order.
//     Writing generation g of row r overwrites generation g-2 of row r,
//     whose last readers (generation g-1 of rows r-1, r, r+1) have already
//     run. The working set is about 2 (gens + 2) rows.
//   * Result. Generation `gens` is in plane (cur + gens) % 2 and generation
//     gens-1 in the other, exactly as one generation at a time would leave
//     them, with per-tile populations of both.
// Bands write only their own rows of the planes, so results do not depend
// on band height, generations per pass or thread count (tested against the
// naive reference for every combination on awkward sizes).
#pragma once

#include <cstdint>

#include "cpu_tiles.hpp"
#include "toroid/cpu/thread_pool.hpp"

namespace toroid::detail {

struct BandPass {
    const TileKernels* kernels = nullptr;
    TileKernelArgs args;  // shape, rule, seed; generation = the first one advanced from
    std::uint64_t* plane[2] = {nullptr, nullptr};
    int cur = 0;   // plane holding generation 0
    int gens = 2;  // generations per pass (>= 1)
    std::int64_t band_rows = 32;
    std::int64_t tiles_x = 0;
    // Out: per-tile populations of generation gens (in plane (cur + gens) % 2)
    // and, when gens >= 2, of generation gens - 1 (in the other plane);
    // tiles_x * tiles_y each.
    std::uint64_t* pop_last = nullptr;
    std::uint64_t* pop_before = nullptr;
};

void step_bands(const BandPass& pass, ThreadPool& pool);

}  // namespace toroid::detail
