// Golly's rule tables (the @TABLE section of a `.rule` file): parsing and
// compilation into a RuleTree (core/rule_tree.hpp).
//
// The language, as Golly 5 reads it:
//   n_states:N            2..256
//   neighborhood:K        Moore, vonNeumann, hexagonal, oneDimensional
//   symmetries:S          none, rotate4, rotate8, rotate4reflect, rotate8reflect,
//                         reflect_horizontal, permute (Moore); none, rotate4,
//                         rotate4reflect, reflect_horizontal, permute (von
//                         Neumann); none, rotate2, rotate3, rotate6,
//                         rotate6reflect, permute (hexagonal); none, reflect,
//                         permute (one-dimensional). Declared after the
//                         neighbourhood, and all three before the first
//                         variable or transition.
//   var a={0,1,b}         a set of states; earlier variables may appear inside
//   c,n,...,c'            a transition: the centre, the neighbours (Moore:
//                         N NE E SE S SW W NW; von Neumann: N E S W;
//                         hexagonal: N E SE S W NW; one-dimensional: W E),
//                         the next state; separated by commas or spaces, or
//                         written as digits without separators when there are
//                         at most 10 states and no variables.
// `#` starts a comment. A variable named more than once in one transition is
// *bound*: every occurrence takes the same value (Golly expands the
// transition once per value); named once it is *unbound* (any of its
// states). The next state is a state, a one-state variable or a bound
// variable. Each transition stands also for its images under the
// symmetries. The first transition that matches a cell decides its next
// state; a cell no transition matches keeps its state.
//
// Compilation (compile_rule_table) builds the tree level by level in Golly's
// tree order with the centre last: a node stands for the set of transitions
// still able to match after the cells read so far (for `permute`, for the
// multiset of neighbour states read so far), equal sets share a node, and
// equal nodes are merged. Tables too large to compile within the limits
// below are refused with the numbers.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/rule_tree.hpp"
#include "toroid/core/state_rule.hpp"

namespace toroid {

// A set of states 0..255.
using StateSet = std::array<std::uint64_t, 4>;

struct TableTransition {
    std::vector<StateSet> inputs;  // in the table's order: centre first
    std::uint8_t output = 0;
    int line = 0;  // of the file, for errors and notes
};

struct RuleTable {
    int states = 2;
    CellNeighbourhood neighbourhood = CellNeighbourhood::Moore;
    std::string symmetries;
    // Bound variables expanded (Golly's order); symmetries not expanded.
    std::vector<TableTransition> transitions;
};

// Limits: transitions after expanding bound variables, and entries of the
// compiled tree (4 bytes each).
constexpr std::size_t max_table_transitions = 1'000'000;
constexpr std::size_t max_tree_entries = std::size_t(1) << 26;

// Parses the lines of an @TABLE section. `where` names the file; `first_line`
// is the file's line number of the section's first line. InputError with
// "<where>:<line>: ..." for every mistake.
RuleTable parse_rule_table(std::string_view section, const std::string& where, int first_line);

// The cells a transition names for a neighbourhood, centre included (9, 5,
// 7, 3), and the symmetries Golly accepts for it.
int table_inputs(CellNeighbourhood n);
const std::vector<std::string>& table_symmetries(CellNeighbourhood n);

// The table's neighbour positions in its own order (centre first).
std::vector<BlockCell> table_cells(CellNeighbourhood n);

// The symmetry images of a transition's input positions: each a permutation
// p of 1..k (the centre 0 fixed) such that the image's input i is the
// original's input p[i]. `permute` is not a list of images (see above).
std::vector<std::vector<int>> symmetry_images(CellNeighbourhood n, const std::string& symmetries);

RuleTree compile_rule_table(const RuleTable& table, const std::string& where);

}  // namespace toroid
