// Splitting ash into objects.
//
// The envelope of a settled torus is the union of its live cells over a
// period (or over a window of generations for ash with escaping ships): an
// oscillator's phases and a ship's track are one piece of it. Objects are the
// 8-connected components of the envelope on the torus (wrapping at the
// edges), so two objects are separate when at least one empty cell lies
// between them in every phase, as in apgsearch's first split. Each object is
// returned as the cells of the current state inside its component, cropped
// to their bounding box, with the torus position of the box's corner.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/grid.hpp"

namespace toroid {

struct AshObject {
    Grid cells;                 // cropped to the object's bounding box
    std::int64_t x = 0, y = 0;  // torus position of cells(0, 0)
    bool wraps = false;         // the component wraps around the torus (no finite box)
};

// `state` and `envelope` have the same size; state's live cells must be in
// the envelope. Objects are ordered by their first cell in (y, x) order.
std::vector<AshObject> split_objects(const Grid& state, const Grid& envelope);

}  // namespace toroid
