// The naive reference simulator: DESIGN.md's modular formula, literally.
//
// count(x, y) = sum over the neighbourhood offsets (dx, dy) of
//               cell((x + dx) mod W, (y + dy) mod H)     (with multiplicity)
// then birth / survival by the rule; a random transition happens when the
// cell's 32-bit random number (its bits gathered level by level from the
// Philox words of stochastic.hpp's contract) is below floor(p * 2^32).
// Slow on purpose: one cell at a time, no bit tricks shared with the engine
// beyond the Philox draw, so every backend is checked against it.
#pragma once

#include <cstdint>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::testing {

Grid reference_step(const Grid& g, const Rule& rule, std::uint64_t seed, std::uint64_t generation);
Grid reference_run(Grid g, const Rule& rule, std::uint64_t seed, std::uint64_t first_generation,
                   std::uint64_t generations);

// A random grid from std::mt19937_64 (independent of the engine's soup code).
Grid random_grid(std::int64_t width, std::int64_t height, double density, std::uint64_t seed);

}  // namespace toroid::testing
