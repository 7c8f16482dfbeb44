// Macrocell writer (contract in toroid/io/macrocell.hpp).
//
// The tree is built bottom-up, one level at a time, over the node squares
// that overlap the written region only (everything else is the empty node 0).
// Each distinct 8x8 leaf and each distinct (nw, ne, sw, se) node gets one
// number and one line the first time it is met (hash-consing), so all leaves
// come first, then the level-4 nodes, and so on: children always precede
// their parents, as the format requires.
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "macrocell_states.hpp"
#include "toroid/error.hpp"
#include "toroid/io/macrocell.hpp"
namespace toroid {
namespace {

// Up to 8 cells of `row` from grid column x on (x may be < lo), keeping only
// columns inside [lo, hi); cell x + k becomes bit k.
std::uint64_t cells8(std::span<const std::uint64_t> row, std::int64_t x, std::int64_t lo,
                     std::int64_t hi) {
    const std::int64_t from = std::max(x, lo), to = std::min(x + 8, hi);
    if (from >= to) return 0;
    const std::size_t word = std::size_t(from / 64);
    const int off = int(from % 64);
    std::uint64_t v = row[word] >> off;
    if (off > 56 && word + 1 < row.size()) v |= row[word + 1] << (64 - off);
    v &= (std::uint64_t(1) << (to - from)) - 1;
    return v << (from - x);
}

void write_comment(std::string& out, const char* tag, const std::string& text) {
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = text.find('\n', start);
        std::string part = text.substr(start, end == std::string::npos ? end : end - start);
        while (!part.empty() && part.back() == '\r') part.pop_back();
        out += tag;
        if (!part.empty()) out += ' ' + part;
        out += '\n';
        if (end == std::string::npos) break;
        start = end + 1;
    }
}

}  // namespace

void append_macrocell_leaf(std::string& out, std::uint64_t bits) {
    for (int r = 0; r < 8 && (bits >> (r * 8)); ++r) {
        const unsigned row = unsigned(bits >> (r * 8)) & 0xffu;
        for (int c = 0; c < 8 && (row >> c); ++c) out += ((row >> c) & 1) ? '*' : '.';
        out += '$';
    }
    out += '\n';
}

std::string macrocell_header(const Rule& rule, const WriteOptions& opts) {
    std::string out = "[M2] (toroid)\n#R " + rule.to_string() + "\n";
    if (!opts.name.empty()) write_comment(out, "#N", opts.name);
    for (const auto& c : opts.comments)
        if (c.rfind("#CXRLE", 0) != 0) write_comment(out, "#C", c);
    return out;
}

std::string format_macrocell(const Grid& g, const std::optional<Rule>& rule,
                             const WriteOptions& opts) {
    Rect r{0, 0, g.width(), g.height()};
    Rule written = rule.value_or(Rule());
    // States above 1 need a rule that has them, or the file would not read
    // back (a pattern whose rule was refused keeps its states, not its rule).
    if (g.max_state() >= written.states())
        throw InputError("cannot write a macrocell file of cells in state " +
                         std::to_string(g.max_state()) + " under rule " + written.to_string() +
                         " (states 0.." + std::to_string(written.states() - 1) +
                         "): give the pattern's multi-state rule");
    if (opts.crop) {
        r = g.bounding_box();  // empty: no nodes at all
        // A crop is not the torus: a full :TW,H would make readers put it at
        // Golly's places on that torus. A tube's suffix still says the rule.
        if (written.torus() && !written.torus()->tube()) written = written.with_torus(std::nullopt);
    } else {
        written = written.with_torus(TorusSize{g.width(), g.height()});
    }

    std::string out = macrocell_header(written, opts);
    if (r.empty()) return out;

    // Region cell (i, j) is Golly's cell (i - w/2, j - h/2); the root square of
    // level L spans -2^(L-1) .. 2^(L-1) - 1, so it is (i + ox, j + oy) there.
    int level = 4;
    while ((std::int64_t(1) << (level - 1)) < std::max(r.width - r.width / 2, r.width / 2) ||
           (std::int64_t(1) << (level - 1)) < std::max(r.height - r.height / 2, r.height / 2))
        ++level;
    const std::int64_t half = std::int64_t(1) << (level - 1);
    const std::int64_t ox = half - r.width / 2, oy = half - r.height / 2;
    if (g.state_planes() > 0 || written.multi_state()) {  // Golly's level-1 nodes of states
        detail::append_multistate_macrocell_tree(out, g, r, level, ox, oy);
        return out;
    }
    // Level 3: the leaves over [sx, sx + nx) x [sy, sy + ny) (in leaf units).
    std::int64_t sx = ox / 8, sy = oy / 8;
    std::int64_t nx = (ox + r.width - 1) / 8 - sx + 1, ny = (oy + r.height - 1) / 8 - sy + 1;
    std::vector<std::uint32_t> ids(std::size_t(nx * ny), 0);
    std::uint32_t next_id = 0;
    std::unordered_map<std::uint64_t, std::uint32_t> leaves;
    for (std::int64_t ly = 0; ly < ny; ++ly) {
        std::array<std::int64_t, 8> grid_row{};  // -1: outside the region
        bool any = false;
        for (int k = 0; k < 8; ++k) {
            const std::int64_t j = (sy + ly) * 8 + k - oy;
            grid_row[std::size_t(k)] = (j >= 0 && j < r.height) ? r.y + j : -1;
            if (grid_row[std::size_t(k)] >= 0) {
                for (std::uint64_t w : g.row(grid_row[std::size_t(k)]))
                    if (w) {
                        any = true;
                        break;
                    }
            }
        }
        if (!any) continue;
        for (std::int64_t lx = 0; lx < nx; ++lx) {
            const std::int64_t x = r.x + (sx + lx) * 8 - ox;  // grid column of the leaf's cell 0
            std::uint64_t bits = 0;
            for (int k = 0; k < 8; ++k)
                if (grid_row[std::size_t(k)] >= 0)
                    bits |= cells8(g.row(grid_row[std::size_t(k)]), x, r.x, r.x + r.width)
                            << (8 * k);
            if (!bits) continue;
            auto [it, fresh] = leaves.try_emplace(bits, next_id + 1);
            if (fresh) {
                ++next_id;
                append_macrocell_leaf(out, bits);
            }
            ids[std::size_t(ly * nx + lx)] = it->second;
        }
    }

    // Levels 4 .. L: group 2 x 2 squares of the level below.
    detail::append_macrocell_levels(out, std::move(ids), {sx, sy, nx, ny}, 4, level, next_id);
    return out;
}

}  // namespace toroid
