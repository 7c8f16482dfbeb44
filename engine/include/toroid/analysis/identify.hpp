// Identifying a pattern: what it is, its period, displacement and speed.
//
// The pattern is run on a plane (plane.hpp) and every generation is compared,
// cropped to its bounding box, with the earlier ones (hashes first, cells to
// confirm). The first repeat, generation t equal to generation t0 translated,
// gives the period P = t - t0 and the displacement (dx, dy) = the shift of
// the bounding box (y grows downwards, in the pattern's own orientation):
//   still        P = 1                    oscillator   P > 1, dx = dy = 0
//   spaceship    (dx, dy) != 0            dies         no cell left
// A pattern that never repeats within the budget is
//   replicator   a later generation holds two or more isolated copies of
//                generation 0 (period: that generation; dx, dy: from the
//                original to the nearest copy)
//   gun          the population grows by the same amount every P
//                generations while the cells around the original stay
//                periodic (the emitted ships carry the growth away)
//   growing      anything else that ends larger than it started
//   unknown      no repeat and no growth (chaotic, or the budget was short)
// Rules beyond two states or range 1 (Generations, Larger than Life) run on
// their backend (plane.hpp) and phases compare every state; Generations
// objects get lifelib's layered apgcodes (canonical_code.hpp), Larger than
// Life and named rules none.
// Speed is written as LifeWiki does: "c/4 diagonal", "c/2 orthogonal",
// "2c/5 orthogonal", "(2,1)c/6 oblique". Heat is the mean number of cells
// that change per generation over one period.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct Identification {
    std::string kind = "unknown";
    std::uint64_t period = 0;
    std::int64_t dx = 0, dy = 0;
    std::string speed;             // empty unless it moves
    std::uint64_t settles_at = 0;  // generation where the repeating orbit starts
    std::uint64_t population_min = 0, population_max = 0;  // over the orbit (or the run)
    std::int64_t width = 0, height = 0;                    // bounding box at generation 0
    double heat = 0;
    std::string code;               // apgcode for still lifes, oscillators, spaceships
    std::uint64_t generations = 0;  // generations run
    bool bounded = false;           // B0 rule: run on a finite torus, not a plane
};

struct IdentifyOptions {
    std::uint64_t max_generations = 4096;
    std::uint64_t seed = 0;     // stochastic rules
    bool detect_growth = true;  // look for guns and replicators when nothing repeats
    // The whole torus instead of the plane (analysis/torus_lifespan.hpp):
    // with whole_torus, or always on the hashlife backend. Size 0: the
    // pattern's own.
    bool whole_torus = false;
    std::string backend = "auto";
    std::int64_t torus_width = 0, torus_height = 0;
    std::uint64_t memory_bytes = 0;  // hashlife's budget (BackendOptions::memory_bytes)
};

Identification identify(const Grid& pattern, const Rule& rule, const IdentifyOptions& options = {});

// "c/4 diagonal" etc.; empty for dx = dy = 0.
std::string speed_text(std::int64_t dx, std::int64_t dy, std::uint64_t period);

}  // namespace toroid
