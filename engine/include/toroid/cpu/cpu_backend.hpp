// CpuBackend: bit-parallel, vectorised, multithreaded, sparse-aware.
//
// Layout. Each of two bit-planes (current, next) stores row y at
// base + y * stride: word positions [kRowOffset, kRowOffset + words) hold the
// canonical words, the word before them (left halo) holds cell W-1 in bit 63,
// and bit W (the first padding bit, or bit 0 of the word after the row)
// holds cell 0. With those two "edge" bits in place, every west/east shift of
// a row is one unaligned load away, whatever the width, and tiny widths
// (1, 2, 3, ...) get the modular neighbours with multiplicity for free.
//
// Tiles. The plane is cut into tiles of kTileWords words x kTileRows rows
// (2048 x 32 cells). A step computes only active tiles: a tile that did not
// change in the previous step (state(t) == state(t-2)) and whose neighbours
// did not change along the borders it touches has state(t+1) == state(t-1),
// which the "next" plane already holds, so settled still lifes and period-2
// oscillators cost nothing. For a few steps after a load or an edit, and for
// stochastic rules, only tiles with an empty neighbourhood are skipped.
// skip_unchanged = false (BackendOptions) computes every tile.
// Each tile is stepped by a kernel compiled for AVX-512, AVX2 or portable
// code, chosen at run time; tiles are spread over a ThreadPool and write
// only their own words, so results do not depend on the thread count.
#pragma once

#include <memory>
#include <string>

#include "toroid/core/backend.hpp"

namespace toroid {

class CpuBackend final : public Backend {
  public:
    explicit CpuBackend(const Rule& rule, const BackendOptions& options = {});
    ~CpuBackend() override;

    std::string name() const override { return "cpu"; }
    void load(const Grid& grid, std::uint64_t generation = 0) override;
    Grid grid() const override;
    std::int64_t width() const override;
    std::int64_t height() const override;
    bool get(std::int64_t x, std::int64_t y) const override;
    void set(std::int64_t x, std::int64_t y, bool alive) override;
    Grid read_region(const Rect& r) const override;
    void step(std::uint64_t generations = 1) override;
    std::uint64_t population() const override;
    std::uint64_t hash() const override;
    void render(const RenderRequest& request, const RenderTarget& target) const override;

    std::string instruction_set() const;  // "avx512", "avx2" or "portable"
    int threads() const;
    // Tiles computed by step() since load(): the work actually done.
    std::uint64_t tiles_computed() const;

  private:
    struct State;
    std::unique_ptr<State> s_;
};

}  // namespace toroid
