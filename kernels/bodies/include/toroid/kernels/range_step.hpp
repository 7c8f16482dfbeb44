// The CUDA step of range-r rules (Larger than Life, HROT: core/rule.hpp's
// RangeRule), on the byte torus of generations_step.hpp (one state a cell,
// row-major, `cur` and `next` separate).
//
// A cell's count is the live cells (state 1) of its neighbourhood, the cell
// itself included (a live cell's survival ranges are shifted by one when the
// rule leaves the middle out: RangePlan, range_plan.hpp). Counts are running
// sums, never a sum over the (2r + 1)^2 cells of a box, in two launches a
// generation:
//
// Moore (a box), separable and O(1) per cell for any r:
//   columns   a thread per column x and segment of column_segment rows:
//             columns[y][x] = live cells of rows y - r .. y + r at x, slid
//             down one row at a time (add row y + r + 1, drop row y - r);
//             threads of a warp read neighbouring bytes of one row.
//   box rows  a thread per row y and segment of row_segment cells: the count
//             is the sum of columns[y][x - r .. x + r], slid right one cell
//             at a time; then the decision and decay into `next`.
//   A segment starts with its whole window (2r + 1 reads) and then slides
//   (two reads a cell): segments are at least twice the window long, so the
//   start costs at most half the slide.
//
// Other shapes (rows of runs dx = lo, lo + step, .., hi at row offsets dy:
// RangeRule::rows), O(r) per cell:
//   prefix    a thread per row: the row's live cells extended by `reach`
//             cells on each side (wrapping), as prefix sums p[i] = e[0] +
//             .. + e[i - 1] (and, for the checkerboard's step-2 runs,
//             q[i + 2] = q[i] + e[i]), where e[i] is cell i - reach;
//   runs      a thread per cell: for each run, p[x + hi + reach + step] -
//             p[x + lo + reach] of row y + dy; the triangular grid's cells
//             with x + y odd take the second list of runs.
//
// Every coordinate is taken modulo the torus, so a torus smaller than the
// neighbourhood counts its cells with multiplicity, as the reference does.
// Launches are 1-D or 2-D grids with every dimension the device limits
// (65535 blocks in y) respected by the segment lengths, and strided loops
// where a dimension could exceed it.
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"
#include "toroid/core/torus_geometry.hpp"
#include "toroid/kernels/generations_step.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kRangeLineBlock = 128;  // columns, box rows, prefix
inline constexpr std::uint32_t kRangeCellBlockX = 32, kRangeCellBlockY = 8;
inline constexpr std::int64_t kRangeMaxBlocksY = 65535;

// Cells dx = lo, lo + step, .., hi of row offset dy (none when lo > hi).
struct RangeRun {
    std::int32_t dy = 0, lo = 0, hi = 0, step = 1;
};

// Everything the range kernels read and write, as the device sees it.
struct RangeView {
    std::int64_t width = 0, height = 0;
    int range = 1;
    int reach = 1;  // cells left and right (2r + 1 on the triangular grid)
    int states = 2;
    // Bit 2c + l of the words: the decision for count c (the cell included)
    // of a dead (l = 0: born) or live (l = 1: survives) cell; c <= max_count.
    const std::uint32_t* decide = nullptr;
    int max_count = 0;
    // Moore: the column sums and the two segment lengths.
    std::uint16_t* columns = nullptr;
    std::int64_t column_segment = 1, row_segment = 1;
    // Other shapes: their runs (odd_runs: the triangular grid's cells with
    // x + y odd, none otherwise) and the rows' prefix sums.
    const RangeRun* runs = nullptr;
    int run_count = 0;
    const RangeRun* odd_runs = nullptr;
    int odd_run_count = 0;
    std::uint32_t* prefix = nullptr;   // height rows of prefix_pitch
    std::int64_t prefix_pitch = 0;     // width + 2 reach + 1
    std::uint32_t* prefix2 = nullptr;  // step-2 sums, height rows of prefix2_pitch, or none
    std::int64_t prefix2_pitch = 0;    // width + 2 reach + 2
};

// Segment lengths of the sliding kernels: twice the window at least, 64
// cells at least, and few enough segments for the grid's y limit.
constexpr std::int64_t range_segment(std::int64_t n, int range) {
    std::int64_t s = 2 * (2 * std::int64_t(range) + 1);
    if (s < 64) s = 64;
    const std::int64_t limit = blocks_for(n, kRangeMaxBlocksY);
    return s < limit ? limit : s;
}

// Launch shapes. x is the dimension threads of a warp share.
inline LaunchShape range_columns_launch(const RangeView& v) {
    return {Index3{std::uint32_t(blocks_for(v.width, kRangeLineBlock)),
                   std::uint32_t(blocks_for(v.height, v.column_segment)), 1},
            Index3{kRangeLineBlock, 1, 1}};
}
inline LaunchShape range_box_rows_launch(const RangeView& v) {
    return {Index3{std::uint32_t(blocks_for(v.height, kRangeLineBlock)),
                   std::uint32_t(blocks_for(v.width, v.row_segment)), 1},
            Index3{kRangeLineBlock, 1, 1}};
}
inline LaunchShape range_prefix_launch(const RangeView& v) {
    return {Index3{std::uint32_t(blocks_for(v.height, kRangeLineBlock)), 1, 1},
            Index3{kRangeLineBlock, 1, 1}};
}
inline LaunchShape range_runs_launch(const RangeView& v) {
    std::int64_t by = blocks_for(v.height, kRangeCellBlockY);
    if (by > kRangeMaxBlocksY) by = kRangeMaxBlocksY;  // the body strides over the rest
    return {Index3{std::uint32_t(blocks_for(v.width, kRangeCellBlockX)), std::uint32_t(by), 1},
            Index3{kRangeCellBlockX, kRangeCellBlockY, 1}};
}

