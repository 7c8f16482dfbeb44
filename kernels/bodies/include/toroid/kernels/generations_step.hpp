// The CUDA step of Generations rules of range 1 (Moore, hexagonal, von
// Neumann, isotropic letters, MAP: core/rule.hpp), and the decay every
// multi-state kernel shares.
//
// Storage: a byte torus, one state 0..255 a cell, row-major without halos;
// `cur` and `next` are separate buffers, so no thread reads what another
// writes. A thread per cell (a 2-D grid of kGenerationsBlockX x
// kGenerationsBlockY blocks over (x, y); threads past the torus return)
// reads its 3x3 block of live cells (state 1: dying cells count as dead, as
// in Golly), looks the block's index up in the live plane's table
// (Range1Table: the two-state rule's whole transition, 512 bits, passed by
// value so that it sits in the kernel's parameter space), and applies the
// decay:
//
//   state 0   -> 1 when born, else 0
//   state 1   -> 1 when it survives, else 2 (0 with two states)
//   state s>1 -> s + 1, 0 after the last state (states - 1)
//
// which is reference_multistate_step's definition, written again here in a
// form the device runs (the test compares the two).
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"
#include "toroid/core/range1_table.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kGenerationsBlockX = 32, kGenerationsBlockY = 8;

// The next state of a cell in state s whose birth/survival decision is `on`.
TOROID_HD std::uint8_t multistate_next(std::uint32_t s, bool on, int states) {
    if (s == 0) return on ? 1 : 0;
    if (s == 1) return on ? 1 : (states > 2 ? 2 : 0);
    return s + 1 == std::uint32_t(states) ? 0 : std::uint8_t(s + 1);
}

// The live plane's transition as the device reads it: bit i of the 512 is
// next(i) of Range1Table (block index, cell 0 = north-west most significant).
struct GenerationsTable {
    std::uint64_t bits[8] = {};
    int states = 3;
};

inline GenerationsTable generations_table(const Range1Table& table, int states) {
    GenerationsTable t;
    for (int i = 0; i < 8; ++i) t.bits[i] = table.bits[std::size_t(i)];
    t.states = states;
    return t;
}

// The launch shape for a width x height torus: a thread per cell, the rows
// beyond the grid's y limit (65535 blocks) taken by a strided loop.
inline LaunchShape generations_launch(std::int64_t width, std::int64_t height) {
    std::int64_t by = blocks_for(height, kGenerationsBlockY);
    if (by > 65535) by = 65535;
    return {Index3{std::uint32_t(blocks_for(width, kGenerationsBlockX)), std::uint32_t(by), 1},
            Index3{kGenerationsBlockX, kGenerationsBlockY, 1}};
}

TOROID_HD void generations_step_body(const LaunchIndex& at, const GenerationsTable& table,
                                     const std::uint8_t* cur, std::uint8_t* next,
                                     std::int64_t width, std::int64_t height) {
    const std::int64_t x = at.global_x();
    if (x >= width) return;
    const std::int64_t stride = std::int64_t(at.grid_dim.y) * at.block_dim.y;
    for (std::int64_t y = at.global_y(); y < height; y += stride) {
        // Neighbouring rows and columns, wrapping (a side of 1 is its own
        // neighbour both ways: counted with multiplicity, as the reference does).
        const std::int64_t west = (x == 0 ? width : x) - 1, east = x + 1 == width ? 0 : x + 1;
        const std::uint8_t* above = cur + ((y == 0 ? height : y) - 1) * width;
        const std::uint8_t* here = cur + y * width;
        const std::uint8_t* below = cur + (y + 1 == height ? 0 : y + 1) * width;
        auto live = [](std::uint8_t s) { return unsigned(s == 1); };
        const unsigned index = live(above[west]) << 8 | live(above[x]) << 7 |
                               live(above[east]) << 6 | live(here[west]) << 5 | live(here[x]) << 4 |
                               live(here[east]) << 3 | live(below[west]) << 2 |
                               live(below[x]) << 1 | live(below[east]);
        // The word by selection, not by a run-time index into the parameter
        // (which the compiler would copy to the stack to index).
        const unsigned k = index >> 6;
        const std::uint64_t* b = table.bits;
        const std::uint64_t word = k < 4
                                       ? (k < 2 ? (k == 0 ? b[0] : b[1]) : (k == 2 ? b[2] : b[3]))
                                       : (k < 6 ? (k == 4 ? b[4] : b[5]) : (k == 6 ? b[6] : b[7]));
        const bool on = (word >> (index & 63)) & 1;
        next[y * width + x] = multistate_next(here[x], on, table.states);
    }
}

}  // namespace toroid::kernels
