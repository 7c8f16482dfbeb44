// Macrocell reader (contract in toroid/io/macrocell.hpp).
//
// Nodes are kept in file order (index 0 = the empty square). A node of level
// 1..3 is stored as its bitmap (side s = 2^L, cell (x, y) at bit y * s + x),
// so leaves and Golly's multi-state level-1 nodes meet in one form; higher
// levels keep their four children. The bitmap of a multi-state square marks
// its cells in any state but 0 (boxes and populations count those, as
// Golly's population does); the states themselves stay in the nodes built
// from level-1 lines (Node::sub), drawn cell by cell when a file has states
// beyond 1. Children precede parents, so bounding
// boxes are computed in one pass in file order, and the cells are drawn by a
// descent that visits only non-empty squares.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "text_error.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/memory.hpp"

namespace toroid {
namespace {

using detail::describe_byte;
using detail::is_blank;
using detail::TextPos;
using detail::throw_at;
using detail::trim;

constexpr int kMaxLevel = 256;      // deeper files are refused before any arithmetic
constexpr int kMaxExactLevel = 62;  // squares up to 2^62: coordinates fit in int64

struct Node {
    int level = 0;
    std::uint64_t bits = 0;                // level <= 3: cells in a state but 0
    std::array<std::uint32_t, 4> child{};  // level >= 4: nw ne sw se
    std::int64_t line = 0;                 // where it was defined
    // Level 1..3 nodes from node lines (not 8x8 leaves): level 1 its four
    // cell states, levels 2 and 3 their children (nw ne sw se).
    std::array<std::uint32_t, 4> sub{};
    bool from_states = false;
};

// Live cells of a node, inclusive bounds in the node's own coordinates.
struct Box {
    std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    bool empty() const { return x1 < x0; }
    void add(const Box& b, std::int64_t dx, std::int64_t dy) {
        if (b.empty()) return;
        if (empty()) {
            *this = {b.x0 + dx, b.y0 + dy, b.x1 + dx, b.y1 + dy};
            return;
        }
        x0 = std::min(x0, b.x0 + dx), y0 = std::min(y0, b.y0 + dy);
        x1 = std::max(x1, b.x1 + dx), y1 = std::max(y1, b.y1 + dy);
    }
};

Box bitmap_box(std::uint64_t bits, int side) {
    Box b;
    for (int y = 0; y < side; ++y) {
        const std::uint64_t row = (bits >> (y * side)) & ((std::uint64_t(1) << side) - 1);
        if (!row) continue;
        b.add(Box{std::countr_zero(row), y, 63 - std::countl_zero(row), y}, 0, 0);
    }
    return b;
}

class MacrocellReader {
  public:
    MacrocellReader(std::string_view text, std::string_view source) : text_(text), source_(source) {
        nodes_.push_back(Node{});  // index 0: the empty square of any level
    }

    Pattern read() {
        parse();
        return build();
    }

    MacrocellTree read_tree() {
        parse();
        MacrocellTree t;
        fill_header(t.header);
        check_states(t.header);
        t.nodes.reserve(nodes_.size());
        for (const Node& n : nodes_) t.nodes.push_back({n.level, n.bits, n.child});
        t.root = nodes_.size() > 1 ? std::uint32_t(nodes_.size() - 1) : 0;
        return t;
    }

  private:
    void parse() {
        bool header = false;
        detail::for_each_line(text_, [&](std::string_view line, std::int64_t line_no) {
            line_no_ = line_no;
            if (!header) {
                const std::size_t first = line.find_first_not_of(" \t\r\v\f");
                if (first == std::string_view::npos) return true;  // leading blank lines
                if (line.substr(first, 4) != "[M2]")
                    fail(first, "expected the macrocell header '[M2]' on the first line, found '" +
                                    std::string(trim(line.substr(first, 20))) + "'");
                header = true;
                return true;
            }
            read_line(line);
            return true;
        });
        if (!header)
            throw InputError(std::string(source_) +
                             ": empty file (expected a macrocell pattern starting with '[M2]')");
    }

