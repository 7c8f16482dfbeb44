// Internal to the CPU backend: which tiles a step computes.
//
// A tile whose new state equals the state two generations earlier is
// "unchanged"; a step computes a tile only when it or a neighbour whose
// shared border changed was changed by the previous step: for a
// deterministic rule an unchanged neighbourhood implies state(t+1) ==
// state(t-1), which the plane being written already holds. The same holds
// row by row: kernels report which rows of a tile changed (TileOutcome), and
// a tile is computed only in the rows next to a changed row, of its own or
// across the border it shares with a changed neighbour. An edited tile is
// forced, with its eight neighbours, for two steps (until the plane being
// written holds its past again). Stochastic rules repeat nothing: every
// tile near life is computed, and every tile whose old content must be
// cleared. Rules that compute every tile (brute force, birth on 0) list
// them all.
//
// The scheduler also keeps what the last step reported per tile (changed,
// borders, rows, hash delta) and, per tile row and strip boundary, the rows
// whose edge bits a step must repair (strip_layout.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "tile_books.hpp"
#include "tile_grid.hpp"
#include "zeroed_array.hpp"

namespace toroid::detail {

class TileScheduler {
  public:
    // Filled by schedule(): the tiles to compute, with their columns and rows.
    std::vector<std::uint32_t> active;
    std::vector<TileXY> active_xy;
    ZeroedArray<std::uint32_t> need_rows;  // rows of each active tile to compute

    // Reported by the last step, per tile.
    ZeroedArray<std::uint8_t> changed;        // differs from what the plane held (t-1)
    ZeroedArray<std::uint8_t> edges;          // kEdge* bits: borders that changed
    ZeroedArray<std::uint32_t> changed_rows;  // sparse steps: rows that changed
    ZeroedArray<std::uint64_t> delta;         // hash change (while hashes are tracked)
    std::vector<std::uint32_t> changed_list;  // tiles changed in the last step
    std::vector<TileXY> changed_xy;

    // Boundaries to repair after a step: ty * strips + b, with their rows.
    ZeroedArray<std::uint32_t> boundary_rows;
    std::vector<std::uint32_t> boundary_work;

    // A torus of this tile grid (words: canonical words per row) and this
    // many strips; every list and counter empty.
    void reset(const TileGrid& grid, std::int64_t words, std::int64_t strips);
    // New strips (the layout changed; tiles are unchanged).
    void set_strips(std::int64_t strips);
    // The step forgets what the last one reported (load, reset).
    void forget_changes() {
        changed_list.clear();
        changed_xy.clear();
    }
    // No tile is forced any more (reset() cleared the planes).
    void unforce_all() {
        for (std::uint32_t t : forced_list_) forced_[t] = 0;  // the others are 0
        forced_list_.clear();
    }

    // Tile t was edited: it and its neighbours are computed for two steps.
    void force(std::uint32_t t) {
        if (!forced_[t]) forced_list_.push_back(t);
        forced_[t] = 2;
    }
    // After a step: one step fewer for the forced tiles.
    void age_forced();

    // Lists the tiles of the next step (active, active_xy, need_rows):
    // every tile when all_tiles, else as described above; `books` and `cur`
    // (the plane holding the current state) tell where life is.
    void schedule(bool all_tiles, bool stochastic, const TileBooks& books, int cur);

    // Words of tile t the next step must compute: those that may hold a cell
    // or touch one, in this tile or across its borders, and those whose old
    // content in the next plane must be cleared. The rest of the tile is
    // dead before and after.
    std::uint8_t words_needed(std::uint32_t t, TileXY xy, const TileBooks& books, int cur) const;

    // The step's list of boundaries to repair: rows of boundary b of tile row ty.
    void start_boundaries() { boundary_work.clear(); }
    void note_boundary(std::int64_t ty, std::int64_t b, std::uint32_t rows) {
        if (b < 0 || rows == 0) return;
        const std::size_t e = std::size_t(ty * strips_ + b);
        if (boundary_stamp_[e] == stamp_now_) {
            boundary_rows[e] |= rows;
            return;
        }
        boundary_stamp_[e] = stamp_now_;
        boundary_rows[e] = rows;
        boundary_work.push_back(std::uint32_t(e));
    }

  private:
    // Tile t (at xy) is computed this step, at least the rows in `rows`.
    void add(std::uint32_t t, TileXY xy, std::uint32_t rows) {
        if (stamp_[t] != stamp_now_) {
            stamp_[t] = stamp_now_;
            active.push_back(t);
            active_xy.push_back(xy);
            need_rows[t] = rows;
        } else {
            need_rows[t] |= rows;
        }
    }
    void add_with_neighbours(TileXY xy);
    void add_affected(std::uint32_t t, TileXY xy);

    TileGrid grid_;
    std::int64_t words_ = 0, strips_ = 1;
    // Edited tiles: steps left during which the tile and its neighbours are
    // computed whatever changed.
    ZeroedArray<std::uint8_t> forced_;
    std::vector<std::uint32_t> forced_list_;
    // De-duplication of the lists of one step.
    ZeroedArray<std::uint32_t> stamp_, boundary_stamp_;
    std::uint32_t stamp_now_ = 0;
};

}  // namespace toroid::detail
