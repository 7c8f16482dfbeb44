// Macrocell into the tree (contract in toroid/hashlife/macrocell_tree.hpp):
// the square of a whole torus rebuilt from a file's nodes, undoing the
// placements the writer (macrocell_tree.cpp) and Golly use.
#include <algorithm>
#include <bit>
#include <unordered_map>

#include "toroid/hashlife/macrocell_tree.hpp"

namespace toroid::hashlife {

namespace {

constexpr std::uint64_t kLeftColumns = 0x0F0F0F0F0F0F0F0Full;  // columns 0..3 of a leaf
constexpr std::uint64_t kTopRows = 0x00000000FFFFFFFFull;      // rows 0..3 of a leaf

// Imports a whole-torus macrocell file into the store (square_from_macrocell).
class FileImport {
  public:
    FileImport(NodeStore& s, const MacrocellTree& f, int a, int b) : s_(s), f_(f), a_(a), b_(b) {}

    NodeId square() {
        const std::uint32_t root = f_.root;
        if (root == 0) return s_.empty(std::max(a_, b_));
        const int file_level = f_.nodes[root].level;
        NodeId x;
        int level;
        if (file_level < kLeafLevel) {  // a tiny file: its bitmap centred in a leaf
            const int side = 1 << file_level, off = 4 - side / 2;
            std::uint64_t bits = 0;
            for (int y = 0; y < side; ++y)
                for (int c = 0; c < side; ++c)
                    if ((f_.nodes[root].bits >> (y * side + c)) & 1u)
                        bits |= std::uint64_t(1) << ((y + off) * 8 + c + off);
            x = keep(s_.leaf(bits));
            level = kLeafLevel;
        } else {
            x = convert(root, file_level);
            level = file_level;
        }
        // The square of level k centred on Golly's (0, 0).
        const int k = std::max(a_, b_);
        for (; level > k; --level) x = keep(centre(x, level));
        for (; level < k; ++level) x = keep(pad(x, level));
        if (a_ == b_) return x;
        const auto q = s_[x].child;
        if (a_ > b_) {  // rows [0, H/2) above the centre line, [H/2, H) below
            const NodeId left = keep(rows(q[0], q[2], k - 1)),
                         right = keep(rows(q[1], q[3], k - 1));
            return s_.node(left, right, left, right);
        }
        const NodeId top = keep(columns(q[0], q[1], k - 1)),
                     bottom = keep(columns(q[2], q[3], k - 1));
        return s_.node(top, top, bottom, bottom);
    }

  private:
    NodeId keep(NodeId id) { return s_.push(id); }  // survives collections until the import ends

    [[noreturn]] void outside() const {
        throw InputError("a live cell of the macrocell file lies outside the " +
                         std::to_string(std::int64_t(1) << a_) + "x" +
                         std::to_string(std::int64_t(1) << b_) +
                         " torus (Golly's grid around cell (0, 0)): it is not a whole torus of "
                         "that size");
    }
    void expect_empty(NodeId id) const {
        if (!s_.is_empty(id)) outside();
    }

    NodeId convert(std::uint32_t id, int level) {
        if (id == 0) return s_.empty(level);
        if (auto it = memo_.find(id); it != memo_.end()) return it->second;
        const MacrocellTree::Node& n = f_.nodes[id];
        NodeId out;
        if (level == kLeafLevel) {
            out = s_.leaf(n.bits);
        } else {
            NodeId c[4];
            for (int k = 0; k < 4; ++k) c[k] = keep(convert(n.child[std::size_t(k)], level - 1));
            out = s_.node(c[0], c[1], c[2], c[3]);
        }
        memo_.emplace(id, keep(out));
        return out;
    }

    // The centre of x (level l), whose cells must all lie in it.
    NodeId centre(NodeId x, int level) {
        const auto c = s_[x].child;
        if (level == kLeafLevel + 1) {
            const std::uint64_t nw = s_.leaf_cells(c[0]), ne = s_.leaf_cells(c[1]),
                                sw = s_.leaf_cells(c[2]), se = s_.leaf_cells(c[3]);
            const std::uint64_t inner = leaf_centre(nw, ne, sw, se);
            if (std::uint64_t(std::popcount(nw) + std::popcount(ne) + std::popcount(sw) +
                              std::popcount(se)) != std::uint64_t(std::popcount(inner)))
                outside();
            return s_.leaf(inner);
        }
        for (int q = 0; q < 4; ++q)
            for (int g = 0; g < 4; ++g)
                if (g != 3 - q) expect_empty(s_[c[std::size_t(q)]].child[std::size_t(g)]);
        return s_.node(s_[c[0]].child[3], s_[c[1]].child[2], s_[c[2]].child[1], s_[c[3]].child[0]);
    }