    void fill_header(Pattern& p) const {
        p.format = PatternFormat::Macrocell;
        p.name = name_;
        p.comments = comments_;
        p.generation = generation_;
        p.rule_text = rule_text_;
        if (!rule_text_.empty()) {
            try {
                p.rule = Rule::parse(rule_text_);
            } catch (const UnsupportedRule& e) {
                p.refused_rule = e.what();
            } catch (const InputError& e) {
                throw_at(source_, TextPos{rule_line_, 4},
                         std::string("bad rule after '#R': ") + e.what());
            }
        }
    }

    [[noreturn]] void fail(std::size_t column0, const std::string& what) const {
        throw_at(source_, TextPos{line_no_, std::int64_t(column0) + 1}, what);
    }

    void read_line(std::string_view line) {
        while (!line.empty() && (is_blank(line.back()))) line.remove_suffix(1);
        const std::size_t first = line.find_first_not_of(" \t\v\f");
        if (first == std::string_view::npos) return;  // blank lines are allowed
        const char c = line[first];
        if (c == '#') return comment(line.substr(first));
        if (c == '.' || c == '*' || c == '$') return leaf(line, first);
        if (c >= '0' && c <= '9') return node(line, first);
        fail(first, "unexpected " + describe_byte(c) +
                        " at the start of a macrocell line (expected a leaf of '.', '*' and '$', "
                        "a node 'level nw ne sw se', or a '#' line)");
    }

    void comment(std::string_view line) {
        const char kind = line.size() > 1 ? line[1] : ' ';
        std::string_view rest = trim(line.substr(std::min<std::size_t>(2, line.size())));
        if (kind == 'R') {
            // Golly reads the first word only.
            const std::size_t end = rest.find_first_of(" \t");
            rule_text_ = std::string(rest.substr(0, end));
            rule_line_ = line_no_;
            if (rule_text_.empty()) fail(1, "empty rule after '#R' (expected e.g. '#R B3/S23')");
        } else if (kind == 'G') {
            if (rest.empty() || rest.find_first_not_of("0123456789") != std::string_view::npos)
                fail(2, "bad generation '" + std::string(rest) +
                            "' after '#G' (expected a whole number, e.g. '#G 1000')");
            generation_ = std::string(rest);
        } else if (kind == 'C' || kind == 'c') {
            comments_.emplace_back(rest);
        } else if (kind == 'N') {
            name_ = std::string(rest);
        }
        // Other # lines (#FRAMES / #FRAME of Golly's timelines, ...) carry no cells.
    }

    void leaf(std::string_view line, std::size_t first) {
        std::uint64_t bits = 0;
        int x = 0, y = 0;
        for (std::size_t i = first; i < line.size(); ++i) {
            const char c = line[i];
            if (c == '*') {
                if (y > 7)
                    fail(i, "a live cell in row " + std::to_string(y + 1) +
                                " of a leaf (expected at most 8 rows of 8 cells)");
                if (x > 7)
                    fail(i, "a live cell in column " + std::to_string(x + 1) +
                                " of a leaf (expected at most 8 cells before each '$')");
                bits |= std::uint64_t(1) << (y * 8 + x);
                ++x;
            } else if (c == '.') {
                ++x;
                if (x > 64) fail(i, "a leaf row longer than 8 cells (expected '$' to end it)");
            } else if (c == '$') {
                x = 0;
                ++y;
                if (y > 64) fail(i, "a leaf with more than 8 rows (expected at most 8 '$')");
            } else {
                fail(i, "unexpected " + describe_byte(c) +
                            " in a leaf (expected '.' dead, '*' alive or '$' end of row)");
            }
        }
        add(Node{3, bits, {}, line_no_});
    }

    std::uint64_t number(std::string_view line, std::size_t& i, const char* what) {
        const std::size_t start = i;
        std::uint64_t v = 0;
        while (i < line.size() && line[i] >= '0' && line[i] <= '9') {
            if (v > (std::uint64_t(1) << 40)) fail(start, std::string(what) + " is too large");
            v = v * 10 + std::uint64_t(line[i++] - '0');
        }
        if (i == start)
            fail(start, i < line.size() ? "unexpected " + describe_byte(line[i]) +
                                              " in a node line (expected " + what + ")"
                                        : std::string("the node line ends early (expected ") +
                                              what + "; a node is 'level nw ne sw se')");
        return v;
    }

