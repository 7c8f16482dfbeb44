// The table form of a deterministic two-state rule of range 1.
//
// Every such rule (B/S on the Moore, hexagonal and von Neumann
// neighbourhoods, isotropic non-totalistic and MAP rules) is a Boolean
// function of a cell's 3x3 block:
//
//     cell 0  cell 1  cell 2          (x-1,y-1) (x,y-1) (x+1,y-1)
//     cell 3  cell 4  cell 5    =     (x-1,y)   (x,y)   (x+1,y)
//     cell 6  cell 7  cell 8          (x-1,y+1) (x,y+1) (x+1,y+1)
//
// with the block's index `sum cell_k << (8 - k)` (cell 0 most significant:
// Golly's MAP order), and `next(index)` the cell's next state. Hexagonal
// rules ignore cells 2 and 6 (their six neighbours are cells 0 1 3 5 7 8 on
// the square storage), von Neumann rules cells 0 2 6 8.
//
// The table is the oracle every fast path is compared with (the reference
// stepper steps through it) and the leaf rule of algorithms that need a
// rule as a function (HashLife).
#pragma once

#include <array>
#include <cstdint>

namespace toroid {

struct Range1Table {
    std::array<std::uint64_t, 8> bits{};  // bit i % 64 of word i / 64: next(i)

    static constexpr unsigned kSize = 512;

    constexpr bool next(unsigned index) const { return (bits[index >> 6] >> (index & 63)) & 1; }
    constexpr void set(unsigned index, bool alive) {
        const std::uint64_t bit = std::uint64_t(1) << (index & 63);
        bits[index >> 6] = alive ? bits[index >> 6] | bit : bits[index >> 6] & ~bit;
    }
    // The index of a block whose cells are given row by row from the top left.
    static constexpr unsigned index_of(const bool (&cells)[9]) {
        unsigned i = 0;
        for (int k = 0; k < 9; ++k) i |= unsigned(cells[k]) << (8 - k);
        return i;
    }
    // Cell k (0..8, row by row from the top left) of block `index`.
    static constexpr bool cell(unsigned index, int k) { return (index >> (8 - k)) & 1; }

    bool operator==(const Range1Table&) const = default;
};

}  // namespace toroid
