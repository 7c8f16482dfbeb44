// Compiling a table into its smallest decision diagram (rule_circuit.hpp).
#include "toroid/core/rule_circuit.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace toroid {
namespace {

// The eight neighbours clockwise from the north: N NE E SE S SW W NW.
constexpr std::array<int, 8> kRing = {1, 2, 5, 8, 7, 6, 3, 0};

// Candidate variable orders (top of the diagram first), each a permutation
// of the nine cells: the ring from each start in both directions with the
// centre first or last, rows and columns both ways. Isotropic functions are
// invariant under the block's symmetries, so these cover their shapes.
std::vector<std::array<int, 9>> candidate_orders() {
    std::vector<std::array<int, 9>> out;
    for (int start = 0; start < 8; ++start)
        for (int dir : {1, -1})
            for (bool centre_first : {false, true}) {
                std::array<int, 9> o{};
                int k = 0;
                if (centre_first) o[k++] = 4;
                for (int i = 0; i < 8; ++i) o[k++] = kRing[std::size_t((start + dir * i + 16) % 8)];
                if (!centre_first) o[k++] = 4;
                out.push_back(o);
            }
    out.push_back({0, 1, 2, 3, 4, 5, 6, 7, 8});
    out.push_back({8, 7, 6, 5, 4, 3, 2, 1, 0});
    out.push_back({0, 3, 6, 1, 4, 7, 2, 5, 8});
    out.push_back({8, 5, 2, 7, 4, 1, 6, 3, 0});
    return out;
}

// One node while building: the level (position of its variable in the
// order) and its children (>= 0: a node, -1: constant 0, -2: constant 1).
struct Node {
    int level, lo, hi;
};

// A reduced ordered diagram of `f`, a truth table over the cells of
// `order` (its index has order[0] as the most significant bit).
class DiagramBuilder {
  public:
    explicit DiagramBuilder(int vars) : vars_(vars), unique_(std::size_t(vars)) {}

    int build(int level, const std::string& f) {
        if (f.find('\1') == std::string::npos) return -1;
        if (f.find('\0') == std::string::npos) return -2;
        const std::size_t half = f.size() / 2;
        const std::string lo_f = f.substr(0, half), hi_f = f.substr(half);
        if (lo_f == hi_f) return build(level + 1, lo_f);  // does not test this variable
        auto& unique = unique_[std::size_t(level)];
        if (auto it = unique.find(f); it != unique.end()) return it->second;
        const int lo = build(level + 1, lo_f), hi = build(level + 1, hi_f);
        nodes_.push_back({level, lo, hi});
        const int id = int(nodes_.size()) - 1;
        unique.emplace(f, id);
        return id;
    }
    const std::vector<Node>& nodes() const { return nodes_; }
    int vars() const { return vars_; }

  private:
    int vars_;
    std::vector<std::unordered_map<std::string, int>> unique_;
    std::vector<Node> nodes_;
};

// Cells the table depends on.
std::vector<int> relevant_cells(const Range1Table& t) {
    std::vector<int> out;
    for (int k = 0; k < 9; ++k) {
        const unsigned bit = 1u << (8 - k);
        for (unsigned i = 0; i < Range1Table::kSize; ++i)
            if (t.next(i) != t.next(i ^ bit)) {
                out.push_back(k);
                break;
            }
    }
    return out;
}

// The circuit of the diagram of `t` over `order` (relevant cells only).
RuleCircuit circuit_for(const Range1Table& t, const std::vector<int>& order) {
    const int n = int(order.size());
    std::string f(std::size_t(1) << n, '\0');
    for (unsigned i = 0; i < Range1Table::kSize; ++i) {
        unsigned j = 0;
        for (int v = 0; v < n; ++v)
            j = j << 1 | unsigned(Range1Table::cell(i, order[std::size_t(v)]));
        f[j] = char(t.next(i));
    }
    DiagramBuilder b(n);
    const int top = b.build(0, f);
    RuleCircuit c;
    if (top < 0) {
        c.root = std::uint8_t(top == -1 ? 0 : 1);
        return c;
    }
    const auto& nodes = b.nodes();
    if (nodes.size() > std::size_t(RuleCircuit::kMaxNodes))
        throw std::logic_error("decision diagram larger than its bound");
    // Slots: deepest level first, so children come before their parents.
    std::vector<int> by_level(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) by_level[i] = int(i);
    std::stable_sort(by_level.begin(), by_level.end(), [&](int a, int b2) {
        return nodes[std::size_t(a)].level > nodes[std::size_t(b2)].level;
    });
    std::vector<int> slot(nodes.size());
    for (std::size_t s = 0; s < by_level.size(); ++s) slot[std::size_t(by_level[s])] = int(s) + 2;
    auto child = [&](int id) {
        return std::uint8_t(id == -1 ? 0 : id == -2 ? 1 : slot[std::size_t(id)]);
    };
    int current = -1;
    for (std::size_t s = 0; s < by_level.size(); ++s) {
        const Node& node = nodes[std::size_t(by_level[s])];
        if (node.level != current) {
            current = node.level;
            c.var[c.levels] = std::uint8_t(order[std::size_t(node.level)]);
            ++c.levels;
        }
        c.lo[s] = child(node.lo);
        c.hi[s] = child(node.hi);
        c.end[c.levels - 1] = std::uint8_t(s + 1);
    }
    c.root = child(top);
    return c;
}

}  // namespace

RuleCircuit compile_circuit(const Range1Table& table) {
    const std::vector<int> relevant = relevant_cells(table);
    RuleCircuit best;
    bool first = true;
    for (const auto& full : candidate_orders()) {
        std::vector<int> order;
        for (int k : full)
            if (std::find(relevant.begin(), relevant.end(), k) != relevant.end())
                order.push_back(k);
        const RuleCircuit c = circuit_for(table, order);
        if (first || c.nodes() < best.nodes()) best = c;
        first = false;
    }
    return best;
}

}  // namespace toroid