    void node(std::string_view line, std::size_t i) {
        const std::size_t level_at = i;
        const std::uint64_t level = number(line, i, "the node's level");
        if (level < 1 || level > std::uint64_t(kMaxLevel))
            fail(level_at, "node level " + std::to_string(level) + " is out of range (expected " +
                               (level == 0 ? std::string("1 or more: leaves are level 3")
                                           : "at most " + std::to_string(kMaxLevel)) +
                               ")");
        static constexpr const char* kQuadrant[4] = {"nw", "ne", "sw", "se"};
        std::array<std::uint64_t, 4> ref{};
        std::array<std::size_t, 4> at{};
        for (int q = 0; q < 4; ++q) {
            while (i < line.size() && is_blank(line[i])) ++i;
            at[q] = i;
            ref[q] = number(line, i, level == 1 ? "a cell state" : "a node number");
        }
        // Golly allows (and ignores) one more number; anything else is wrong.
        while (i < line.size() && is_blank(line[i])) ++i;
        if (i < line.size() && line[i] >= '0' && line[i] <= '9') {
            number(line, i, "a number");
            while (i < line.size() && is_blank(line[i])) ++i;
        }
        if (i < line.size())
            fail(i, "unexpected " + describe_byte(line[i]) +
                        " after the node 'level nw ne sw se' (expected the end of the line)");
        Node n{int(level), 0, {}, line_no_};
        if (level == 1) {
            for (int q = 0; q < 4; ++q) {
                if (ref[q] > 255)
                    fail(at[q], "cell state " + std::to_string(ref[q]) +
                                    " in a level-1 node (expected a state 0..255)");
                if (ref[q] > top_state_) {  // checked against the rule once it is read
                    top_state_ = ref[q];
                    top_state_at_ = TextPos{line_no_, std::int64_t(at[q]) + 1};
                }
                n.bits |= std::uint64_t(ref[q] != 0) << ((q / 2) * 2 + (q % 2));
                n.sub[std::size_t(q)] = std::uint32_t(ref[q]);
            }
            n.from_states = true;
            return add(n);
        }
        const std::uint64_t here = nodes_.size();  // this node's own number
        for (int q = 0; q < 4; ++q) {
            if (ref[q] >= here)
                fail(at[q], std::string("the ") + kQuadrant[q] + " child " +
                                std::to_string(ref[q]) +
                                (ref[q] == here ? " is this node itself" : " is not defined yet") +
                                " (expected a node number below " + std::to_string(here) +
                                ": nodes are numbered 1, 2, ... in file order and may only "
                                "refer to earlier ones; 0 is empty)");
            const Node& c = nodes_[ref[q]];
            if (ref[q] != 0 && c.level != int(level) - 1)
                fail(at[q], std::string("the ") + kQuadrant[q] + " child " +
                                std::to_string(ref[q]) + " (line " + std::to_string(c.line) +
                                ") is a level-" + std::to_string(c.level) + " " +
                                (c.level == 3 ? "leaf" : "node") + ", but a level-" +
                                std::to_string(level) + " node needs level-" +
                                std::to_string(level - 1) + " children (" +
                                (level == 4 ? std::string("8x8 leaves") : "nodes") + " or 0)");
            n.child[std::size_t(q)] = std::uint32_t(ref[q]);
        }
        if (level <= 3) {  // a small square from smaller bitmaps: store the bitmap
            const int side = 1 << level, half = side / 2;
            for (int q = 0; q < 4; ++q) {
                const std::uint64_t b = nodes_[n.child[std::size_t(q)]].bits;
                for (int y = 0; y < half; ++y)
                    for (int x = 0; x < half; ++x)
                        if ((b >> (y * half + x)) & 1)
                            n.bits |= std::uint64_t(1)
                                      << ((y + (q / 2) * half) * side + x + (q % 2) * half);
            }
            n.sub = n.child;
            n.from_states = true;
            n.child = {};
        }
        add(n);
    }

