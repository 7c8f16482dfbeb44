// ShipCatalog: recognises spaceships by letting them run alone.
//
// classify() takes one isolated object (its cells, any position) and runs it
// by itself on a small scratch torus for up to kMaxPeriod generations. If the
// object reappears with the same shape, moved by (dx, dy) != (0, 0), after q
// generations, it is a spaceship of period q; its q phases are recorded, so
// its position at any earlier or later generation can be computed exactly.
// This works for every deterministic rule without birth on 0 (no list of
// ships per rule; multi-state rules run on their backend, the cells with
// their states, as Universe::occupied() lists them); the
// common Life ships are named (glider, LWSS, MWSS, HWSS), others are named by
// velocity, e.g. "(2,0)c/4 ship". Results are memoised by shape, so a sweep
// over thousands of still lifes costs a hash lookup each.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

namespace detail {
class ScratchTorus;
class StateScratch;
}  // namespace detail

struct ShipKind {
    std::string name;
    std::int64_t dx = 0, dy = 0;  // displacement per period
    int period = 0;
    // phases[k]: the cells k generations after the classified shape, relative
    // to that shape's top-left corner (k = 0..period-1).
    std::vector<std::vector<Cell>> phases;
};

class ShipCatalog {
  public:
    // Periods and sizes: HighLife's bomber (xq48_07z8ca7zy1e531, a replicator
    // carrying a glider: period 48, up to 65 cells, 21 wide) leaves its soups.
    static constexpr int kMaxPeriod = 64;
    static constexpr std::int64_t kMaxSize = 24;  // larger objects are never ships here
    static constexpr std::size_t kMaxCells = 96;

    explicit ShipCatalog(const Rule& rule);
    ~ShipCatalog();

    // `cells` normalised so that the smallest x and y are 0. Returns the kind
    // index, or -1 when the object is not a spaceship.
    int classify(const std::vector<Cell>& cells);
    const ShipKind& kind(int index) const { return kinds_[std::size_t(index)]; }
    int size() const { return int(kinds_.size()); }
    // Adds a kind read back from a checkpoint; returns its index.
    int add(ShipKind kind);

    // The ship's cells at generation `t`, given that at generation `r` it had
    // kind's phase 0 with top-left corner (ox, oy). Works for t < r and t >= r.
    static std::vector<Cell> cells_at(const ShipKind& k, std::int64_t ox, std::int64_t oy,
                                      std::int64_t r, std::int64_t t);

  private:
    Rule rule_;
    std::unique_ptr<detail::ScratchTorus> scratch_;  // the object alone (ship_catalog.cpp)
    std::unique_ptr<detail::StateScratch> states_;   // the same, multi-state rules
    std::unordered_map<std::string, int> memo_;
    std::vector<ShipKind> kinds_;
};

}  // namespace toroid
