// Golly's `.rule` files: @RULE name, then sections.
//
//   @TABLE    a rule table (core/rule_table.hpp), compiled into a tree
//   @TREE     a rule tree: num_states=N, num_neighbors=4|8, num_nodes=M, then
//             M lines "level v0 .. v(N-1)"; level-1 entries are next states,
//             higher levels name earlier nodes one level down; the last node
//             is the root; cells are read nw ne sw se n w e s c (Moore) or
//             n w e s c (von Neumann)
//   @COLORS   "state r g b" lines, or "r1 g1 b1 r2 g2 b2" for a gradient over
//             states 1..; text after the numbers and invalid states ignored
//   @ICONS    not drawn by toroid (noted)
//   others    (@NAMES, ...) ignored, with a note
// The first of @TABLE and @TREE is the rule, as in Golly. Every error names
// the file and line. Files must be UTF-8 (ASCII in practice) and at most
// 64 MiB.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/rule_tree.hpp"
#include "toroid/core/state_rule.hpp"

namespace toroid {

struct RuleFile {
    std::string name;                 // from the @RULE line
    std::shared_ptr<const TreeRule> rule;
    std::vector<std::string> notes;   // sections ignored, and why
};

// Parses a whole file's text; `where` names it in errors and becomes the
// rule's origin().
RuleFile parse_rule_file(std::string_view text, const std::string& where);
// Reads and parses the file at `path`.
RuleFile read_rule_file(const std::string& path);

// The @TREE section's lines (first_line: the file line of the first one).
RuleTree parse_rule_tree(std::string_view section, const std::string& where, int first_line,
                         CellNeighbourhood& neighbourhood);

// A tree as the lines of an @TREE section (Moore or von Neumann order):
// what tests and `toroid rule` write; parse_rule_tree reads it back.
std::string rule_tree_text(const RuleTree& tree);

}  // namespace toroid