    void add(const Node& n) {
        if (nodes_.size() >= std::size_t(UINT32_MAX)) fail(0, "too many nodes (at most 2^32 - 1)");
        if (nodes_.size() == nodes_.capacity())
            reserve_checked(std::max<std::size_t>(1024, 2 * nodes_.size()));
        nodes_.push_back(n);
    }

    // Node storage grows by doubling; each growth is checked first against
    // the memory check (toroid/memory.hpp): the new table, the old one while
    // it is copied, and the bounding boxes build() computes, one per node.
    // A 1 MB .gz of 10^8 nodes is refused here with the numbers, not killed.
    void reserve_checked(std::size_t capacity) {
        const double node = double(sizeof(Node)), box = double(sizeof(Box));
        const double bytes = double(capacity) * (node + box) + double(nodes_.size()) * node;
        try {
            check_host_memory(
                {bytes, "reading " + std::to_string(capacity) + " macrocell nodes",
                 "a table of " + human_bytes(double(capacity) * node) + " (" +
                     std::to_string(sizeof(Node)) + " bytes a node) + bounding boxes of " +
                     human_bytes(double(capacity) * box) + " + the old table while it grows",
                 "the pattern is too large to read into memory"});
        } catch (const InputError& e) {
            fail(0, std::string("the file defines more than ") + std::to_string(nodes_.size()) +
                        " nodes so far: " + e.what());
        }
        nodes_.reserve(capacity);
    }

    // States beyond the rule's are refused where the highest one was met, as
    // the RLE reader does (no #R means B3/S23: two states). A rule refused
    // as unsupported says nothing about states: its cells are kept.
    void check_states(const Pattern& p) const {
        if (top_state_ <= 1 || p.refused_rule) return;
        const Rule rule = p.rule.value_or(Rule());
        if (int(top_state_) < rule.states()) return;
        throw_at(source_, top_state_at_,
                 "cell state " + std::to_string(top_state_) + " in a level-1 node" +
                     (rule.multi_state()
                          ? ", beyond rule " + rule.to_string() + ", whose states are 0.." +
                                std::to_string(rule.states() - 1)
                          : ": a multi-state pattern, but rule " + rule.to_string() +
                                " is two-state (expected 0 or 1, or a multi-state rule after "
                                "#R)"));
    }

    // Node `id` (level <= 3, from node lines) cell by cell, its top-left
    // corner at (x, y) of g: the states of a multi-state file.
    void draw_states(Grid& g, std::uint32_t id, std::int64_t x, std::int64_t y) const {
        if (id == 0) return;
        const Node& n = nodes_[id];
        const std::int64_t half = std::int64_t(1) << (n.level - 1);
        for (int q = 0; q < 4; ++q) {
            const std::uint32_t v = n.sub[std::size_t(q)];
            const std::int64_t cx = x + (q % 2) * half, cy = y + (q / 2) * half;
            if (n.level == 1) {
                if (v) g.set_state(cx, cy, int(v));
            } else {
                draw_states(g, v, cx, cy);
            }
        }
    }

    // --- from nodes to cells ------------------------------------------------

    // Squares of level > 62 cannot be measured in int64: the root is replaced
    // by the smallest square around its cells (its only non-empty child, or
    // its centre), which keeps Golly's origin while only centring.
    std::uint32_t shrink_root(std::uint32_t root, bool& origin_known) {
        while (nodes_[root].level > kMaxExactLevel) {
            const Node n = nodes_[root];
            int filled = 0;
            std::uint32_t only = 0;
            for (std::uint32_t c : n.child)
                if (c) ++filled, only = c;
            if (filled == 1) {
                root = only;
                origin_known = false;  // moved off centre by more than int64 holds
                continue;
            }
            // Centre: nw's se, ne's sw, sw's ne, se's nw; everything else empty.
            bool centred = true;
            std::array<std::uint32_t, 4> inner{};
            for (int q = 0; q < 4 && centred; ++q) {
                const std::uint32_t c = n.child[std::size_t(q)];
                if (!c) continue;
                const auto& g = nodes_[c].child;
                for (int k = 0; k < 4; ++k)
                    if (k != 3 - q && g[std::size_t(k)]) centred = false;
                inner[std::size_t(q)] = g[std::size_t(3 - q)];
            }
            if (!centred)
                throw_at(source_, TextPos{n.line, 1},
                         "the macrocell pattern is at least 2^" + std::to_string(n.level - 2) +
                             " cells wide or high (its live cells lie in a level-" +
                             std::to_string(n.level) +
                             " square far apart): far more than any torus in memory");
            nodes_.push_back(Node{n.level - 1, 0, inner, n.line});
            root = std::uint32_t(nodes_.size() - 1);
        }
        return root;
    }

