// Stepper (contract in toroid/hashlife/stepper.hpp).
#include "toroid/hashlife/stepper.hpp"

#include <cassert>

namespace toroid::hashlife {

NodeId Stepper::centre_of(NodeId a, NodeId b, NodeId c, NodeId d) {
    NodeStore& s = store_;
    if (s.level(a) == kLeafLevel)
        return s.leaf(
            leaf_centre(s.leaf_cells(a), s.leaf_cells(b), s.leaf_cells(c), s.leaf_cells(d)));
    return s.node(s[a].child[3], s[b].child[2], s[c].child[1], s[d].child[0]);
}

NodeId Stepper::centre(NodeId n) {
    const auto c = store_[n].child;
    return centre_of(c[0], c[1], c[2], c[3]);
}

NodeId Stepper::advance(NodeId n, int j) {
    const Node& node = store_[n];
    const int level = node.level;
    assert(level > kLeafLevel && j >= 0 && j <= level - 2);
    const bool full = j == level - 2;
    if (full) {
        if (node.result != kNoNode) return node.result;
    } else if (node.small != kNoNode && node.small_j == j) {
        return node.small;
    }
    const NodeId r = compute(n, level, j);
    Node& cached = store_.cache(n);
    if (full) {
        cached.result = r;
    } else {
        cached.small = r;
        cached.small_j = std::uint8_t(j);
    }
    return r;
}

NodeId Stepper::compute(NodeId n, int level, int j) {
    NodeStore& s = store_;
    const auto q = s[n].child;  // nw ne sw se (copied: nodes never change)
    if (level == kLeafLevel + 1)
        return s.leaf(rule_.advance16(s.leaf_cells(q[0]), s.leaf_cells(q[1]), s.leaf_cells(q[2]),
                                      s.leaf_cells(q[3]), j));
    NodeStore::Frame frame(s);
    const auto a = s[q[0]].child, b = s[q[1]].child, c = s[q[2]].child, d = s[q[3]].child;
    // The nine overlapping squares of level L-1, row by row: the four
    // children and five new ones, looked up as one batch (node_store.hpp).
    static constexpr int kNew[5] = {1, 3, 4, 5, 7};
    const NodeId key[5][4] = {{a[1], b[0], a[3], b[2]},
                              {a[2], a[3], c[0], c[1]},
                              {a[3], b[2], c[1], d[0]},
                              {b[2], b[3], d[0], d[1]},
                              {c[1], d[0], c[3], d[2]}};
    for (const auto& k : key) s.prefetch_bucket(k[0], k[1], k[2], k[3]);
    for (const auto& k : key) s.prefetch_chain(k[0], k[1], k[2], k[3]);
    NodeId sub[9] = {q[0], 0, q[1], 0, 0, 0, q[2], 0, q[3]};
    for (int k = 0; k < 5; ++k)
        sub[kNew[k]] = s.push(s.node(key[k][0], key[k][1], key[k][2], key[k][3]));
    const bool full = j == level - 2;
    const int inner = full ? level - 3 : j;
    NodeId r[9];
    for (int i = 0; i < 9; ++i) r[i] = s.push(advance(sub[i], inner));
    NodeId out[4];
    static constexpr int kGroup[4] = {0, 1, 3, 4};  // top-left of each group of four
    if (full) {
        for (int i : kGroup) s.prefetch_bucket(r[i], r[i + 1], r[i + 3], r[i + 4]);
        for (int i : kGroup) s.prefetch_chain(r[i], r[i + 1], r[i + 3], r[i + 4]);
        NodeId group[4];
        for (int k = 0; k < 4; ++k) {
            const int i = kGroup[k];
            group[k] = s.push(s.node(r[i], r[i + 1], r[i + 3], r[i + 4]));
        }
        for (int k = 0; k < 4; ++k) out[k] = s.push(advance(group[k], level - 3));
    } else {
        for (int k = 0; k < 4; ++k) {
            const int i = kGroup[k];
            out[k] = s.push(centre_of(r[i], r[i + 1], r[i + 3], r[i + 4]));
        }
    }
    return s.node(out[0], out[1], out[2], out[3]);
}

}  // namespace toroid::hashlife
