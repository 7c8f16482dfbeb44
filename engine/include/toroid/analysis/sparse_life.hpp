// SparseLife: a sparse, QuickLife-like simulator for long analyses.
//
// The torus (sides multiples of 64) is cut into 64x64-cell tiles, each one
// 64 words (row r of a tile = one uint64_t, cell x at bit x % 64). Every tile
// has two buffers, like the CPU backend's planes: at generation t one holds
// state(t), the other state(t-1). A tile is "dirty" when state(t) differs
// from state(t-2). A step computes only tiles with a dirty tile in their 3x3
// tile neighbourhood: any other tile has state(t+1) == state(t-1), which its
// other buffer already holds. So still lifes and period-2 oscillators cost
// nothing, and the work follows the active area, not the torus.
//
// Population and hash are kept per tile and per buffer and summed
// incrementally, so both are O(1) per generation. Editing cells
// (clear_cells, load) forces the tile to be computed for two steps, which
// restores the two-buffer invariant.
//
// The update arithmetic is bitslice.hpp's, shared with the CPU and CUDA
// backends; results are bit-identical. Rules: deterministic, no birth on 0.
#pragma once

#include "toroid/analysis/universe.hpp"

namespace toroid {

class SparseLife final : public Universe {
  public:
    // Throws InputError when !sparse_life_supports(rule, width, height).
    SparseLife(const Rule& rule, std::int64_t width, std::int64_t height);

    std::string name() const override { return "sparse"; }
    std::int64_t width() const override { return tiles_x_ * 64; }
    std::int64_t height() const override { return tiles_y_ * 64; }
    std::uint64_t generation() const override { return generation_; }
    void load(const Grid& grid, std::uint64_t generation) override;
    Grid grid() const override;
    void step(std::uint64_t generations = 1) override;
    std::uint64_t population() const override { return total_pop_[cur_]; }
    std::uint64_t hash() const override;
    std::vector<Cell> cells() const override;
    void clear_cells(std::span<const Cell> cells) override;

    // Tile computations since construction: the work actually done.
    std::uint64_t tiles_computed() const { return tiles_computed_; }

  private:
    std::uint64_t* tile(int b, std::size_t t) { return buf_[b].data() + t * 64; }
    const std::uint64_t* tile(int b, std::size_t t) const { return buf_[b].data() + t * 64; }
    std::uint64_t tile_hash(std::size_t t, const std::uint64_t* rows) const;
    std::uint64_t compute_tile(std::size_t t, std::uint64_t* out) const;  // returns the population
    void force(std::size_t t);

    CompiledRule rule_;
    bool life_ = false;
    std::int64_t tiles_x_ = 0, tiles_y_ = 0;
    std::uint64_t generation_ = 0;
    int cur_ = 0;
    std::vector<std::uint64_t> buf_[2];
    std::vector<std::uint64_t> pop_[2], hash_[2];
    std::uint64_t total_pop_[2] = {0, 0}, total_hash_[2] = {0, 0};
    // Bit (dy + 1) * 3 + (dx + 1) of a 9-bit tile-neighbourhood mask.
    static std::uint16_t edge_bit9(std::int64_t dx, std::int64_t dy) {
        return std::uint16_t(1u << ((dy + 1) * 3 + (dx + 1)));
    }
    std::vector<std::uint8_t> forced_;  // steps left that must compute the tile
    std::vector<std::uint16_t> edges_;  // dirty tiles: neighbours that read a changed border
    std::vector<std::uint32_t> dirty_;  // tiles dirty at this generation, or forced
    std::vector<std::uint32_t> stamp_;
    std::uint32_t stamp_now_ = 0;
    std::vector<std::uint32_t> active_;
    std::uint64_t tiles_computed_ = 0;
};

}  // namespace toroid