    std::vector<Box> boxes() const {
        std::vector<Box> box(nodes_.size());
        for (std::size_t i = 1; i < nodes_.size(); ++i) {
            const Node& n = nodes_[i];
            if (n.level <= 3) {
                box[i] = bitmap_box(n.bits, 1 << n.level);
            } else if (n.level <= kMaxExactLevel) {
                const std::int64_t half = std::int64_t(1) << (n.level - 1);
                for (int q = 0; q < 4; ++q)
                    box[i].add(box[n.child[std::size_t(q)]], (q % 2) * half, (q / 2) * half);
            }
        }
        return box;
    }

    // ORs node `id` with its top-left corner at (x, y) of g; only squares
    // holding cells are visited, and those lie inside g.
    void draw(Grid& g, std::uint32_t id, std::int64_t x, std::int64_t y,
              const std::vector<Box>& box) const {
        const Node& n = nodes_[id];
        if (box[id].empty()) return;
        if (n.level <= 3 && n.from_states && top_state_ > 1) return draw_states(g, id, x, y);
        if (n.level <= 3) {
            const int side = 1 << n.level;
            for (int r = 0; r < side; ++r) {
                std::uint64_t row = (n.bits >> (r * side)) & ((std::uint64_t(1) << side) - 1);
                if (!row) continue;
                std::int64_t px = x;
                if (px < 0) row >>= -px, px = 0;  // the cut-off cells are dead
                auto out = g.row(y + r);
                const std::size_t w = std::size_t(px / 64);
                const int shift = int(px % 64);
                out[w] |= row << shift;
                if (shift > 64 - side && w + 1 < out.size()) out[w + 1] |= row >> (64 - shift);
            }
            return;
        }
        const std::int64_t half = std::int64_t(1) << (n.level - 1);
        for (int q = 0; q < 4; ++q) {
            const std::uint32_t c = n.child[std::size_t(q)];
            if (c) draw(g, c, x + (q % 2) * half, y + (q / 2) * half, box);
        }
    }

    Pattern build() {
        Pattern p;
        fill_header(p);
        check_states(p);
        // A full torus size (not a tube) places the cells as Golly did.
        const bool has_torus = p.rule && p.rule->torus() && !p.rule->torus()->tube();
        const TorusSize torus = has_torus ? *p.rule->torus() : TorusSize{};
        // The root is the last node defined; a file without nodes is empty.
        bool origin_known = true;
        const std::uint32_t root =
            nodes_.size() > 1 ? shrink_root(std::uint32_t(nodes_.size() - 1), origin_known) : 0;
        const std::vector<Box> box = boxes();
        const Box b = box[root];
        const int level = nodes_[root].level;
        const std::int64_t origin = root ? -(std::int64_t(1) << (level - 1)) : 0;  // Golly's
        if (b.empty() && has_torus && !grid_would_fit(torus.width, torus.height))
            return tree_pattern(std::move(p));
        if (b.empty()) {
            p.cells = has_torus ? Grid(torus.width, torus.height) : Grid(1, 1);
            p.whole_torus = has_torus;
            return p;
        }
        const std::int64_t width = b.x1 - b.x0 + 1, height = b.y1 - b.y0 + 1;
        if (has_torus && origin_known) {
            // Golly's bounded grid spans -W/2 .. W-1-W/2: inside it, keep the places.
            const std::int64_t left = -(torus.width / 2), top = -(torus.height / 2);
            if (origin + b.x0 >= left && origin + b.x1 < left + torus.width &&
                origin + b.y0 >= top && origin + b.y1 < top + torus.height) {
                if (!grid_would_fit(torus.width, torus.height)) return tree_pattern(std::move(p));
                p.cells = allocate(torus.width, torus.height, width, height, root);
                draw(p.cells, root, origin - left, origin - top, box);
                p.whole_torus = true;
                return p;
            }
        }
        p.cells = allocate(width, height, width, height, root);
        draw(p.cells, root, -b.x0, -b.y0, box);
        return p;
    }

