// Golly's macrocell format (.mc): a quadtree whose identical nodes are written
// once, so huge repetitive patterns stay small.
//
//   [M2] (golly 4.2)                 header: the first line starts with [M2]
//   #R B3/S23:T640,480               rule (first word after #R), optional
//   #G 1000                          generation, optional (decimal)
//   #C a comment   #N name           comments and name; other # lines
//                                    (#FRAMES timelines ...) are ignored
//   $$..*$...*$.***$                 a leaf: an 8x8 square (level 3)
//   4 0 1 0 2                        a node: level nw ne sw se
//
// Every leaf or node line defines the next node, numbered 1, 2, 3 ... in
// file order. A leaf line gives its rows top to bottom, each ended by `$`:
// `.` dead, `*` alive; dead cells at the end of a row and empty rows at the
// end are left out. A node line "L nw ne sw se" (L >= 4) is a 2^L x 2^L
// square made of four 2^(L-1) squares given by their numbers, which must be
// nodes of level L-1 defined on earlier lines; 0 is the empty square.
// Golly's multi-state files use level-1 nodes "1 nw ne sw se" of cell
// states 0..255 instead of leaves, and nodes of level 2 and up over them;
// states beyond the rule's (no #R: B3/S23, two states) are an InputError at
// the highest one. The last node defined is the whole pattern; its centre
// is Golly's cell (0, 0), y growing down.
//
// Reading: Pattern::cells is the pattern's bounding box, except when the rule
// has a torus size :TW,H and every live cell lies inside Golly's grid (cells
// -W/2 .. W-1-W/2, the same for rows): then it is the whole W x H torus at
// Golly's positions (Pattern::whole_torus). A box too large for memory is an
// InputError giving its size; bad lines are InputErrors with file, line,
// column and what was expected.
//
// Writing (format_macrocell, pattern.hpp): the whole torus with its :TW,H
// rule at Golly's positions, or (WriteOptions::crop) the bounding box centred
// on (0, 0), its rule without a torus size (a tube's is kept); leaves and nodes hash-consed (each
// distinct square written once), children before parents, the root level at least 4. A grid
// with state planes or a rule of more than two states is written as Golly's multi-state
// files are: level-1 nodes of states, no 8x8 leaves.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/wide_count.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {

Pattern parse_macrocell(std::string_view text, std::string_view source);

// The file's tree itself, for readers that keep trees (the hashlife backend
// loads a whole torus node by node; `toroid info` counts a file too large
// for a Grid). Nodes in file order, nodes[0] the empty square; a node of
// level <= 3 holds its cells as a bitmap (side s = 2^level, cell (x, y) at
// bit y * s + x: a leaf is Golly's 8x8 with bit y * 8 + x; a cell of a
// multi-state file in any state but 0 is set, its state is not kept here), higher levels
// their children (nw ne sw se; 0 = empty). `root` is the whole pattern
// (0 when the file has no cells); its centre is Golly's cell (0, 0).
// `header` holds everything but the cells (rule, name, comments, #G);
// header.cells is empty. The same lines are refused as by parse_macrocell.
struct MacrocellTree {
    struct Node {
        int level = 0;
        std::uint64_t bits = 0;
        std::array<std::uint32_t, 4> child{};
    };
    std::vector<Node> nodes;
    std::uint32_t root = 0;
    Pattern header;
};
MacrocellTree parse_macrocell_tree(std::string_view text, std::string_view source);
// read_text_file + gunzip when compressed + parse_macrocell_tree.
MacrocellTree read_macrocell_tree_file(const std::string& path);

// What a tree holds, without drawing it: live cells (exactly, up to 2^128)
// and their bounding box in Golly's coordinates (empty when none; only
// for roots of level <= 62).
struct MacrocellSummary {
    WideCount population = 0;
    bool has_box = false;
    std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive
};
MacrocellSummary summarize_macrocell(const MacrocellTree& tree);

// The writer's pieces, for writers that walk a tree of their own (the
// hashlife backend writes its torus from its nodes): the header lines
// ("[M2] (toroid)", #R with `rule` as given, #N, #C) and one leaf line.
std::string macrocell_header(const Rule& rule, const WriteOptions& opts);
void append_macrocell_leaf(std::string& out, std::uint64_t bits);

}  // namespace toroid
