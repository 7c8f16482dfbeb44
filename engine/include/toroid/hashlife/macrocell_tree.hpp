// Macrocell files written straight from a HashLife torus.
//
// A torus in the tree is already a hash-consed quadtree, which is what a
// macrocell file is (io/macrocell.hpp): the file's nodes are the tree's
// nodes, numbered children first, each distinct one written once. So a
// 2^30 x 2^30 torus of ash costs what its tree costs, never a Grid.
//
// Placement is the one the Grid writer uses (Golly's bounded grid: the
// torus spans cells -W/2 .. W-1-W/2, the same for rows, around the root's
// centre), so the file reads back as the same whole torus (rule :TW,H):
//   * a square torus of side >= 16 is its own root;
//   * a W x H torus with W != H sits in a root of level max(a, b), its
//     shorter side straddling the root's centre line: the square's halves
//     of rows (columns) [0, H/2) and [H/2, H) are moved to either side of
//     it, node by node, memoised per node (a 2^62 x 8 torus stays small);
//   * the 8 x 8 torus sits in a root of level 4, a quarter leaf each way.
// A crop (WriteOptions::crop) writes the same cells without the torus size
// in the rule, so readers keep the bounding box of the live cells (they do
// not place it on Golly's grid). The generation goes to a #G line.
// Reading (square_from_macrocell) undoes exactly these placements.
#pragma once

#include <cstdint>
#include <string>

#include "toroid/core/rule.hpp"
#include "toroid/hashlife/torus_tree.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid::hashlife {

// The root of the file's tree (a node of level >= 4 in the tree's store,
// not pinned: use it before anything else allocates nodes).
NodeId macrocell_root(const TorusTree& tree);

std::string format_macrocell_tree(const TorusTree& tree, const Rule& rule, std::uint64_t generation,
                                  const WriteOptions& opts);

// The other way: the square (a node of level max(a, b), the tiling described
// in torus_tree.hpp) of the 2^a x 2^b torus a whole-torus macrocell file
// holds, its cells where the writer above (and Golly) put them. Built node
// by node from the file's nodes, memoised, so it costs what the file costs.
// InputError when a live cell lies outside the torus.
NodeId square_from_macrocell(NodeStore& store, const MacrocellTree& file, int log2_width,
                             int log2_height);

}  // namespace toroid::hashlife
