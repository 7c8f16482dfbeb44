// RuleTree: the compiled form of every rule table and rule tree, and the
// StateRule (core/state_rule.hpp) that runs one.
//
// A tree decides a cell's next state by reading its neighbourhood's cells one
// at a time in a fixed order (Golly's @TREE order: nw, ne, sw, se, n, w, e, s,
// c for Moore; n, w, e, s, c for von Neumann; the centre always last). Every
// node is a run of `states` entries in one array: the entries of a node of the
// last level are next states, the others are the offsets of the child nodes,
// so a lookup is a chain of loads:
//
//     v = root;  for each cell p in order: v = data[v + state(p)];  return v;
//
// Golly's RuleTree algorithm evaluates @TREE files this way; @TABLE files are
// compiled into the same form (core/rule_table.hpp), node by node with equal
// nodes shared, so both kinds of file run through one code path and a table
// and the tree made from it can be compared.
//
// For speed, TreeRule also expands a small tree into a flat lookup table
// indexed by the packed states of the cell's neighbourhood (one load per
// cell) when states^cells is small: up to 4 states on Moore and hexagonal
// rules (9 cells of 2 bits: 256 KiB), 16 on von Neumann (5 cells of 4 bits),
// 128 on one-dimensional rules. Larger rules walk the tree.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "toroid/core/state_rule.hpp"

namespace toroid {

// The nine cells of a block, as the positions a tree reads.
enum class BlockCell : std::uint8_t { NW, N, NE, W, C, E, SW, S, SE };

std::uint8_t cell_of(const Block3x3& b, BlockCell p);

// Golly's reading order for a neighbourhood (the centre last). One-dimensional
// rules read w, e, c; hexagonal rules nw, n, w, e, s, se, c.
std::vector<BlockCell> tree_order(CellNeighbourhood n);

struct RuleTree {
    int states = 2;
    std::vector<BlockCell> order;     // cells in reading order, the centre last
    std::vector<std::uint32_t> data;  // nodes of `states` entries (see above)
    std::uint32_t root = 0;           // offset of the root node

    std::uint8_t eval(const Block3x3& b) const {
        std::uint32_t v = root;
        for (BlockCell p : order) v = data[v + cell_of(b, p)];
        return std::uint8_t(v);
    }
    std::size_t nodes() const { return data.size() / std::size_t(states); }
    // Checks the structure (every offset points at a node of the next level,
    // every result is a state): InputError naming `what` otherwise.
    void validate(const std::string& what) const;
    // The same function with equal nodes shared and the nodes numbered in a
    // fixed order from the root: two trees of one function and one reading
    // order have equal canonical forms (what digests and tests compare).
    RuleTree canonical() const;
    std::uint64_t fingerprint() const;  // FNV-1a of the canonical form's numbers
};

// A StateRule running a RuleTree (see above).
class TreeRule final : public StateRule {
  public:
    TreeRule(std::string name, CellNeighbourhood neighbourhood, RuleTree tree,
             std::vector<StateColour> colours, std::string origin);

    const std::string& name() const override { return name_; }
    int states() const override { return tree_.states; }
    CellNeighbourhood neighbourhood() const override { return neighbourhood_; }
    std::uint8_t next(const Block3x3& b) const override { return tree_.eval(b); }
    void step_row(const std::uint8_t* above, const std::uint8_t* row, const std::uint8_t* below,
                  std::int64_t width, std::uint8_t* out) const override;
    std::vector<StateColour> colours() const override { return colours_; }
    std::uint64_t digest() const override { return digest_; }
    std::string origin() const override { return origin_; }

    const RuleTree& tree() const { return tree_; }
    bool flat() const { return !flat_.empty(); }  // a flat lookup table is used

  private:
    std::string name_;
    CellNeighbourhood neighbourhood_;
    RuleTree tree_;
    std::vector<StateColour> colours_;
    std::string origin_;
    std::uint64_t digest_ = 0;
    int bits_ = 0;                   // bits per state in the flat index
    std::vector<std::uint8_t> flat_;  // the flat table, when small (see above)
};

}  // namespace toroid
