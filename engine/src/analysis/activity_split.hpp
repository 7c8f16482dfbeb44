// Internal to the census (soup_census.cpp): an unsettled soup split into
// its settled parts and its growing ones, as apgsearch's classifier splits
// a soup that never stabilises before coding its growth.
//
// `history[k]` lists the live cells (sorted by (y, x), no wrapping) k
// generations after some start, k = 0..W. The envelope (every cell alive at
// some k) is grouped as cell_groups.hpp groups cells (within Chebyshev
// distance 2); a part is the cells of one group. A part is periodic when its
// cells over the second half of the window repeat with some period P <=
// W / 2 (compared by a hash of the part's cells at each k): the ash far from
// the growth, a block trail, an oscillator. The others (a switch engine with
// its newest debris, a gun with its nearest gliders, a ship in flight) are
// aperiodic; the caller codes those by ShipCatalog or linear_growth.hpp.
// A part that is empty at the end (a spark that died) is dropped.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/analysis/universe.hpp"

namespace toroid::detail {

struct ActivityPart {
    bool periodic = false;
    std::uint64_t period = 0;  // periodic parts: P
    // Periodic: its cells at k = W - P + 1 .. W (one period, oldest first);
    // aperiodic: its cells at k = W alone.
    std::vector<std::vector<Cell>> phases;
};

std::vector<ActivityPart> split_by_activity(const std::vector<std::vector<Cell>>& history);

}  // namespace toroid::detail
