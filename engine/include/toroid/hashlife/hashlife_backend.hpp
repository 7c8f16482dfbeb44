// HashLifeBackend: the "hashlife" backend, HashLife on tori.
//
// A torus whose sides are powers of two (8 to 2^62, square or not) is one
// HashLife node (torus_tree.hpp), stepped 2^j generations at a time by
// Gosper's memoised recursion (stepper.hpp) over hash-consed nodes
// (node_store.hpp). Repetitive content costs what its distinct squares
// cost, in space and in time: a torus of gliders goes 10^15 generations in
// a fraction of a second, and two states are equal exactly when their root
// nodes are (save_state / same_state compare one id: analysis/torus_cycle.hpp
// finds exact periods that way).
//
// Rules: every deterministic two-state rule of range 1 through its table
// form (Rule::range1_table(), leaf_rule.hpp), birth on 0 literally.
// Stochastic rules and other sizes are InputErrors with a message saying
// what would work; the registry's "auto" never picks this backend (its
// preference is below "cpu"), so those keep running on the tile engine.
//
// Memory: the node store's budget, BackendOptions::memory_bytes, by default
// half of the memory available when the backend is made (at least 64 MiB);
// past it the store collects garbage, and a step that cannot fit even then
// is refused with MemoryBudgetExceeded (InputError), the torus unchanged.
//
// Populations: population_wide() is exact up to 2^124 cells; population()
// refuses (InputError) a count above 2^64 - 1. The hash (hash()) visits the
// squares holding live cells, so it costs in proportion to the live words;
// grid() builds the canonical grid (refused beyond memory, like any Grid).
#pragma once

#include <memory>
#include <string>

#include "toroid/core/backend.hpp"
#include "toroid/hashlife/torus_tree.hpp"

namespace toroid {

class HashLifeBackend final : public Backend {
  public:
    HashLifeBackend(const Rule& rule, const BackendOptions& options);
    ~HashLifeBackend() override;

    std::string name() const override { return "hashlife"; }
    std::string describe() const override;

    void load(const Grid& grid, std::uint64_t generation = 0) override;
    void reset(std::int64_t width, std::int64_t height, std::uint64_t generation = 0) override;
    Grid grid() const override;
    std::int64_t width() const override;
    std::int64_t height() const override;

    bool get(std::int64_t x, std::int64_t y) const override;
    void set(std::int64_t x, std::int64_t y, bool alive) override;
    Grid read_region(const Rect& r) const override;
    void write_region(const Grid& src, std::int64_t x, std::int64_t y) override;

    void step(std::uint64_t generations = 1) override;
    std::uint64_t population() const override;
    WideCount population_wide() const override;
    std::uint64_t hash() const override;

    void check_fits(std::int64_t width, std::int64_t height, int caller_planes = 1) const override;

    // Rendering (tree_render.cpp): a view of at most direct_render_cells()
    // cells is drawn from its cells, exactly as every backend draws it; a
    // wider view (a huge torus zoomed out) samples the tree: each pixel
    // shows the density of the node square of the largest power-of-two side
    // not above its span, under its centre. That is the exact picture at
    // power-of-two zooms whose pixels align with the tree (Golly's zooms),
    // and costs O(pixels x levels) whatever the torus.
    void render(const RenderRequest& request, const RenderTarget& target) const override;
    std::uint64_t direct_render_cells() const { return direct_render_cells_; }
    void set_direct_render_cells(std::uint64_t cells) { direct_render_cells_ = cells; }

    std::unique_ptr<SavedState> save_state() const override;
    bool same_state(const SavedState& saved) const override;
    void restore_state(const SavedState& saved) override;

    std::optional<std::string> macrocell_text(const WriteOptions& options) const override;
    void load_macrocell(const MacrocellTree& tree, std::int64_t width, std::int64_t height,
                        std::uint64_t generation = 0) override;

    // For tests, benchmarks and the macrocell writer.
    const hashlife::TorusTree& tree() const;
    hashlife::NodeStore& store() { return store_; }
    const hashlife::NodeStore& store() const { return store_; }

    // Half of MemAvailable, at least 64 MiB (1 GiB when it cannot be read).
    static std::uint64_t default_memory_bytes();

  private:
    hashlife::TorusTree& torus() const;  // InputError before load() / reset()

    hashlife::NodeStore store_;
    hashlife::LeafRule leaf_rule_;
    hashlife::Stepper stepper_;
    std::unique_ptr<hashlife::TorusTree> tree_;
    std::uint64_t direct_render_cells_ = std::uint64_t(1) << 26;
};

// The registry's factory for "hashlife".
std::unique_ptr<Backend> make_hashlife_backend(const Rule& rule, const BackendOptions& options);

}  // namespace toroid
