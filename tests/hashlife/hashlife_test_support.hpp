// Shared by the HashLife suites: rules of every deterministic kind, and a
// stepper of a torus through a raw Range1Table (for MAP-like random tables,
// which no Rule spells yet).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/range1_table.hpp"

namespace toroid::testing {

// Every deterministic kind the engine parses: B/S on the three
// neighbourhoods, with and without birth on 0 and survival on 8.
inline const std::vector<std::string> kDeterministicRules = {
    "B3/S23",        "B36/S23", "B1357/S1357",  "B3/S12345", "B3678/S34678", "B0/S8", "B0123/S",
    "B0/S012345678", "B2/S34H", "B0/S0123456H", "B2/S013V",  "B0/S4V",       "B3/S3", "B2/S"};

// One generation of the torus g under `table`, cell by cell (the 3x3 block
// index in MAP order, neighbours modulo the size).
inline Grid table_step(const Grid& g, const Range1Table& table) {
    Grid out(g.width(), g.height());
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x) {
            unsigned index = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) index = (index << 1) | g.get(x + dx, y + dy);
            if (table.next(index)) out.set(x, y, true);
        }
    return out;
}

inline Range1Table random_table(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Range1Table t;
    for (auto& w : t.bits) w = rng();
    return t;
}

}  // namespace toroid::testing
