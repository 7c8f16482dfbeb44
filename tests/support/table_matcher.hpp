// The plain matcher of rule tables: the definition of Golly's @TABLE
// semantics written out, against which compiled tables are checked.
//
// It walks the transitions one by one for every cell, and for each tries
// every image under the table's symmetries, computed geometrically (a
// quarter turn (dx, dy) -> (-dy, dx), a mirror (dx, dy) -> (-dx, dy); on the
// hexagonal grid a sixth of a turn (dx, dy) -> (dx - dy, dx) and the mirror
// (dx, dy) -> (dy, dx); rotate8 as a shift of the ring of eight neighbours),
// and for `permute` every permutation of the neighbours. The first match
// gives the next state; no match keeps the state. Slow and obviously right.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/rule_table.hpp"

namespace toroid::testing {

std::uint8_t match_table(const RuleTable& table, const Block3x3& block);

// Steps a torus of byte cells (row-major, width x height) one generation
// with any StateRule's next(), cell by cell.
std::vector<std::uint8_t> step_cells(const StateRule& rule, const std::vector<std::uint8_t>& cells,
                                     std::int64_t width, std::int64_t height);

}  // namespace toroid::testing
