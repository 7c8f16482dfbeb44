// Stepper: HashLife's recursion (Gosper 1984), memoised in the nodes.
//
// advance(n, j) is the centre of node n (level L, a 2^L square), half its
// side, 2^j generations later, for 0 <= j <= L - 2: everything within 2^j
// cells of that centre is inside n, so the result is exact whatever lies
// outside. With j = L - 2 ("full speed") it is the classic RESULT:
//
//   the nine overlapping squares of level L-1 (n00 .. n22, offsets of a
//   quarter side) are advanced 2^(L-3) generations each; the results,
//   grouped four by four into four squares of level L-1, are advanced
//   2^(L-3) generations more: 2^(L-2) in all.
//
// With j < L - 2 the nine are advanced 2^j generations and the four groups
// are only cut to their centres (no second advance). Level 4 is computed
// directly from its four leaves (leaf_rule.hpp).
//
// Results are cached in the node: Node::result for the full step (kept
// forever while the node lives), Node::small for the last smaller j asked
// (a torus stepped by one fixed amount reuses it; another amount replaces
// it). Every node created meanwhile is pushed on the store's in-flight stack,
// so a garbage collection in the middle of a step keeps what the step
// still needs; the node passed in must itself be reachable from the roots.
#pragma once

#include "toroid/hashlife/leaf_rule.hpp"
#include "toroid/hashlife/node_store.hpp"

namespace toroid::hashlife {

class Stepper {
  public:
    Stepper(NodeStore& store, const LeafRule& rule) : store_(store), rule_(rule) {}

    NodeId advance(NodeId n, int j);

    // The centre (level L - 1) of node n (level L >= 4), not advanced.
    NodeId centre(NodeId n);
    // The centre of the square [a b; c d] of four level-l nodes (l >= 3).
    NodeId centre_of(NodeId a, NodeId b, NodeId c, NodeId d);

    NodeStore& store() { return store_; }
    const LeafRule& rule() const { return rule_; }

  private:
    NodeId compute(NodeId n, int level, int j);

    NodeStore& store_;
    const LeafRule& rule_;
};

}  // namespace toroid::hashlife
