// The naive reference simulator: the torus's modular neighbourhood formula, literally.
//
// count(x, y) = sum over the neighbourhood offsets (dx, dy) of
//               cell((x + dx) mod W, (y + dy) mod H)     (with multiplicity)
// then birth / survival by the rule (rules given as a table, isotropic or
// MAP: the 3x3 block as the table's index); a random transition happens when the
// cell's 32-bit random number (its bits gathered level by level from the
// Philox words of stochastic.hpp's contract) is below floor(p * 2^32).
// Slow on purpose: one cell at a time, no bit tricks shared with the engine
// beyond the Philox draw, so every backend is checked against it.
#pragma once

#include <cstdint>

#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::testing {

Grid reference_step(const Grid& g, const Rule& rule, std::uint64_t seed, std::uint64_t generation);
Grid reference_run(Grid g, const Rule& rule, std::uint64_t seed, std::uint64_t first_generation,
                   std::uint64_t generations);

// A random grid from std::mt19937_64 (independent of the engine's soup code).
Grid random_grid(std::int64_t width, std::int64_t height, double density, std::uint64_t seed);

// Steps `backend`, which holds `start` at generation `first`, `chunks` times
// `gens` generations and compares its grid and population with the
// reference after each chunk: the generation of the first difference, or
// -1 when all agree.
std::int64_t first_difference_from_reference(Backend& backend, Grid start, const Rule& rule,
                                             std::uint64_t seed, std::uint64_t first, int chunks,
                                             int gens);

// Resident memory of this process (/proc/self/statm), in bytes.
double resident_bytes();

// Sets the five cells of a glider in g, its 3 x 3 box from (x0, y0) mirrored
// so that it flies towards (sx, sy), each +1 or -1 (a cell a quarter period).
void place_glider(Grid& g, std::int64_t x0, std::int64_t y0, int sx, int sy);

}  // namespace toroid::testing
