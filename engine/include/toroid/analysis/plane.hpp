// Plane: a pattern evolved as if on an unbounded plane.
//
// Identification (identify.hpp) and the census need an object on its own,
// far from everything else. The plane keeps the live cells in a torus with a
// margin of empty cells around them and re-embeds them in a larger (or
// re-centred) torus whenever they come within two cells of its edge; since
// a cell influences only its neighbours, no cell ever meets its own
// wrapped image, so the evolution is the plane's. Coordinates are absolute
// plane coordinates: the pattern's cell (x, y) at generation 0 is (x, y).
//
// Range-r rules (Larger than Life, HROT) reach r cells, so the margin kept
// is r + 1 cells instead of two.
//
// Rules with birth on 0 fill empty space at once, so they cannot run on a
// plane: for them the plane is `bounded` (a fixed torus of the pattern's size
// plus a margin) and says so.
//
// Rules the two-state engines do not run (Rule::needs_multistate_backend():
// more than two states, ranges beyond 1, named rules) are stepped by the
// backend the registry gives them ("auto", one thread: objects are small),
// loaded from the plane's grid and read back each generation; the cells then
// carry their states (Grid::state), and "live" means any state but 0.
#pragma once

#include <cstdint>
#include <memory>

#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

// One generation of a whole torus with any rule (torus_step.hpp's scalar
// path): stochastic draws keyed by `seed`, indexed by `generation`.
Grid step_torus(const Grid& g, const CompiledRule& rule, std::uint64_t seed,
                std::uint64_t generation);

// Smallest rectangle holding the live cells of a torus, wrap-aware: the
// shortest rectangle on the torus (an object straddling an edge gets a box
// starting near the right or bottom edge). Empty Rect when there are none.
Rect torus_bounding_box(const Grid& g);

class Plane {
  public:
    // The live cells of `pattern` at plane coordinates (x, y) of the grid.
    Plane(const Grid& pattern, const Rule& rule, std::uint64_t seed = 0);

    void step();
    std::uint64_t generation() const { return generation_; }
    std::uint64_t population() const { return grid_.population(); }
    bool bounded() const { return bounded_; }
    // Bounding box in plane coordinates (empty when no cell is alive), and
    // the live cells cropped to it.
    Rect bounding_box() const;
    Grid cells() const;  // cropped to bounding_box()
    // Whether plane cell (x, y) is alive (in any state but 0), and its state.
    bool get(std::int64_t x, std::int64_t y) const { return state(x, y) != 0; }
    int state(std::int64_t x, std::int64_t y) const;

  private:
    void ensure_margin();

    Rule rule_;
    CompiledRule compiled_;             // two-state rules
    std::unique_ptr<Backend> backend_;  // the others (see above)
    std::int64_t reach_ = 1;            // the neighbourhood's range
    std::uint64_t seed_;
    std::uint64_t generation_ = 0;
    Grid grid_;
    std::int64_t origin_x_ = 0, origin_y_ = 0;  // plane coordinates of grid cell (0, 0)
    bool bounded_ = false;
};

}  // namespace toroid
