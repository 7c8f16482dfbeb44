// The naive 1-D reference: one cell at a time, straight from the definition
// of an elementary automaton (Wolfram's numbering, docs/eca.md): the new
// state of a cell is bit 4l + 2c + r of the rule number, with l, c, r the
// left neighbour, the cell and the right neighbour, taken mod the width.
// Shares nothing with the engine's bit-sliced code. The 2-D twin is
// reference.hpp.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace toroid::testing {

using Cells = std::vector<int>;

inline Cells naive_eca_step(const Cells& cells, int rule) {
    const std::size_t w = cells.size();
    Cells next(w);
    for (std::size_t x = 0; x < w; ++x) {
        const int l = cells[(x + w - 1) % w], c = cells[x], r = cells[(x + 1) % w];
        next[x] = (rule >> (4 * l + 2 * c + r)) & 1;
    }
    return next;
}

inline Cells naive_eca_run(Cells cells, int rule, std::int64_t steps) {
    for (std::int64_t i = 0; i < steps; ++i) cells = naive_eca_step(cells, rule);
    return cells;
}

inline Cells random_cells(std::size_t width, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    Cells c(width);
    for (auto& v : c) v = static_cast<int>(gen() & 1);
    return c;
}

}  // namespace toroid::testing
