// RuleCircuit: any two-state rule of range 1 as a bit-parallel circuit,
// made once per rule.
//
// A rule beyond B/S counts (isotropic non-totalistic, MAP) is an arbitrary
// Boolean function of the cell's 3x3 block (range1_table.hpp), so the
// bit-sliced adder does not apply. Its table is compiled into a reduced
// ordered binary decision diagram: every node is a multiplexer
//
//     node = var ? hi : lo        (one vpternlogq on AVX-512, three ops elsewhere)
//
// on one of the nine input words (the block's cells, shifted into place as
// for every rule: Shifted3 of the rows above, at and below), whose children
// are nodes of lower levels or the constants 0 and 1. Shared sub-functions
// are one node, and the variable order is chosen per rule among the
// symmetric orders of the block (rings of the eight neighbours, rows,
// columns, centre first or last), the smallest diagram winning: Life takes
// 26 nodes, an isotropic rule such as B2-a/S12 about 36, a random MAP rule
// at most 141.
//
// Evaluation is an interpreter that walks the nodes level by level, bottom
// first, 64 (or 64 x lanes) cells at a time, holding the nodes' values in
// a small array (slot 0 = 0, slot 1 = all ones, slot 2 + n = node n): the
// same TOROID_HD code on the CPU tiles, the batch kernel, the CUDA kernels
// and the scalar steppers, so every backend agrees with the table bit for
// bit. Neighbourhoods with fewer cells (hexagonal, von Neumann) simply
// never test the cells their table ignores.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"
#include "toroid/core/range1_table.hpp"

namespace toroid {

struct RuleCircuit {
    // Nodes of a reduced diagram over 9 variables: at most 1 + 2 + 4 + 8 + 16
    // + 32 + 64 + 12 + 2 (a level is bounded by the functions of the levels
    // below that depend on its variable).
    static constexpr int kMaxNodes = 141;

    std::uint8_t levels = 0;   // variables tested, bottom level first
    std::uint8_t var[9] = {};  // level l tests cell var[l] (0..8, range1_table.hpp's order)
    std::uint8_t end[9] = {};  // nodes [end[l-1], end[l]) are level l's
    std::uint8_t lo[kMaxNodes] = {}, hi[kMaxNodes] = {};  // children's slots
    std::uint8_t root = 0;                                // slot of the result

    std::int32_t nodes() const { return levels ? end[levels - 1] : 0; }
    bool operator==(const RuleCircuit&) const = default;
};

// The smallest circuit of the table among the orders tried.
RuleCircuit compile_circuit(const Range1Table& table);

// The next state of the cells of `block`: the nine cells of the 3x3 block
// (range1_table.hpp's order), each a word (or vector) of cells.
template <class W>
TOROID_HD W evaluate_circuit(const RuleCircuit& c, const W (&block)[9]) {
    W slot[2 + RuleCircuit::kMaxNodes];
    slot[0] = W{};
    slot[1] = ~W{};
    int n = 0;
    for (int l = 0; l < c.levels; ++l) {
        const W v = block[c.var[l]];
        for (; n < c.end[l]; ++n) {
            const W lo = slot[c.lo[n]], hi = slot[c.hi[n]];
            slot[2 + n] = lo ^ ((lo ^ hi) & v);
        }
    }
    return slot[c.root];
}

}  // namespace toroid
