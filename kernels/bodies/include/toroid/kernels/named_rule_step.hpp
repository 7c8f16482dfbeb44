// The CUDA step of named rules (rule tables, trees, Golly's families as
// trees: core/rule_tree.hpp): one thread per cell of a byte torus, the
// rule's tree in device memory.
//
// A thread reads its cell's 3x3 block (wrapping at the torus edges) and
// walks the tree in its reading order: one dependent load per cell read,
// as the CPU's tree walk does (TreeRule::step_row). The launch is a 2-D
// grid of kNamedBlockX x kNamedBlockY blocks over (x, y); threads past the
// torus return. Cells are row-major without halos (cur and next are
// separate buffers), so no thread reads what another writes.
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kNamedBlockX = 32, kNamedBlockY = 8;

// The tree as the device reads it: `data` as RuleTree::data; `order` the
// BlockCell (0..8: nw n ne w c e sw s se) of level k in bits 4k..4k+3 (no
// array: a kernel indexing one at run time would spill it to local memory).
struct NamedRuleTree {
    const std::uint32_t* data = nullptr;
    std::uint32_t root = 0;
    int levels = 0;
    std::uint64_t order = 0;
};

// The view of a tree whose `data` the device holds (levels: the cells read).
template <class Order>
NamedRuleTree named_rule_tree(const std::uint32_t* data, std::uint32_t root, const Order& order) {
    NamedRuleTree t;
    t.data = data;
    t.root = root;
    for (auto cell : order)
        if (t.levels < 9) t.order |= std::uint64_t(cell) << (4 * t.levels++);
    return t;
}

// The launch shape for a width x height torus.
inline LaunchShape named_rule_launch(std::int64_t width, std::int64_t height) {
    return {Index3{std::uint32_t((width + kNamedBlockX - 1) / kNamedBlockX),
                   std::uint32_t((height + kNamedBlockY - 1) / kNamedBlockY), 1},
            Index3{kNamedBlockX, kNamedBlockY, 1}};
}

TOROID_HD void named_rule_step_body(const LaunchIndex& at, const NamedRuleTree& tree,
                                    const std::uint8_t* cur, std::uint8_t* next, std::int64_t width,
                                    std::int64_t height) {
    const std::int64_t x = at.global_x(), y = at.global_y();
    if (x >= width || y >= height) return;
    std::uint32_t v = tree.root;
    for (int k = 0; k < tree.levels; ++k) {
        const int p = int((tree.order >> (4 * k)) & 15);
        std::int64_t yy = y + p / 3 - 1, xx = x + p % 3 - 1;
        yy = yy < 0 ? height - 1 : yy == height ? 0 : yy;
        xx = xx < 0 ? width - 1 : xx == width ? 0 : xx;
        v = tree.data[v + cur[yy * width + xx]];
    }
    next[y * width + x] = std::uint8_t(v);
}

}  // namespace toroid::kernels
