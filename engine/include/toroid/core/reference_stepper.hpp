// The plain reference stepper: the torus's definition, one cell at a time.
//
//   count(x, y) = sum over the neighbourhood offsets (dx, dy) of
//                 cell((x + dx) mod W, (y + dy) mod H)      (with multiplicity)
// then birth or survival by the rule. Deterministic rules step through their
// table form (range1_table.hpp: the 3x3 block as an index), the general form
// every two-state rule of range 1 reduces to. A random transition happens when the
// cell's 32-bit number, read digit by digit from the level words of its
// canonical word (stochastic.hpp's contract), is below floor(p * 2^32). Slow on
// purpose and sharing nothing with the backends but the Philox words: `toroid selftest` checks
// every backend against it. (The test suite keeps its own, separately written reference in
// tests/support, so the two also check each other.)
//
// Rules of more than two states or ranges beyond 1
// (Rule::needs_multistate_backend()) go to reference_multistate_step: one
// byte per cell; range-1 rules decide through the two-state rule's table on
// the cells in state 1, range-r rules count state-1 cells over each shape's
// own predicate (rule.hpp's definitions); then Generations decay. Its grid
// carries Grid::planes_for_states(states) planes, as the backends' grids do.
#pragma once

#include <cstdint>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

Grid reference_step(const Grid& g, const Rule& rule, std::uint64_t seed, std::uint64_t generation);
Grid reference_multistate_step(const Grid& g, const Rule& rule);

}  // namespace toroid
