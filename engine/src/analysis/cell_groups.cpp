#include "cell_groups.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>

namespace toroid::detail {

Rect box_of(const std::vector<Cell>& cells, const std::vector<std::uint32_t>& members) {
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0;
    std::int64_t x1 = std::numeric_limits<std::int64_t>::min(), y1 = x1;
    for (std::uint32_t i : members) {
        x0 = std::min(x0, cells[i].x);
        x1 = std::max(x1, cells[i].x);
        y0 = std::min(y0, cells[i].y);
        y1 = std::max(y1, cells[i].y);
    }
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

Rect box_of(std::span<const Cell> cells) {
    if (cells.empty()) return {};
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0, x1 = -1, y1 = -1;
    for (const Cell& c : cells)
        x0 = std::min(x0, c.x), y0 = std::min(y0, c.y), x1 = std::max(x1, c.x),
        y1 = std::max(y1, c.y);
    return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

Rect unite(const Rect& a, const Rect& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    const std::int64_t x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
    return {x0, y0, std::max(a.x + a.width, b.x + b.width) - x0,
            std::max(a.y + a.height, b.y + b.height) - y0};
}

std::vector<std::vector<std::uint32_t>> groups_of(const std::vector<Cell>& cells) {
    const std::size_t n = cells.size();
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t a) {
        while (parent[a] != a) a = parent[a] = parent[parent[a]];
        return a;
    };
    auto unite_cells = [&](std::uint32_t i, std::uint32_t j) {
        const std::uint32_t a = find(i), b = find(j);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    };
    // The cells sorted by (y, x) are rows of increasing x: each cell meets
    // the next two of its row and, in the two rows below, the cells within
    // two columns, found by a pointer per row that only moves east. No
    // index over the cells' box (ships flying out make it millions of
    // cells, whose memory was most of a sweep).
    std::size_t row = 0;  // first cell of the current row
    std::size_t below[2] = {0, 0};
    while (row < n) {
        const std::int64_t y = cells[row].y;
        std::size_t end = row;
        while (end < n && cells[end].y == y) ++end;
        // The rows y + 1 and y + 2, where present: [begin, stop).
        std::size_t begin[2] = {end, end}, stop[2] = {end, end};
        for (std::size_t r = end, k = 0; r < n && k < 2; ++k) {
            const std::int64_t want = y + 1 + std::int64_t(k);
            if (cells[r].y != want) continue;
            begin[k] = r;
            while (r < n && cells[r].y == want) ++r;
            stop[k] = r;
        }
        below[0] = begin[0];
        below[1] = begin[1];
        for (std::size_t i = row; i < end; ++i) {
            const std::int64_t x = cells[i].x;
            for (std::size_t j = i + 1; j < end && cells[j].x <= x + 2; ++j)
                unite_cells(std::uint32_t(i), std::uint32_t(j));
            for (int k = 0; k < 2; ++k) {
                std::size_t& p = below[k];
                while (p < stop[k] && cells[p].x < x - 2) ++p;
                for (std::size_t q = p; q < stop[k] && cells[q].x <= x + 2; ++q)
                    unite_cells(std::uint32_t(i), std::uint32_t(q));
            }
        }
        row = end;
    }
    std::vector<std::vector<std::uint32_t>> groups;
    std::vector<std::int64_t> group_of(n, -1);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t r = find(i);
        if (group_of[r] < 0) {
            group_of[r] = std::int64_t(groups.size());
            groups.emplace_back();
        }
        groups[std::size_t(group_of[r])].push_back(i);
    }
    return groups;
}

EnvelopeGroups envelope_groups(const std::vector<std::vector<Cell>>& phases) {
    // The envelope from a bitmap of the box of all phases: sorting every
    // phase's cells cost most of a window of apgsearch's 1280 generations.
    EnvelopeGroups e;
    std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
    for (const auto& list : phases)
        for (const Cell& c : list) {
            if (x1 < x0) {
                x0 = x1 = c.x;
                y0 = y1 = c.y;
            }
            x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
            y0 = std::min(y0, c.y), y1 = std::max(y1, c.y);
        }
    if (x1 < x0) return e;
    const std::int64_t per_row = (x1 - x0 + 64) / 64;
    std::vector<std::uint64_t> bits(std::size_t(per_row * (y1 - y0 + 1)), 0);
    for (const auto& list : phases)
        for (const Cell& c : list) {
            const std::int64_t x = c.x - x0;
            bits[std::size_t((c.y - y0) * per_row + x / 64)] |= std::uint64_t(1) << (x % 64);
        }
    for (std::int64_t y = y0; y <= y1; ++y)
        for (std::int64_t w = 0; w < per_row; ++w)
            for (std::uint64_t m = bits[std::size_t((y - y0) * per_row + w)]; m; m &= m - 1)
                e.envelope.push_back({x0 + w * 64 + std::countr_zero(m), y});
    e.groups = groups_of(e.envelope);
    e.group_of.resize(e.envelope.size());
    for (std::size_t g = 0; g < e.groups.size(); ++g)
        for (std::uint32_t i : e.groups[g]) e.group_of[i] = std::uint32_t(g);
    return e;
}

}  // namespace toroid::detail
