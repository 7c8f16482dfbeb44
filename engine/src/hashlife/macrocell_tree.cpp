// Macrocell from the tree (contract in toroid/hashlife/macrocell_tree.hpp).
#include "toroid/hashlife/macrocell_tree.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>

#include "toroid/io/macrocell.hpp"

namespace toroid::hashlife {

namespace {

constexpr std::uint64_t kLeftColumns = 0x0F0F0F0F0F0F0F0Full;  // columns 0..3 of a leaf

// Moves the halves of a rectangular torus's short side apart, node by node.
// Side::Rows (W > H): `top(n)` is the file node whose bottom H/2 rows are
// rows [0, H/2) of tiling node n (same columns), `bottom(n)` the one whose
// top H/2 rows are rows [H/2, H). Side::Columns (H > W) likewise with
// columns: `top` puts columns [0, W/2) at the right, `bottom` puts columns
// [W/2, W) at the left.
class HalfMover {
  public:
    HalfMover(NodeStore& s, int short_log2, bool rows) : s_(s), b_(short_log2), rows_(rows) {}

    NodeId first(NodeId n) { return move(n, true); }
    NodeId second(NodeId n) { return move(n, false); }

  private:
    NodeId move(NodeId n, bool first) {
        auto& memo = first ? first_ : second_;
        if (auto it = memo.find(n); it != memo.end()) return it->second;
        const int level = s_.level(n);
        NodeId out;
        if (level == kLeafLevel) {  // the short side is 8: half a leaf moves
            const std::uint64_t c = s_.leaf_cells(n);
            std::uint64_t bits;
            if (rows_)
                bits = first ? c << 32 : c >> 32;
            else
                bits = first ? (c & kLeftColumns) << 4 : (c >> 4) & kLeftColumns;
            out = s_.leaf(bits);
        } else {
            const auto q = s_[n].child;
            const NodeId e = s_.empty(level - 1);
            NodeStore::Frame frame(s_);
            if (level == b_) {  // the halves are n's own halves
                if (rows_)
                    out = first ? s_.node(e, e, q[0], q[1]) : s_.node(q[2], q[3], e, e);
                else
                    out = first ? s_.node(e, q[0], e, q[2]) : s_.node(q[1], e, q[3], e);
            } else {  // both halves lie in n's first half (rows or columns)
                const NodeId a = s_.push(move(q[0], first));
                const NodeId b = s_.push(move(rows_ ? q[1] : q[2], first));
                if (rows_)
                    out = first ? s_.node(e, e, a, b) : s_.node(a, b, e, e);
                else
                    out = first ? s_.node(e, a, e, b) : s_.node(a, e, b, e);
            }
        }
        s_.push(out);  // the memo must survive until the file is written
        memo.emplace(n, out);
        return out;
    }

    NodeStore& s_;
    int b_;
    bool rows_;
    std::unordered_map<NodeId, NodeId> first_, second_;
};

}  // namespace

NodeId macrocell_root(const TorusTree& tree) {
    NodeStore& s = tree.store();
    const NodeId t = tree.root();
    const int a = tree.log2_width(), b = tree.log2_height();
    if (a == b && a >= 4) return t;
    if (a == b) {  // 8 x 8: a quarter leaf on each side of the centre
        const std::uint64_t c = s.leaf_cells(t);
        NodeStore::Frame frame(s);
        const NodeId nw = s.push(s.leaf(leaf_centre(0, 0, 0, c)));
        const NodeId ne = s.push(s.leaf(leaf_centre(0, 0, c, 0)));
        const NodeId sw = s.push(s.leaf(leaf_centre(0, c, 0, 0)));
        const NodeId se = s.push(s.leaf(leaf_centre(c, 0, 0, 0)));
        return s.node(nw, ne, sw, se);
    }
    const auto q = s[t].child;
    const std::size_t mark = s.stack().size();
    HalfMover mover(s, std::min(a, b), a > b);
    NodeId root;
    if (a > b)  // rows [0, H/2) above the centre line, [H/2, H) below
        root = s.node(mover.first(q[0]), mover.first(q[1]), mover.second(q[0]), mover.second(q[1]));
    else  // columns [0, W/2) left of the centre line, [W/2, W) right
        root = s.node(mover.first(q[0]), mover.second(q[0]), mover.first(q[2]), mover.second(q[2]));
    s.stack().resize(mark);
    return root;
}

std::string format_macrocell_tree(const TorusTree& tree, const Rule& rule, std::uint64_t generation,
                                  const WriteOptions& opts) {
    const Rule written = opts.crop ? rule.with_torus(std::nullopt)
                                   : rule.with_torus(TorusSize{tree.width(), tree.height()});
    std::string out = macrocell_header(written, opts);
    if (generation != 0) out += "#G " + std::to_string(generation) + "\n";
    NodeStore& s = tree.store();
    NodeStore::Frame frame(s);
    const NodeId root = s.push(macrocell_root(tree));
    if (s.is_empty(root)) return out;  // no cells: no nodes
    std::unordered_map<NodeId, std::uint64_t> number;
    std::uint64_t next = 0;
    auto emit = [&](auto&& self, NodeId n) -> std::uint64_t {
        if (s.is_empty(n)) return 0;
        if (auto it = number.find(n); it != number.end()) return it->second;
        const int level = s.level(n);
        if (level == kLeafLevel) {
            append_macrocell_leaf(out, s.leaf_cells(n));
        } else {
            std::uint64_t c[4];
            for (int k = 0; k < 4; ++k) c[k] = self(self, s[n].child[std::size_t(k)]);
            out += std::to_string(level) + ' ' + std::to_string(c[0]) + ' ' + std::to_string(c[1]) +
                   ' ' + std::to_string(c[2]) + ' ' + std::to_string(c[3]) + '\n';
        }
        number.emplace(n, ++next);
        return next;
    };
    emit(emit, root);
    return out;
}

}  // namespace toroid::hashlife
