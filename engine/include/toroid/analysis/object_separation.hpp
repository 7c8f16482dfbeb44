// Separating settled ash into objects, as apgsearch's classifier does.
//
// The envelope of the ash over one period (the union of its phases) falls
// into islands, its 8-connected pieces on the torus. Islands are not yet
// objects: an aircraft carrier is two islands, each of which alone would
// grow into a block, and a pulsar is four. Two islands belong to one object
// when one of them relies on the other: at some cell that never comes alive
// (outside the envelope) and in some phase, the island's own cells around it
// would give birth there if the island were alone, so the other island's
// cells must be what prevents it. Such islands are merged, and the test is
// repeated with the merged groups' cells until nothing changes (a group may
// give birth where none of its islands did). Cells inside the envelope need
// no test: a cell born from two islands, or a live cell kept alive or killed
// by one, lies in the envelope next to both, so they are one island already.
//
// What is left are the independent groups: each evolves alone exactly as
// it does in the ash, so pseudo still lifes and pseudo oscillators split
// into their parts (a bi-block is two blocks), while strict multi-island
// objects stay whole (carrier, pulsar, table on table). apgsearch's
// pseudoBangBang is the same idea; nothing here is coded by its future.
//
// Works for every rule with a 3x3 (or smaller) neighbourhood and no birth on
// zero: which 3x3 configurations give birth is read off the rule once, by
// stepping each of the 256 around a dead centre. Generations ash (grids
// with states) is separated with its live plane's rule: dying cells are in
// the envelope but are never born on and count as no one's neighbours;
// objects keep their cells' states.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "toroid/analysis/object_split.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/grid.hpp"

namespace toroid {

class ObjectSeparator {
  public:
    explicit ObjectSeparator(const CompiledRule& rule);

    // `phases`: the ash at consecutive generations over (at least) one full
    // period, all of one size; phases[0] is the state whose cells are
    // returned. Objects are ordered by their first island's first cell in
    // (y, x) order.
    // One thread at a time (its scratch is kept between calls).
    std::vector<AshObject> separate(const std::vector<Grid>& phases) const;

    // Whether a dead cell whose 3x3 neighbourhood is `mask` (bit 3*dy + dx,
    // dx, dy in 0..2, the centre bit 4 clear) is born.
    bool births(unsigned mask) const { return births_[mask & 0x1ef]; }

  private:
    std::array<bool, 512> births_{};
    // Each cell's island (kNone when none) and unwrapped place, by y * w + x:
    // kept between calls and only the envelope's cells reset after one, so
    // the census's thousands of separations neither allocate nor clear a
    // whole box each.
    mutable std::vector<std::uint32_t> island_;
    mutable std::vector<std::int64_t> ux_, uy_;
};

}  // namespace toroid
