// CpuBackend::step: one generation on the tile scheduler, or several per
// pass with temporal blocking when every tile is computed anyway.
#include <algorithm>
#include <bit>

#include "cpu_state.hpp"
#include "temporal_blocking.hpp"

namespace toroid {

using detail::kTileRows;
using detail::kTileWords;
using detail::TileGrid;
using detail::TileXY;

namespace {

// Up to 256 tiles (4 Mi cells, well under a millisecond) run on the calling
// thread: waking the pool every generation costs more than it saves for the
// small, busy areas of methuselahs and ships (Acorn's analysis runs 5x faster
// so on a loaded 2-core machine). A boundary of a tile row costs about as
// much as a small tile: few run inline too.
constexpr std::size_t kInlineTiles = 256;

}  // namespace

void CpuBackend::step(std::uint64_t generations) {
    State& s = *s_;
    for (std::uint64_t g = 0; g < generations; ++g) {
        if (const int gens = s.gens_per_pass(generations - g); gens > 1) {
            s.step_band_pass(gens, seed_, generation_);
            generation_ += std::uint64_t(gens);
            g += std::uint64_t(gens) - 1;
            continue;
        }
        s.step_tiles(seed_, generation_);
        ++generation_;
    }
}

// Automatic: on grids whose two planes exceed 16 MiB (far beyond the L2
// caches; below that the one-generation tile kernel, which reuses each input
// row for three output rows, is as fast from L3).
int CpuBackend::State::gens_per_pass(std::uint64_t remaining) const {
    if (!all_active() || remaining < 2) return 1;
    if (planes.strips > 1) return 1;  // whole rows only (set_column_strips() in tests)
    int gens = pass_gens;
    if (gens == 0) gens = planes.stride * planes.height * 16 > (std::int64_t(16) << 20) ? 8 : 1;
    return int(std::min<std::uint64_t>(std::uint64_t(gens), remaining));
}

std::int64_t CpuBackend::State::rows_per_band() const {
    if (band_rows > 0) return band_rows;
    const std::int64_t bands = std::int64_t(pool.size()) * 4;
    return std::max<std::int64_t>(64, ((planes.height + bands - 1) / bands + 31) / 32 * 32);
}

// Counters as if stepped one generation at a time (every tile re-hashed on demand).
void CpuBackend::State::step_band_pass(int gens, std::uint64_t seed, std::uint64_t generation) {
    detail::BandPass pass;
    pass.kernels = &kernel;
    pass.args = kernel_args(cur, 1 - cur);
    pass.args.seed = seed;
    pass.args.generation = generation;
    pass.plane[0] = planes.plane[0].get();
    pass.plane[1] = planes.plane[1].get();
    pass.cur = cur;
    pass.gens = gens;
    pass.band_rows = rows_per_band();
    pass.tiles_x = tiles().tiles_x;
    const int last = (cur + gens) & 1;
    const auto count = std::uint32_t(tiles().count());
    for (auto& b : band_pop) b.assign(count, 0);
    pass.pop_last = band_pop[0].data();
    pass.pop_before = band_pop[1].data();
    detail::step_bands(pass, pool);
    for (std::uint32_t t = 0; t < count; ++t) {
        books.retile(last, t, band_pop[0][t]);
        books.retile(1 - last, t, band_pop[1][t]);
    }
    for (auto& l : books.live) std::fill(l.begin(), l.end(), std::uint8_t(0xFF));
    sched.unforce_all();
    sched.forget_changes();
    tiles_computed += std::uint64_t(gens) * count;
    cur = last;
}

void CpuBackend::State::step_tiles(std::uint64_t seed, std::uint64_t generation) {
    // Hash deltas cost the kernels more than re-hashing the tiles that
    // changed when hash() is asked for only now and then.
    if (!hash_asked) track_hash = false;
    hash_asked = false;
    const bool whole = all_active();
    sched.schedule(whole, rule.stochastic(), books, cur);
    // Automatic strips whose content turned dense go row-major, once.
    if (planes.strips > 1 && strip_request == 0 &&
        sched.active.size() * 8 > std::size_t(tiles().count()))
        relayout_rows();
    const int nxt = 1 - cur;
    detail::TileKernelArgs args = kernel_args(cur, nxt);
    args.seed = seed;
    args.generation = generation;
    args.track_hash = track_hash;
    // Sparse work computes only the half of a tile that can hold cells
    // (words_needed), or nothing when neither can, and only the rows that
    // can change (need_rows); every tile is whole when all are computed.
    args.sparse = !whole;
    compute_tiles(args, nxt, whole);
    tiles_computed += sched.active.size();
    commit_tiles(nxt, whole);
    repair_boundaries(nxt);
    sched.age_forced();
    cur = nxt;
}

// Runs the kernels over the active tiles; each task writes only the words
// and next-plane counters of its own tiles.
void CpuBackend::State::compute_tiles(const detail::TileKernelArgs& args, int nxt, bool whole) {
    const std::size_t n = sched.active.size();
    old_pop.clear();
    for (std::uint32_t t : sched.active) old_pop.push_back(books.pop[nxt][t]);
    auto run_tiles = [&](std::size_t begin, std::size_t end) {
        detail::TileKernelArgs strip_args;  // column strips: the tile's strip as the planes
        if (planes.strips > 1) strip_args = args;
        for (std::size_t i = begin; i < end; ++i) {
            const std::uint32_t t = sched.active[i];
            const TileXY xy = sched.active_xy[i];
            const std::uint8_t need = whole ? 0xFF : sched.words_needed(t, xy, books, cur);
            const std::uint32_t rows = whole ? TileGrid::kAllRows : sched.need_rows[t];
            sched.changed[t] = false;
            if (need == 0 || rows == 0) continue;  // dead or repeating: unchanged
            const std::int64_t r0 = std::countr_zero(rows), r1 = 32 - std::countl_zero(rows);
            const detail::TileKernelArgs* a = &args;
            if (planes.strips > 1) {
                planes.aim(strip_args, cur, nxt, xy.x);
                a = &strip_args;
            }
            detail::TileOutcome o;
            if ((need & 0xF0) == 0)
                o = kernel.half(*a, xy.x, xy.y, 0, kTileWords / 2, r0, r1);
            else if ((need & 0x0F) == 0)
                o = kernel.half(*a, xy.x, xy.y, kTileWords / 2, kTileWords, r0, r1);
            else
                o = kernel.step(*a, xy.x, xy.y, 0, kTileWords, r0, r1);
            // Rows not computed keep their content: their live words and
            // population stay counted (sparse steps count the change).
            const bool some_rows =
                r0 > 0 || r1 < std::min(kTileRows, planes.height - xy.y * kTileRows);
            books.live[nxt][t] = some_rows ? std::uint8_t(o.live | books.live[nxt][t]) : o.live;
            if (o.changed) {
                books.pop[nxt][t] = whole ? o.population : old_pop[i] + o.population_delta;
                sched.edges[t] = o.edges;
                sched.delta[t] = o.hash_delta;
                sched.changed_rows[t] = o.rows;
            }
            sched.changed[t] = o.changed;
        }
    };
    if (n <= kInlineTiles) {
        run_tiles(0, n);
    } else {
        const std::size_t per_task = std::max<std::size_t>(4, n / (std::size_t(pool.size()) * 16));
        pool.run((n + per_task - 1) / per_task, [&](std::size_t task) {
            run_tiles(task * per_task, std::min(n, (task + 1) * per_task));
        });
    }
}

// Counters of the changed tiles (the kernels wrote the new population in
// place; the books take it from there), the changed list for the next
// schedule, and the boundaries whose edge bits the new state may have
// changed. Dense steps store every row of every tile computed, whole masked
// words (the seam's bit W is lost even where nothing changed): every
// boundary beside them, every row. Sparse steps store the rows that
// changed: the boundaries beside a changed border column (the seam beside
// any change of the last tile), those rows.
void CpuBackend::State::commit_tiles(int nxt, bool whole) {
    sched.start_boundaries();
    sched.forget_changes();
    if (whole)
        for (const TileXY xy : sched.active_xy)
            for (const std::int64_t b : planes.tile_boundaries(xy.x))
                sched.note_boundary(xy.y, b, TileGrid::kAllRows);
    for (std::size_t i = 0; i < sched.active.size(); ++i) {
        const std::uint32_t t = sched.active[i];
        if (!sched.changed[t]) continue;
        const TileXY xy = sched.active_xy[i];
        sched.changed_list.push_back(t);
        sched.changed_xy.push_back(xy);
        const std::uint64_t fresh = books.pop[nxt][t];
        books.pop[nxt][t] = old_pop[i];
        if (track_hash)
            books.retile_hashed(nxt, t, fresh, sched.delta[t]);
        else
            books.retile(nxt, t, fresh);
        if (whole) continue;
        const std::uint8_t e = sched.edges[t];
        if (e & (detail::kEdgeLeft | detail::kEdgeRight)) {
            const auto& b = planes.tile_boundaries(xy.x);
            if (e & detail::kEdgeLeft) sched.note_boundary(xy.y, b[0], sched.changed_rows[t]);
            if (e & detail::kEdgeRight) sched.note_boundary(xy.y, b[1], sched.changed_rows[t]);
        }
    }
}

void CpuBackend::State::repair_boundaries(int nxt) {
    auto repair = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const std::uint32_t e = sched.boundary_work[i];
            const auto strips = std::uint32_t(planes.strips);  // 32-bit division
            const std::int64_t ty = e / strips, b = e % strips;
            const std::int64_t y1 = tiles().end_row(ty);
            for (std::uint32_t m = sched.boundary_rows[e]; m; m &= m - 1) {
                const std::int64_t y = ty * kTileRows + std::countr_zero(m);
                if (y < y1) planes.fix_boundary(nxt, y, b);
            }
        }
    };
    const std::size_t edges = sched.boundary_work.size();
    if (edges <= kInlineTiles) {
        repair(0, edges);
    } else {
        const std::size_t per_task =
            std::max<std::size_t>(2, edges / (std::size_t(pool.size()) * 4));
        pool.run((edges + per_task - 1) / per_task, [&](std::size_t task) {
            repair(task * per_task, std::min(edges, (task + 1) * per_task));
        });
    }
}

}  // namespace toroid