// The next state of a cell in state s with count c.
TOROID_HD std::uint8_t range_next(const RangeView& v, std::uint32_t s, std::int64_t c) {
    const std::int64_t bit = 2 * c + (s == 1 ? 1 : 0);
    const bool on = (v.decide[bit >> 5] >> (bit & 31)) & 1;
    return multistate_next(s, on, v.states);
}

// Moore, launch 1: the column sums of a segment of column x.
TOROID_HD void range_columns_body(const LaunchIndex& at, const RangeView& v,
                                  const std::uint8_t* cur) {
    const std::int64_t w = v.width, h = v.height, r = v.range;
    const std::int64_t x = at.global_x(), y0 = at.global_y() * v.column_segment;
    if (x >= w || y0 >= h) return;
    const std::int64_t y1 = y0 + v.column_segment < h ? y0 + v.column_segment : h;
    std::int32_t sum = 0;
    for (std::int64_t dy = -r; dy <= r; ++dy) sum += cur[wrap(y0 + dy, h) * w + x] == 1;
    std::int64_t add = wrap(y0 + r + 1, h), drop = wrap(y0 - r, h);
    for (std::int64_t y = y0; y < y1; ++y) {
        v.columns[y * w + x] = std::uint16_t(sum);
        sum += std::int32_t(cur[add * w + x] == 1) - std::int32_t(cur[drop * w + x] == 1);
        add = add + 1 == h ? 0 : add + 1;
        drop = drop + 1 == h ? 0 : drop + 1;
    }
}

// Moore, launch 2: the counts of a segment of row y, decided into next.
TOROID_HD void range_box_rows_body(const LaunchIndex& at, const RangeView& v,
                                   const std::uint8_t* cur, std::uint8_t* next) {
    const std::int64_t w = v.width, h = v.height, r = v.range;
    const std::int64_t y = at.global_x(), x0 = at.global_y() * v.row_segment;
    if (y >= h || x0 >= w) return;
    const std::int64_t x1 = x0 + v.row_segment < w ? x0 + v.row_segment : w;
    const std::uint16_t* col = v.columns + y * w;
    const std::uint8_t* in = cur + y * w;
    std::uint8_t* out = next + y * w;
    std::int64_t sum = 0;
    for (std::int64_t dx = -r; dx <= r; ++dx) sum += col[wrap(x0 + dx, w)];
    std::int64_t add = wrap(x0 + r + 1, w), drop = wrap(x0 - r, w);
    for (std::int64_t x = x0; x < x1; ++x) {
        out[x] = range_next(v, in[x], sum);
        sum += std::int64_t(col[add]) - std::int64_t(col[drop]);
        add = add + 1 == w ? 0 : add + 1;
        drop = drop + 1 == w ? 0 : drop + 1;
    }
}

// Other shapes, launch 1: row y's prefix sums (and step-2 sums).
TOROID_HD void range_prefix_body(const LaunchIndex& at, const RangeView& v,
                                 const std::uint8_t* cur) {
    const std::int64_t w = v.width, y = at.global_x();
    if (y >= v.height) return;
    const std::uint8_t* row = cur + y * w;
    const std::int64_t n = w + 2 * std::int64_t(v.reach);
    std::uint32_t* p = v.prefix + y * v.prefix_pitch;
    std::uint32_t* q = v.prefix2 ? v.prefix2 + y * v.prefix2_pitch : nullptr;
    std::uint32_t sum = 0, even = 0, odd = 0;
    std::int64_t src = wrap(-std::int64_t(v.reach), w);
    p[0] = 0;
    if (q) q[0] = q[1] = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        const std::uint32_t e = row[src] == 1;
        p[i + 1] = sum += e;
        if (q) q[i + 2] = (i & 1) ? (odd += e) : (even += e);
        src = src + 1 == w ? 0 : src + 1;
    }
}

// Other shapes, launch 2: a cell's count from its runs, decided into next.
TOROID_HD void range_runs_body(const LaunchIndex& at, const RangeView& v, const std::uint8_t* cur,
                               std::uint8_t* next) {
    const std::int64_t w = v.width, h = v.height, x = at.global_x();
    if (x >= w) return;
    const std::int64_t stride = std::int64_t(at.grid_dim.y) * at.block_dim.y;
    for (std::int64_t y = at.global_y(); y < h; y += stride) {
        const bool odd = v.odd_run_count > 0 && ((x + y) & 1) != 0;
        const RangeRun* runs = odd ? v.odd_runs : v.runs;
        const int count = odd ? v.odd_run_count : v.run_count;
        std::uint32_t c = 0;
        for (int k = 0; k < count; ++k) {
            const RangeRun run = runs[k];
            if (run.lo > run.hi) continue;
            const std::int64_t yy = wrap(y + run.dy, h);
            const std::uint32_t* p =
                run.step == 2 ? v.prefix2 + yy * v.prefix2_pitch : v.prefix + yy * v.prefix_pitch;
            c += p[x + run.hi + v.reach + run.step] - p[x + run.lo + v.reach];
        }
        next[y * w + x] = range_next(v, cur[y * w + x], std::int64_t(c));
    }
}

}  // namespace toroid::kernels
