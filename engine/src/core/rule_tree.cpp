// RuleTree and TreeRule (core/rule_tree.hpp): structure checks, the canonical
// form, and the row loops (flat lookup or tree walk).
#include "toroid/core/rule_tree.hpp"

#include <map>
#include <string_view>
#include <unordered_map>

#include "toroid/error.hpp"
#include "toroid/fnv1a.hpp"

namespace toroid {

namespace {

// The block's cells by BlockCell (the enum counts nw, n, ne, w, c, e, sw, s, se).
constexpr std::uint8_t Block3x3::*kCells[9] = {&Block3x3::nw, &Block3x3::n, &Block3x3::ne,
                                               &Block3x3::w,  &Block3x3::c, &Block3x3::e,
                                               &Block3x3::sw, &Block3x3::s, &Block3x3::se};

std::uint8_t& cell_ref(Block3x3& b, BlockCell p) {
    return b.*kCells[int(p)];
}

}  // namespace

std::uint8_t cell_of(const Block3x3& b, BlockCell p) {
    return b.*kCells[int(p)];
}

std::vector<BlockCell> tree_order(CellNeighbourhood n) {
    using enum BlockCell;
    switch (n) {
        case CellNeighbourhood::Moore:
            return {NW, NE, SW, SE, N, W, E, S, C};
        case CellNeighbourhood::VonNeumann:
            return {N, W, E, S, C};
        case CellNeighbourhood::Hexagonal:
            return {NW, N, W, E, S, SE, C};
        case CellNeighbourhood::OneDimensional:
            return {W, E, C};
    }
    return {};
}

namespace {

// The level of the node at each offset: 0 for the root, order.size() - 1 for
// the nodes whose entries are states. InputError when an offset is no node's
// start or points at a node of the wrong level.
std::vector<int> node_levels(const RuleTree& t, const std::string& what) {
    const std::size_t n = std::size_t(t.states);
    if (t.states < 2 || t.states > 256)
        throw InputError(what + ": " + std::to_string(t.states) + " states, expected 2..256");
    if (t.order.empty() || t.data.empty() || t.data.size() % n != 0)
        throw InputError(what + ": the tree holds no whole nodes");
    if (t.root % n != 0 || t.root >= t.data.size())
        throw InputError(what + ": the root is not a node");
    std::vector<int> level(t.data.size() / n, -1);
    level[t.root / n] = 0;
    // Nodes are reached from the root level by level; a node met at two
    // levels, or an offset outside the array, is an error (this also rules
    // out cycles: every edge goes one level down).
    std::vector<std::uint32_t> frontier{t.root};
    const int last = int(t.order.size()) - 1;
    for (int l = 0; l < last; ++l) {
        std::vector<std::uint32_t> next;
        for (std::uint32_t node : frontier)
            for (std::size_t s = 0; s < n; ++s) {
                const std::uint32_t child = t.data[node + s];
                if (child % n != 0 || child >= t.data.size())
                    throw InputError(what + ": node entry " + std::to_string(child) +
                                     " is not the start of a node");
                int& lv = level[child / n];
                if (lv == -1) {
                    lv = l + 1;
                    next.push_back(child);
                } else if (lv != l + 1) {
                    throw InputError(what + ": a node is reached at two levels (" +
                                     std::to_string(lv) + " and " + std::to_string(l + 1) + ")");
                }
            }
        frontier = std::move(next);
    }
    for (std::uint32_t node : frontier)
        for (std::size_t s = 0; s < n; ++s)
            if (t.data[node + s] >= n)
                throw InputError(what + ": next state " + std::to_string(t.data[node + s]) +
                                 " is not below " + std::to_string(t.states));
    return level;
}

}  // namespace

void RuleTree::validate(const std::string& what) const {
    (void)node_levels(*this, what);
}

RuleTree RuleTree::canonical() const {
    const std::size_t n = std::size_t(states);
    const int last = int(order.size()) - 1;
    RuleTree out;
    out.states = states;
    out.order = order;
    // Post-order from the root, children first; equal nodes (same entries
    // after their children were renamed) get one offset.
    std::map<std::vector<std::uint32_t>, std::uint32_t> unique;
    std::unordered_map<std::uint64_t, std::uint32_t> renamed;  // (level, old) -> new
    auto visit = [&](auto&& self, std::uint32_t node, int level) -> std::uint32_t {
        const std::uint64_t key = (std::uint64_t(level) << 32) | node;
        if (auto it = renamed.find(key); it != renamed.end()) return it->second;
        std::vector<std::uint32_t> entries(n);
        for (std::size_t s = 0; s < n; ++s)
            entries[s] = level == last ? data[node + s] : self(self, data[node + s], level + 1);
        entries.push_back(std::uint32_t(level));  // nodes of different levels stay apart
        auto [it, fresh] = unique.emplace(entries, std::uint32_t(out.data.size()));
        if (fresh) out.data.insert(out.data.end(), entries.begin(), entries.end() - 1);
        renamed.emplace(key, it->second);
        return it->second;
    };
    out.root = visit(visit, root, 0);
    return out;
}

std::uint64_t RuleTree::fingerprint() const {
    const RuleTree c = canonical();
    std::string bytes;
    auto put = [&](std::uint32_t v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); };
    put(std::uint32_t(c.states));
    for (BlockCell p : c.order) put(std::uint32_t(p));
    put(c.root);
    for (std::uint32_t v : c.data) put(v);
    return fnv1a64(bytes);
}

