// Patterns drawn in test sources: rows of text, 'o' a live cell and any
// other character a dead one, row y of the picture at y, column x at x.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "toroid/analysis/universe.hpp"
#include "toroid/core/grid.hpp"

namespace toroid::testing {

inline std::vector<Cell> cells_of_picture(const std::vector<std::string>& rows) {
    std::vector<Cell> cells;
    for (std::size_t y = 0; y < rows.size(); ++y)
        for (std::size_t x = 0; x < rows[y].size(); ++x)
            if (rows[y][x] == 'o') cells.push_back({std::int64_t(x), std::int64_t(y)});
    return cells;
}

// The picture on a grid just large enough for it.
inline Grid grid_of_picture(const std::vector<std::string>& rows) {
    std::int64_t width = 0;
    for (const std::string& r : rows) width = std::max(width, std::int64_t(r.size()));
    Grid g(width, std::int64_t(rows.size()));
    for (const Cell& c : cells_of_picture(rows)) g.set(c.x, c.y, true);
    return g;
}

}  // namespace toroid::testing
