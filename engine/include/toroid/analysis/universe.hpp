// Universe: the small simulator interface the long-run analysers use.
//
// An analyser (methuselah lifespans, soups) needs to step a torus, read its
// live cells, delete escaping objects and hash the state, many thousands of
// times per second. The Universe is a view of a Backend; on the CPU backend
// (the default, "auto") every one of those costs only the live tiles: the
// backend's active-tile scheduler skips settled space, keeps population and
// hash per tile, and lists live cells from the live tiles (cpu_backend.hpp).
// Any torus size and rule kind; `--backend cuda` (or any registered name)
// runs the same interface on another backend, at full-grid cost per call.
// make_universe("auto" | "cpu" | "cuda" | ..., ...) picks one.
//
// Coordinates are torus coordinates (0 <= x < width, 0 <= y < height).
// hash() equals Grid::hash() (and Backend::hash()) of the same state.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

// A cell and its state: 1 (live) unless listed by occupied() under a
// multi-state rule, where dying cells carry their states 2..states-1.
struct Cell {
    std::int64_t x = 0, y = 0;
    std::uint8_t state = 1;
    bool operator==(const Cell&) const = default;
    auto operator<=>(const Cell& o) const {
        if (auto c = y <=> o.y; c != 0) return c;
        return x <=> o.x;
    }
};

class Universe {
  public:
    virtual ~Universe() = default;
    virtual std::string name() const = 0;
    virtual std::int64_t width() const = 0;
    virtual std::int64_t height() const = 0;
    virtual std::uint64_t generation() const = 0;

    // Replaces the state; `grid` must have this universe's size.
    virtual void load(const Grid& grid, std::uint64_t generation) = 0;
    // Replaces the state by these cells (in their states) at `generation`,
    // at the cost of the cells (no Grid of the torus's size) where every
    // cell is in state 1.
    virtual void start(std::span<const Cell> cells, std::uint64_t generation) = 0;
    virtual Grid grid() const = 0;
    virtual void step(std::uint64_t generations = 1) = 0;
    virtual std::uint64_t population() const = 0;
    virtual std::uint64_t hash() const = 0;
    // A cheap summary for spotting repeats: equal states have equal
    // signatures, different states usually differ; hash() where nothing
    // cheaper is kept (the CPU backend keeps one per tile).
    virtual std::uint64_t signature() const { return hash(); }
    // Whether signature() is hash() itself (then a repeat detector should
    // look at it alone: hashing again on a repeated signature is the same
    // full cost twice).
    virtual bool signature_is_hash() const { return true; }
    // Live cells, sorted by (y, x): cells in state 1 (Backend::live_words);
    // under a multi-state rule the other states are in grid() and hash().
    virtual std::vector<Cell> cells() const = 0;
    // Every cell in a state other than 0, with its state, sorted by (y, x):
    // cells() under a two-state rule.
    virtual std::vector<Cell> occupied() const { return cells(); }
    // The box of cells(): smallest x and y to largest (empty for none).
    virtual Rect live_box() const;
    // Empties the given cells, whatever their states (cells already empty
    // are ignored).
    virtual void clear_cells(std::span<const Cell> cells) = 0;
};

// backend: a Backend name, or "auto": the preferred backend for sparse work
// (core/registry.hpp), the CPU tile engine.
std::unique_ptr<Universe> make_universe(const std::string& backend, const Rule& rule,
                                        std::int64_t width, std::int64_t height,
                                        const BackendOptions& options = {});

}  // namespace toroid
