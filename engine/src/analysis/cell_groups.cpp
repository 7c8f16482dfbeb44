#include "cell_groups.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_map>

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

std::vector<std::vector<std::uint32_t>> groups_of(const std::vector<Cell>& cells,
                                                  std::vector<std::uint32_t>& index) {
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
    std::int64_t x0 = std::numeric_limits<std::int64_t>::max(),
                 x1 = std::numeric_limits<std::int64_t>::min();
    for (const Cell& c : cells) x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
    const std::int64_t y0 = n ? cells.front().y : 0, y1 = n ? cells.back().y : -1;
    const std::int64_t w = x1 - x0 + 5, h = y1 - y0 + 5;  // 2 empty cells around
    if (n && w * h <= (std::int64_t(1) << 22)) {
        // The scratch is all zero between calls (the cells' entries are
        // cleared again below): filling a box that distant ships make
        // millions of cells large cost more than the sweep.
        // It grows by doubling: boxes that grow a little at every sweep
        // (ships flying out) made a fresh allocation, page faults and an
        // unmapping each time.
        if (index.size() < std::size_t(w * h))
            index.assign(std::max(std::size_t(w * h), 2 * index.size()), 0);
        auto at = [&](std::int64_t x, std::int64_t y) {
            return std::size_t((y - y0 + 2) * w + (x - x0 + 2));
        };
        for (std::uint32_t i = 0; i < n; ++i) index[at(cells[i].x, cells[i].y)] = i + 1;
        for (std::uint32_t i = 0; i < n; ++i)
            for (std::int64_t dy = 0; dy <= 2; ++dy)
                for (std::int64_t dx = -2; dx <= 2; ++dx) {
                    if (dy == 0 && dx <= 0) continue;
                    const std::uint32_t j = index[at(cells[i].x + dx, cells[i].y + dy)];
                    if (j) unite_cells(i, j - 1);
                }
        for (const Cell& c : cells) index[at(c.x, c.y)] = 0;
    } else {
        std::unordered_map<std::uint64_t, std::uint32_t> at;
        at.reserve(n * 2);
        auto key = [](std::int64_t x, std::int64_t y) {
            return (std::uint64_t(std::uint32_t(y)) << 32) | std::uint32_t(x);
        };
        for (std::uint32_t i = 0; i < n; ++i) at.emplace(key(cells[i].x, cells[i].y), i);
        for (std::uint32_t i = 0; i < n; ++i)
            for (std::int64_t dy = 0; dy <= 2; ++dy)
                for (std::int64_t dx = -2; dx <= 2; ++dx) {
                    if (dy == 0 && dx <= 0) continue;
                    auto it = at.find(key(cells[i].x + dx, cells[i].y + dy));
                    if (it != at.end()) unite_cells(i, it->second);
                }
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

}  // namespace toroid::detail
