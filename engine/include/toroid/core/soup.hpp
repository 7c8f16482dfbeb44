// Random soups, reproducible everywhere.
//
// Cell (rx, ry) of the region is alive iff its Philox draw is below
// density * 2^32, with key = seed and counter = (cell index within the
// region, generation tag 2^64-1), so the same (size, density, seed) gives the
// same soup on every backend and machine, wherever the region is placed.
#pragma once

#include <cstdint>
#include <optional>

#include "toroid/core/grid.hpp"

namespace toroid {

// Fills `region` (default: the whole torus; wraps around) of g: cells of the
// region are overwritten. density must be in [0, 1] (InputError otherwise).
void fill_soup(Grid& g, double density, std::uint64_t seed,
               std::optional<Rect> region = std::nullopt);

// A soup of a multi-state rule (`states` 3..256): the live cells of
// fill_soup's soup (same density, seed and region), each given a state
// 1..states-1 by a second draw (counter tag 2^64-2), uniformly. Named rules
// such as WireWorld need every state in a soup; Generations soups keep
// state 1 only (dying states are what live cells become).
void fill_state_soup(Grid& g, double density, int states, std::uint64_t seed,
                     std::optional<Rect> region = std::nullopt);

}  // namespace toroid