namespace {

int bits_for(int states) {
    int b = 1;
    while ((1 << b) < states) ++b;
    return b;
}

// The cells of the flat index, most significant first (see step_row).
std::vector<BlockCell> flat_cells(CellNeighbourhood n) {
    using enum BlockCell;
    switch (n) {
        case CellNeighbourhood::Moore:
        case CellNeighbourhood::Hexagonal:
            return {NW, W, SW, N, C, S, NE, E, SE};
        case CellNeighbourhood::VonNeumann:
            return {N, W, C, E, S};
        case CellNeighbourhood::OneDimensional:
            return {W, C, E};
    }
    return {};
}

// Largest flat table: 2^21 entries (2 MiB), so that it stays in the L2/L3
// cache of the cores that read it.
constexpr int max_flat_bits = 21;

}  // namespace

TreeRule::TreeRule(std::string name, CellNeighbourhood neighbourhood, RuleTree tree,
                   std::vector<StateColour> colours, std::string origin,
                   std::vector<std::string> notes)
    : name_(std::move(name)),
      neighbourhood_(neighbourhood),
      tree_(std::move(tree)),
      colours_(std::move(colours)),
      origin_(std::move(origin)),
      notes_(std::move(notes)) {
    tree_.validate("rule " + name_);
    digest_ = tree_.fingerprint();
    if (colours_.size() != std::size_t(tree_.states))
        colours_.resize(std::size_t(tree_.states), StateColour{255, 255, 255});
    const std::vector<BlockCell> cells = flat_cells(neighbourhood_);
    bits_ = bits_for(tree_.states);
    const int index_bits = bits_ * int(cells.size());
    if (index_bits > max_flat_bits) return;
    flat_.assign(std::size_t(1) << index_bits, 0);
    const std::uint32_t mask = (1u << bits_) - 1;
    for (std::uint32_t i = 0; i < flat_.size(); ++i) {
        Block3x3 b;
        bool valid = true;
        for (std::size_t k = 0; k < cells.size(); ++k) {
            const std::uint32_t s = (i >> (bits_ * int(cells.size() - 1 - k))) & mask;
            valid = valid && s < std::uint32_t(tree_.states);
            cell_ref(b, cells[k]) = std::uint8_t(s);
        }
        if (valid) flat_[i] = tree_.eval(b);
    }
}

void TreeRule::step_row(const std::uint8_t* above, const std::uint8_t* row,
                        const std::uint8_t* below, std::int64_t width, std::uint8_t* out) const {
    if (!flat_.empty()) {
        const int b = bits_;
        const std::uint8_t* table = flat_.data();
        switch (neighbourhood_) {
            case CellNeighbourhood::Moore:
            case CellNeighbourhood::Hexagonal: {
                // A column's three cells make 3b bits; the index is the
                // west, centre and east columns side by side.
                auto column = [&](std::int64_t x) {
                    return (std::uint32_t(above[x]) << (2 * b)) | (std::uint32_t(row[x]) << b) |
                           std::uint32_t(below[x]);
                };
                const std::uint32_t keep = (1u << (6 * b)) - 1;
                std::uint32_t index = (column(-1) << (3 * b)) | column(0);
                for (std::int64_t x = 0; x < width; ++x) {
                    index = ((index & keep) << (3 * b)) | column(x + 1);
                    out[x] = table[index];
                }
                return;
            }
            case CellNeighbourhood::VonNeumann:
                for (std::int64_t x = 0; x < width; ++x)
                    out[x] = table[(std::uint32_t(above[x]) << (4 * b)) |
                                   (std::uint32_t(row[x - 1]) << (3 * b)) |
                                   (std::uint32_t(row[x]) << (2 * b)) |
                                   (std::uint32_t(row[x + 1]) << b) | std::uint32_t(below[x])];
                return;
            case CellNeighbourhood::OneDimensional:
                for (std::int64_t x = 0; x < width; ++x)
                    out[x] = table[(std::uint32_t(row[x - 1]) << (2 * b)) |
                                   (std::uint32_t(row[x]) << b) | std::uint32_t(row[x + 1])];
                return;
        }
    }
    // The tree walk: each cell of the reading order as a row and an offset.
    const std::uint8_t* rows[3] = {above, row, below};
    struct Read {
        const std::uint8_t* r;
        int dx;
    };
    Read reads[9];
    const std::size_t k = tree_.order.size();
    for (std::size_t i = 0; i < k; ++i) {
        const int p = int(tree_.order[i]);
        reads[i] = {rows[p / 3], p % 3 - 1};
    }
    const std::uint32_t* data = tree_.data.data();
    for (std::int64_t x = 0; x < width; ++x) {
        std::uint32_t v = tree_.root;
        for (std::size_t i = 0; i < k; ++i) v = data[v + reads[i].r[x + reads[i].dx]];
        out[x] = std::uint8_t(v);
    }
}

}  // namespace toroid
