// Internal to the census (soup_census.cpp): live cells grouped for the
// ship sweeps, and the boxes they need.
//
// groups_of() joins cells within Chebyshev distance 2 of one another: two
// such cells can influence a common cell in the next generation, so cells
// farther apart than that evolve independently for at least one step.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/grid.hpp"

namespace toroid::detail {

// Box of cells[i] for i in `members` (non-empty).
Rect box_of(const std::vector<Cell>& cells, const std::vector<std::uint32_t>& members);
// Box of all the cells (empty for none).
Rect box_of(std::span<const Cell> cells);
// Smallest box holding both (an empty box is ignored).
Rect unite(const Rect& a, const Rect& b);
// `cells` sorted by (y, x); each group lists indices into `cells`, groups
// in the order of their first cell.
std::vector<std::vector<std::uint32_t>> groups_of(const std::vector<Cell>& cells);

// The envelope of several generations' cells (each list sorted by (y, x)):
// every position alive in some list once, in (y, x) order, grouped by
// groups_of(), and the group of each envelope cell.
struct EnvelopeGroups {
    std::vector<Cell> envelope;
    std::vector<std::vector<std::uint32_t>> groups;
    std::vector<std::uint32_t> group_of;  // per envelope cell
};
EnvelopeGroups envelope_groups(const std::vector<std::vector<Cell>>& phases);

}  // namespace toroid::detail
