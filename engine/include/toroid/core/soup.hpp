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

}  // namespace toroid