    // x (level l) as the centre of a node of level l + 1.
    NodeId pad(NodeId x, int level) {
        if (level == kLeafLevel) {
            const std::uint64_t c = s_.leaf_cells(x);
            const NodeId nw = keep(s_.leaf(leaf_centre(0, 0, 0, c)));
            const NodeId ne = keep(s_.leaf(leaf_centre(0, 0, c, 0)));
            const NodeId sw = keep(s_.leaf(leaf_centre(0, c, 0, 0)));
            const NodeId se = keep(s_.leaf(leaf_centre(c, 0, 0, 0)));
            return s_.node(nw, ne, sw, se);
        }
        const auto c = s_[x].child;
        const NodeId e = s_.empty(level - 1);
        const NodeId nw = keep(s_.node(e, e, e, c[0])), ne = keep(s_.node(e, e, c[1], e));
        const NodeId sw = keep(s_.node(e, c[2], e, e)), se = keep(s_.node(c[3], e, e, e));
        return s_.node(nw, ne, sw, se);
    }

    // The tiling node of level l from u (torus rows [0, H/2) in its bottom
    // H/2 rows) and d (rows [H/2, H) in its top H/2 rows).
    NodeId rows(NodeId u, NodeId d, int level) {
        const auto key = std::uint64_t(u) << 32 | d;
        if (auto it = pairs_.find(key); it != pairs_.end()) return it->second;
        NodeId out;
        if (level == kLeafLevel) {
            const std::uint64_t cu = s_.leaf_cells(u), cd = s_.leaf_cells(d);
            if ((cu & kTopRows) || (cd >> 32)) outside();
            out = s_.leaf((cu >> 32) | (cd << 32));
        } else {
            const auto cu = s_[u].child, cd = s_[d].child;
            expect_empty(cu[0]), expect_empty(cu[1]), expect_empty(cd[2]), expect_empty(cd[3]);
            if (level == b_) {
                out = s_.node(cu[2], cu[3], cd[0], cd[1]);
            } else {
                const NodeId l = keep(rows(cu[2], cd[0], level - 1));
                const NodeId r = keep(rows(cu[3], cd[1], level - 1));
                out = s_.node(l, r, l, r);
            }
        }
        pairs_.emplace(key, keep(out));
        return out;
    }

    // The same with columns: r holds torus columns [0, W/2) in its right
    // W/2 columns, l holds [W/2, W) in its left W/2 columns.
    NodeId columns(NodeId r, NodeId l, int level) {
        const auto key = std::uint64_t(r) << 32 | l;
        if (auto it = pairs_.find(key); it != pairs_.end()) return it->second;
        NodeId out;
        if (level == kLeafLevel) {
            const std::uint64_t cr = s_.leaf_cells(r), cl = s_.leaf_cells(l);
            if ((cr & kLeftColumns) || (cl & ~kLeftColumns)) outside();
            out = s_.leaf(((cr >> 4) & kLeftColumns) | ((cl & kLeftColumns) << 4));
        } else {
            const auto cr = s_[r].child, cl = s_[l].child;
            expect_empty(cr[0]), expect_empty(cr[2]), expect_empty(cl[1]), expect_empty(cl[3]);
            if (level == a_) {
                out = s_.node(cr[1], cl[0], cr[3], cl[2]);
            } else {
                const NodeId top = keep(columns(cr[1], cl[0], level - 1));
                const NodeId bottom = keep(columns(cr[3], cl[2], level - 1));
                out = s_.node(top, top, bottom, bottom);
            }
        }
        pairs_.emplace(key, keep(out));
        return out;
    }

    NodeStore& s_;
    const MacrocellTree& f_;
    int a_, b_;
    std::unordered_map<std::uint32_t, NodeId> memo_;
    std::unordered_map<std::uint64_t, NodeId> pairs_;
};

}  // namespace

NodeId square_from_macrocell(NodeStore& store, const MacrocellTree& file, int log2_width,
                             int log2_height) {
    const std::size_t mark = store.stack().size();
    const NodeId square = FileImport(store, file, log2_width, log2_height).square();
    store.stack().resize(mark);
    return square;
}

}  // namespace toroid::hashlife
