// Internal to the macrocell writer: the tree of a multi-state grid.
//
// Golly's multi-state macrocell files have no 8x8 leaves: level-1 nodes
// "1 nw ne sw se" hold four cell states (0..255) and every higher node
// "L nw ne sw se" its four children, level 2 and up. Golly reads and writes
// them for its multi-state algorithms (Generations, Larger than Life with
// more states, rule tables); format_macrocell writes one for a grid with
// state planes or a rule of more than two states.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "toroid/core/grid.hpp"

namespace toroid::detail {

// Appends the node lines of region `r` of `g` (cells of every state but 0)
// inside a root square of level `level` (>= 2), region cell (i, j) at
// (i + ox, j + oy) of the root square: level-1 nodes first, then each level
// up to the root, every distinct node once, children before parents.
void append_multistate_macrocell_tree(std::string& out, const Grid& g, const Rect& r, int level,
                                      std::int64_t ox, std::int64_t oy);

// The node squares of one level: [x, x + nx) x [y, y + ny) in node units.
struct NodeSquares {
    std::int64_t x = 0, y = 0, nx = 0, ny = 0;
};

// Levels first .. last of any macrocell tree (both writers): each groups the
// 2 x 2 squares of the level below, whose node numbers are `ids` (row-major
// over `below`, 0 for empty), writing every distinct node once and
// numbering it after `next_id`.
void append_macrocell_levels(std::string& out, std::vector<std::uint32_t> ids, NodeSquares below,
                             int first, int last, std::uint32_t& next_id);

}  // namespace toroid::detail
