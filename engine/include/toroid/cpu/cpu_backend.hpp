// CpuBackend: bit-parallel, vectorised, multithreaded, sparse-aware.
//
// Layout. Two bit-planes (current, next) in the stored layout shared with the
// CUDA backend, toroid/core/plane_layout.hpp: canonical words from
// kRowOffset, cell W-1 in bit 63 of the west halo word, cell 0 in bit W, so
// every west/east shift of a row is one unaligned load away, whatever the
// width. Rows are padded to whole tiles (stride = plane_stride(padded)).
// Wide tori on the sparse scheduler (rows of 32768 cells or more, planes of
// 64 MiB or more) are stored as column strips of 1536 cells instead, each a
// row-major plane with its own halo words, so that a glider crossing a
// 65536-wide torus costs 256 bytes of memory per row it reaches, not a row
// of 8 KiB (cpu_backend.cpp, StripLayout). Dense content stays row-major:
// load() of a dense grid does not choose strips, and strips whose steps
// compute more than 1/8 of the tiles move to the row-major layout.
//
// Tiles. The plane is cut into tiles of kTileWords words x kTileRows rows
// (512 x 32 cells: one AVX-512 vector wide). A step computes only active
// tiles: a tile that did not change in the previous step (state(t) ==
// state(t-2)) and whose neighbours did not change along the borders it
// touches has state(t+1) == state(t-1), which the "next" plane already holds,
// so settled still lifes and period-2 oscillators cost nothing. A tile edited
// by load() or set() is computed with its eight neighbours for two steps
// (until the "next" plane holds its past again); for stochastic rules only
// tiles with an empty neighbourhood are skipped. skip_unchanged = false
// (BackendOptions) computes every tile.
//
// Half tiles. Kernels report which words of a tile hold cells; a sparse step
// computes only the half of a tile that holds or touches cells (a 256-bit
// kernel on AVX-512), or nothing when neither half can change.
//
// Sparse patterns. The planes are anonymous memory mapped on first touch
// (transparent huge pages from 2 MiB, except for column strips), and nothing outside live tiles is
// written: a huge torus costs memory and time in proportion to its live
// area (reset() and write_region() start one without a Grid).
// Population and hash are kept per tile and summed incrementally (once hash()
// is read, kernels report each changed tile's hash delta), so both are
// O(changed tiles) per generation; live_words() lists the live cells tile by
// tile. The methuselah analyser runs on this backend. Up to 256 busy tiles
// per generation run on the calling thread (waking the pool costs more).
//
// Dense work. When every tile is computed anyway (skip_unchanged = false,
// birth on 0) on planes beyond 16 MiB, bands of rows advance several
// generations per pass while in cache (temporal blocking,
// src/cpu/temporal_blocking.hpp), so big grids run at the in-cache rate.
//
// Each tile is stepped by a kernel compiled for AVX-512, AVX2 or portable
// code, chosen at run time (use_instruction_set() forces one); tiles are
// spread over a ThreadPool and write only their own words, so results do not
// depend on the thread count.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "toroid/core/backend.hpp"

namespace toroid {

class CpuBackend final : public Backend {
  public:
    explicit CpuBackend(const Rule& rule, const BackendOptions& options = {});
    ~CpuBackend() override;

    std::string name() const override { return "cpu"; }
    std::string describe() const override;  // "cpu (avx2, 8 threads)"
    // Two planes of padded rows (tiles of kTileWords words plus halo words).
    void check_fits(std::int64_t width, std::int64_t height, int caller_planes = 1) const override;
    void load(const Grid& grid, std::uint64_t generation = 0) override;
    // Maps the planes only: untouched memory stays untouched (see Sparse patterns).
    void reset(std::int64_t width, std::int64_t height, std::uint64_t generation = 0) override;
    Grid grid() const override;
    // Row-major planes of a width that is a multiple of 64 (see Layout).
    HostRows host_rows() const override;
    std::int64_t width() const override;
    std::int64_t height() const override;
    bool get(std::int64_t x, std::int64_t y) const override;
    void set(std::int64_t x, std::int64_t y, bool alive) override;
    Grid read_region(const Rect& r) const override;
    void write_region(const Grid& src, std::int64_t x, std::int64_t y) override;
    void step(std::uint64_t generations = 1) override;
    std::uint64_t population() const override;
    std::uint64_t hash() const override;
    // Kept per tile like the population: a sum over the live tiles of a mix
    // of tile index and population (a glider inside one tile does not change
    // it).
    std::uint64_t signature() const override;
    bool signature_is_hash() const override { return false; }
    // Cost: the live tiles.
    std::vector<LiveWord> live_words() const override;
    void render(const RenderRequest& request, const RenderTarget& target) const override;

    std::string instruction_set() const;  // "avx512", "avx2" or "portable"
    // Instruction sets this CPU runs, best first; the default is the first
    // (capped by the environment variable TOROID_CPU_ISA=portable|avx2).
    static std::vector<std::string> instruction_sets();
    // Steps with the kernels for `isa` from now on (InputError when this CPU
    // lacks it). Results are identical on every instruction set.
    void use_instruction_set(const std::string& isa);
    int threads() const;
    // Temporal blocking when every tile is computed (brute force, birth on
    // 0): bands of band_rows rows advanced gens_per_pass generations while in
    // cache (src/cpu/temporal_blocking.hpp). 0 = automatic (on grids larger
    // than the L2 caches), gens_per_pass 1 = off. Results are identical.
    void set_temporal_blocking(std::int64_t band_rows, int gens_per_pass);
    // Column strips of strip_words words (a multiple of 8: whole tiles)
    // from the next load() or reset() on, whatever the size; 0 = automatic
    // (see Layout). Results are identical; tests lay small tori out in
    // strips with it. Rules that compute every tile then step one
    // generation at a time (temporal blocking needs whole rows).
    void set_column_strips(std::int64_t strip_words);
    std::int64_t column_strips() const;  // strips of the current layout (1: row-major)
    // Tiles computed by step() since load(): the work actually done.
    std::uint64_t tiles_computed() const;

  private:
    struct State;
    std::unique_ptr<State> s_;
};

}  // namespace toroid
