// TableTree: any two-state rule of range 1 as a multiplexer tree of fixed
// shape, for tables whose decision diagram is large (random MAP rules).
//
// A table (range1_table.hpp) is 64 bytes: byte j, for the cells 0..5 of the
// block given by j (cell 0 its most significant bit), is the truth table of
// the last three cells 6, 7, 8. Its two nibbles (cell 6 dead, live) are
// functions of cells 7 and 8, one of the 16 functions of two variables.
// Per block of words the evaluation
//
//   1. computes those 16 functions of cells 7 and 8 (constants folded: one
//      gate or none each), kept in a small array;
//   2. each of the 64 leaves: the two functions its byte names, multiplexed
//      by cell 6 (two array reads, one gate);
//   3. a complete tree of 63 multiplexers on cells 5, 4, ..., 0, written out
//      at compile time and walked depth first, so its values stay in
//      registers.
//
// That is about 140 three-input gates (one vpternlogq each on AVX-512) and
// 128 reads of an L1-resident array per block, whatever the table: a random
// MAP rule's reduced diagram has up to 141 nodes, but interpreted
// (rule_circuit.hpp: two reads, one gate and one write per node) it costs
// about twice this tree, which it only beats when it is small (about 50
// nodes or fewer; CompiledRule picks).
//
// TOROID_HD code shared by every stepping loop (step_variant.hpp's
// TableTreeStep).
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"
#include "toroid/core/range1_table.hpp"

namespace toroid {

// Diagrams of more nodes than this run as the tree (measured with `toroid
// bench`, BENCHMARKS.md: the interpreted diagram costs about 3.5 gates a
// node, the tree about 180 whatever the table).
inline constexpr int kTableTreeAboveNodes = 48;

struct TableTree {
    // Leaf j's functions of cells 7 and 8 for cell 6 dead (lo) and live
    // (hi): function k has bit (2 * cell7 + cell8) of k.
    std::uint8_t lo[64] = {}, hi[64] = {};

    bool operator==(const TableTree&) const = default;
};

constexpr TableTree make_table_tree(const Range1Table& t) {
    TableTree tree;
    for (int j = 0; j < 64; ++j) {
        const unsigned byte = unsigned(t.bits[std::size_t(j / 8)] >> (8 * (j % 8))) & 0xffu;
        tree.lo[j] = std::uint8_t(byte & 15u);
        tree.hi[j] = std::uint8_t(byte >> 4);
    }
    return tree;
}

namespace detail {

template <class W>
struct TreeInputs {
    const W* pairs;  // the 16 functions of cells 7 and 8
    const TableTree* tree;
    const W* block;
};

// The node of the complete tree at depth `Level` (tested cell) and index J
// (the values of cells 0..Level-1), depth first.
template <int Level, int J, class W>
TOROID_HD W tree_node(const TreeInputs<W>& in) {
    if constexpr (Level == 6) {
        const W lo = in.pairs[in.tree->lo[J]], hi = in.pairs[in.tree->hi[J]];
        return lo ^ ((lo ^ hi) & in.block[6]);
    } else {
        const W lo = tree_node<Level + 1, 2 * J>(in), hi = tree_node<Level + 1, 2 * J + 1>(in);
        return lo ^ ((lo ^ hi) & in.block[Level]);
    }
}

// pairs[K] = bit (2 * c7 + c8) of K, for K = First..15, written out at
// compile time so that the constants fold (one gate or none each).
template <int K, class W>
TOROID_HD void fill_pairs(W* pairs, W c7, W c8) {
    if constexpr (K < 16) {
        constexpr std::uint64_t b0 = 0 - std::uint64_t(K & 1), b1 = 0 - std::uint64_t((K >> 1) & 1),
                                b2 = 0 - std::uint64_t((K >> 2) & 1),
                                b3 = 0 - std::uint64_t((K >> 3) & 1);
        const W c7_dead = (W{} | b0) ^ ((W{} | (b0 ^ b1)) & c8);
        const W c7_live = (W{} | b2) ^ ((W{} | (b2 ^ b3)) & c8);
        pairs[K] = c7_dead ^ ((c7_dead ^ c7_live) & c7);
        fill_pairs<K + 1>(pairs, c7, c8);
    }
}

}  // namespace detail

// The next state of the cells of `block`: the nine cells of the 3x3 block
// (range1_table.hpp's order), each a word (or vector) of cells.
template <class W>
TOROID_HD W evaluate_table_tree(const TableTree& tree, const W (&block)[9]) {
    const W c7 = block[7], c8 = block[8];
    W pairs[16];
    detail::fill_pairs<0>(pairs, c7, c8);
    const detail::TreeInputs<W> in{pairs, &tree, block};
    return detail::tree_node<0, 0>(in);
}

}  // namespace toroid
