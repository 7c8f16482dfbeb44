// The naive multi-state reference: one byte per cell, one cell at a time.
//
// Generations, from the definition (Golly's Generations help): a cell in
// state 0 is born (state 1) when its count of neighbours in state 1 is a
// birth count (or, for rules with letters or a MAP table, when the 3x3
// block of "state 1 or not" is born in the rule's table); a cell in state 1
// stays when its count is a survival count, otherwise goes to state 2 (to 0
// with 2 states); a cell in state s >= 2 goes to s + 1, and to 0 after
// states - 1. Neighbours wrap around the torus with multiplicity. Nothing is
// shared with the engine's bit planes: cells are read and written through
// the StateCells below.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::testing {

struct StateCells {
    std::int64_t width = 0, height = 0;
    std::vector<std::uint8_t> state;  // row-major
    std::uint8_t at(std::int64_t x, std::int64_t y) const;
};

StateCells cells_of(const Grid& g);
Grid grid_of(const StateCells& c, int states);

StateCells reference_generations_step(const StateCells& c, const Rule& rule);
// Range-r rules (Larger than Life, HROT) from Golly's definitions: the count
// is the cells in state 1 at offsets (dx, dy), |dx|, |dy| <= r, that the
// shape's own predicate accepts (M: all; N: |dx| + |dy| <= r; C: dx^2 + dy^2
// <= r^2 + r; 2: <= r^2; +: dx = 0 or dy = 0; H: dx <= r + dy above the
// middle's row, dx >= dy - r from it down; B: dx + dy odd), the middle only
// with M1;
// then birth, survival and decay as for Generations.
StateCells reference_range_step(const StateCells& c, const Rule& rule);
// Either kind of rule (range or not), `generations` steps.
Grid reference_generations_run(const Grid& g, const Rule& rule, std::uint64_t generations);

// A random grid of states 0..states-1 (std::mt19937_64): each cell is
// non-zero with probability `density`, its state then uniform in 1..states-1.
Grid random_state_grid(std::int64_t width, std::int64_t height, int states, double density,
                       std::uint64_t seed);

}  // namespace toroid::testing