    static bool grid_would_fit(std::int64_t w, std::int64_t h) {
        try {
            check_grid_fits(w, h);
            return true;
        } catch (const InputError&) {
            return false;
        }
    }

    // A whole torus too large for a Grid: the tree instead (Pattern::tree).
    Pattern tree_pattern(Pattern p) {
        auto t = std::make_shared<MacrocellTree>();
        t->nodes.reserve(nodes_.size());
        for (const Node& n : nodes_) t->nodes.push_back({n.level, n.bits, n.child});
        t->root = nodes_.size() > 1 ? std::uint32_t(nodes_.size() - 1) : 0;
        t->header = p;
        p.whole_torus = true;
        p.tree = std::move(t);
        return p;
    }

    Grid allocate(std::int64_t w, std::int64_t h, std::int64_t box_w, std::int64_t box_h,
                  std::uint32_t root) const {
        try {
            check_grid_fits(w, h);
        } catch (const InputError& e) {
            throw_at(source_, TextPos{nodes_[root].line, 1},
                     "the macrocell pattern's bounding box is " + std::to_string(box_w) + " x " +
                         std::to_string(box_h) +
                         " cells, too large to read into memory: " + e.what());
        }
        return Grid(w, h);
    }

    std::string_view text_;
    std::string_view source_;
    std::int64_t line_no_ = 0;
    std::vector<Node> nodes_;
    std::string rule_text_, name_, generation_;
    std::int64_t rule_line_ = 0;
    std::vector<std::string> comments_;
    std::uint64_t top_state_ = 0;  // the highest cell state of level-1 nodes
    TextPos top_state_at_;
};

}  // namespace

Pattern parse_macrocell(std::string_view text, std::string_view source) {
    return MacrocellReader(text, source).read();
}

MacrocellTree parse_macrocell_tree(std::string_view text, std::string_view source) {
    return MacrocellReader(text, source).read_tree();
}

MacrocellTree read_macrocell_tree_file(const std::string& path) {
    const std::string bytes = read_text_file(path);
    MacrocellTree t = parse_macrocell_tree(is_gzip(bytes) ? gunzip(bytes, path) : bytes, path);
    t.header.compressed = is_gzip(bytes);
    return t;
}

MacrocellSummary summarize_macrocell(const MacrocellTree& t) {
    MacrocellSummary s;
    std::vector<WideCount> pop(t.nodes.size(), 0);
    std::vector<Box> box(t.nodes.size());
    for (std::size_t i = 1; i < t.nodes.size(); ++i) {
        const MacrocellTree::Node& n = t.nodes[i];
        if (n.level <= 3) {
            pop[i] = WideCount(std::popcount(n.bits));
            box[i] = bitmap_box(n.bits, 1 << n.level);
            continue;
        }
        for (std::uint32_t c : n.child) {
            if (pop[c] > ~WideCount(0) - pop[i])
                throw InputError("the macrocell pattern has more than 2^128 live cells");
            pop[i] += pop[c];
        }
        if (n.level <= kMaxExactLevel) {
            const std::int64_t half = std::int64_t(1) << (n.level - 1);
            for (int q = 0; q < 4; ++q)
                box[i].add(box[n.child[std::size_t(q)]], (q % 2) * half, (q / 2) * half);
        }
    }
    s.population = pop[t.root];
    if (t.root && t.nodes[t.root].level <= kMaxExactLevel && !box[t.root].empty()) {
        const std::int64_t origin = -(std::int64_t(1) << (t.nodes[t.root].level - 1));
        const Box& b = box[t.root];
        s.has_box = true;
        s.x0 = origin + b.x0, s.y0 = origin + b.y0, s.x1 = origin + b.x1, s.y1 = origin + b.y1;
    }
    return s;
}

}  // namespace toroid
