#include "tile_scheduler.hpp"

#include <algorithm>

namespace toroid::detail {

void TileScheduler::reset(const TileGrid& grid, std::int64_t words, std::int64_t strips) {
    grid_ = grid;
    words_ = words;
    const std::size_t tiles = std::size_t(grid.count());
    changed_rows.assign_zero(tiles);
    need_rows.assign_zero(tiles);
    changed.assign_zero(tiles);
    edges.assign_zero(tiles);
    delta.assign_zero(tiles);
    forced_.assign_zero(tiles);
    forced_list_.clear();
    stamp_.assign_zero(tiles);
    stamp_now_ = 0;
    active.clear();
    active_xy.clear();
    forget_changes();
    set_strips(strips);
}

void TileScheduler::set_strips(std::int64_t strips) {
    strips_ = strips;
    boundary_stamp_.assign_zero(std::size_t(grid_.tiles_y * strips));
    boundary_rows.assign_zero(std::size_t(grid_.tiles_y * strips));
    boundary_work.clear();
}

void TileScheduler::age_forced() {
    std::size_t kept = 0;
    for (std::uint32_t t : forced_list_)
        if (--forced_[t] > 0) forced_list_[kept++] = t;
    forced_list_.resize(kept);
}

std::uint8_t TileScheduler::words_needed(std::uint32_t t, TileXY xy, const TileBooks& books,
                                         int cur) const {
    const std::uint8_t* now = books.live[cur].data();
    const std::int64_t tiles_x = grid_.tiles_x, tiles_y = grid_.tiles_y;
    const std::int64_t tx = xy.x, ty = xy.y;
    const std::int64_t up = TileGrid::step(ty, -1, tiles_y), down = TileGrid::step(ty, 1, tiles_y);
    const std::int64_t west = TileGrid::step(tx, -1, tiles_x),
                       east = TileGrid::step(tx, 1, tiles_x);
    auto column = [&](std::int64_t x) {
        return unsigned(now[up * tiles_x + x] | now[ty * tiles_x + x] | now[down * tiles_x + x]);
    };
    const unsigned here = column(tx);
    unsigned need = here | (here << 1) | (here >> 1);
    // Across the torus's seam the neighbour of word 0 is the last
    // canonical word, which sits at (words - 1) % kTileWords of the last tile.
    const unsigned seam_word = 1u << ((words_ - 1) % kTileWords);
    if (column(west) & (tx == 0 ? seam_word : 0x80u)) need |= 1u;
    if (column(east) & 1u) need |= tx == tiles_x - 1 ? seam_word : 0x80u;
    need |= books.live[1 - cur][t];
    return std::uint8_t(need);
}

void TileScheduler::add_with_neighbours(TileXY xy) {
    for (int dy = -1; dy <= 1; ++dy) {
        const std::int64_t ny = TileGrid::step(xy.y, dy, grid_.tiles_y);
        for (int dx = -1; dx <= 1; ++dx) {
            const std::int64_t nx = TileGrid::step(xy.x, dx, grid_.tiles_x);
            add(grid_.index(nx, ny), {nx, ny}, TileGrid::kAllRows);
        }
    }
}

// A changed tile, and the neighbours that see one of its changed borders,
// with the rows that can change: next to a changed row, or the row facing a
// changed top or bottom border. The other rows' 3x3 neighbourhoods are as
// two generations ago, so the plane being written already holds their next
// state.
void TileScheduler::add_affected(std::uint32_t t, TileXY xy) {
    const std::uint8_t e = edges[t];
    const std::uint32_t m = changed_rows[t];
    const std::uint32_t around = m | (m << 1) | (m >> 1);
    const int dy_lo = (e & kEdgeTop) ? -1 : 0, dy_hi = (e & kEdgeBottom) ? 1 : 0;
    const int dx_lo = (e & kEdgeLeft) ? -1 : 0, dx_hi = (e & kEdgeRight) ? 1 : 0;
    for (int dy = dy_lo; dy <= dy_hi; ++dy) {
        const std::int64_t ny = TileGrid::step(xy.y, dy, grid_.tiles_y);
        const std::uint32_t need = dy < 0 ? grid_.last_row_bit(ny) : dy > 0 ? 1u : around;
        for (int dx = dx_lo; dx <= dx_hi; ++dx) {
            const std::int64_t nx = TileGrid::step(xy.x, dx, grid_.tiles_x);
            add(grid_.index(nx, ny), {nx, ny}, need);
        }
    }
}

void TileScheduler::schedule(bool all_tiles, bool stochastic, const TileBooks& books, int cur) {
    active.clear();
    active_xy.clear();
    if (++stamp_now_ == 0) {  // wrapped: reset stamps
        std::fill(stamp_.begin(), stamp_.end(), 0);
        std::fill(boundary_stamp_.begin(), boundary_stamp_.end(), 0);
        stamp_now_ = 1;
    }
    const std::uint32_t n = std::uint32_t(grid_.count());
    if (all_tiles) {
        for (std::uint32_t t = 0; t < n; ++t) active.push_back(t);
        for (std::int64_t ty = 0; ty < grid_.tiles_y; ++ty)
            for (std::int64_t tx = 0; tx < grid_.tiles_x; ++tx) active_xy.push_back({tx, ty});
        return;
    }
    if (stochastic) {
        // Nothing repeats: compute every tile near life, and every tile
        // whose old content must be cleared.
        for (std::uint32_t t = 0; t < n; ++t) {
            if (books.pop[cur][t])
                add_with_neighbours(grid_.xy(t));
            else if (books.pop[1 - cur][t])
                add(t, grid_.xy(t), TileGrid::kAllRows);
        }
        return;
    }
    for (std::size_t i = 0; i < changed_list.size(); ++i)
        add_affected(changed_list[i], changed_xy[i]);
    for (std::uint32_t t : forced_list_) add_with_neighbours(grid_.xy(t));
}

}  // namespace toroid::detail
