// Internal to the CPU backend: the state behind CpuBackend, in its rooms.
//
//   StripPlanes    (strip_layout.hpp)    the two planes, rows or column
//                                        strips, addressing and edge bits
//   TileBooks      (tile_books.hpp)      per-tile population, hash, live words
//   TileScheduler  (tile_scheduler.hpp)  which tiles a step computes
//   TileKernels    (cpu_tiles.hpp)       the tile kernels of the rule's variant
//                                        on the chosen instruction set
//   ThreadPool                           the workers
//
// cpu_backend.cpp is the Backend face (load, cells, regions, counters),
// cpu_step.cpp advances generations, cpu_render.cpp draws.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpu_tiles.hpp"
#include "strip_layout.hpp"
#include "tile_books.hpp"
#include "tile_scheduler.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/cpu/thread_pool.hpp"

namespace toroid {

struct CpuBackend::State {
    detail::StripPlanes planes;
    detail::TileBooks books;
    detail::TileScheduler sched;
    int cur = 0;  // the plane holding the current state

    std::int64_t strip_request = 0;  // set_column_strips(): 0 = automatic
    bool dense_load = false;         // load() of a dense grid: no automatic strips
    detail::TileKernels kernel;
    std::string isa;
    CompiledRule rule;
    ThreadPool pool;
    std::uint64_t tiles_computed = 0;

    bool skip_unchanged = true;
    // Kernels report hash deltas while hash() is asked for every generation
    // (after a step without it, tiles are re-hashed when it is next asked).
    bool track_hash = false;
    bool hash_asked = false;  // since the last step
    // Temporal blocking (temporal_blocking.hpp): 0 = automatic.
    std::int64_t band_rows = 0;
    int pass_gens = 0;
    std::vector<std::uint64_t> band_pop[2];  // scratch of a band pass
    std::vector<std::uint64_t> old_pop;      // scratch of a step

    explicit State(int threads) : pool(threads) {}

    const detail::TileGrid& tiles() const { return planes.tiles; }

    // Every tile is computed each generation (brute force, birth on 0).
    bool all_active() const { return rule.births_on_empty() || !skip_unchanged; }

    // The layout for a torus of this size: strips when automatic and
    // `sparse` (the content is not dense, and the scheduler can skip tiles).
    detail::StripLayout layout_for(std::int64_t w, std::int64_t h, bool sparse) const {
        return detail::StripLayout::of(w, h, strip_request, sparse && !all_active());
    }
    // New empty planes and counters (the size is checked first).
    void reshape(std::int64_t width, std::int64_t height, bool sparse);
    // Automatic strips that turned dense move to the row-major layout.
    void relayout_rows();

    // Zeroes tile t of plane p if it holds cells.
    void clear_tile(int p, std::uint32_t t);
    // Tile t of plane p was written: recounted, its words live, forced.
    void rewrote_tile(int p, std::uint32_t t) {
        books.retile(p, t, planes.count_tile(p, t));
        books.live[p][t] = 0xFF;
        sched.force(t);
    }
    // The tile's share of Grid::hash().
    std::uint64_t hash_tile(int p, std::uint32_t t) const;

    // What every tile kernel of a step from plane `src` into plane `dst` gets.
    detail::TileKernelArgs kernel_args(int src, int dst) const;

    // --- cpu_step.cpp ---
    // Generations per band pass for `remaining` generations (1: no blocking).
    int gens_per_pass(std::uint64_t remaining) const;
    // Advances gens >= 2 generations in one band pass (temporal blocking).
    void step_band_pass(int gens, std::uint64_t seed, std::uint64_t generation);
    // One generation on the tile scheduler.
    void step_tiles(std::uint64_t seed, std::uint64_t generation);

  private:
    std::int64_t rows_per_band() const;
    void compute_tiles(const detail::TileKernelArgs& args, int nxt, bool whole);
    void commit_tiles(int nxt, bool whole);
    void repair_boundaries(int nxt);
};

}  // namespace toroid
