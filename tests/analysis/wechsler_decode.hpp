// Test helper: apgcodes decoded back into cells (extended Wechsler format),
// to place objects by their Catagolue names. The engine only encodes.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "toroid/core/grid.hpp"

namespace toroid {

// Extended Wechsler format (apgcode without its prefix) -> cells.
inline Grid decode_wechsler(const std::string& code) {
    std::vector<std::pair<int, int>> cells;
    int x = 0, strip = 0;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == 'z') {
            ++strip;
            x = 0;
        } else if (c == 'w') {
            x += 2;
        } else if (c == 'x') {
            x += 3;
        } else if (c == 'y') {
            const char n = code[++i];
            x += 4 + (n <= '9' ? n - '0' : n - 'a' + 10);
        } else {
            const int v = c <= '9' ? c - '0' : c - 'a' + 10;
            for (int b = 0; b < 5; ++b)
                if ((v >> b) & 1) cells.push_back({x, 5 * strip + b});
            ++x;
        }
    }
    int w = 1, h = 1;
    for (auto [cx, cy] : cells) {
        w = std::max(w, cx + 1);
        h = std::max(h, cy + 1);
    }
    Grid g(w, h);
    for (auto [cx, cy] : cells) g.set(cx, cy, true);
    return g;
}

inline Grid from_apgcode(const std::string& apgcode) {
    return decode_wechsler(apgcode.substr(apgcode.find('_') + 1));
}

}  // namespace toroid
