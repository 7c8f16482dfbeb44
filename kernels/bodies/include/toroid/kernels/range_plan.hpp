// RangePlan: a range-r rule (Larger than Life, HROT) compiled on the host
// into what the range kernels (range_step.hpp) read: the neighbourhood's
// runs, the decision bits per count, and the buffer sizes of a torus.
//
// Counts in the kernels include the cell itself (the runs of
// RangeRule::rows() hold the middle once), so a dead cell is born on its
// rule count, and a live cell survives on its rule count plus one when the
// rule leaves the middle out (M0, HROT's lists), on its rule count when M1:
// the same shift as the CPU backend's tables (multistate_range.inl).
// Host code only: the backend copies the vectors to the device, the
// emulated-launch tests point the view at them where they are.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "toroid/core/rule.hpp"
#include "toroid/kernels/range_step.hpp"

namespace toroid::kernels {

struct RangePlan {
    int range = 1, reach = 1, states = 2, max_count = 0;
    bool box = true;     // Moore: the separable column and row sums
    bool step2 = false;  // some run takes every other cell (the checkerboard)
    std::vector<RangeRun> runs, odd_runs;
    std::vector<std::uint32_t> decide;  // RangeView::decide

    // The view of a width x height torus with every pointer null: the
    // caller points decide, runs, odd_runs and the buffers (sized below) at
    // its copies.
    RangeView view(std::int64_t width, std::int64_t height) const {
        RangeView v;
        v.width = width;
        v.height = height;
        v.range = range;
        v.reach = reach;
        v.states = states;
        v.max_count = max_count;
        v.column_segment = range_segment(height, range);
        v.row_segment = range_segment(width, range);
        v.run_count = int(runs.size());
        v.odd_run_count = int(odd_runs.size());
        v.prefix_pitch = width + 2 * std::int64_t(reach) + 1;
        v.prefix2_pitch = step2 ? width + 2 * std::int64_t(reach) + 2 : 0;
        return v;
    }
    // Entries of the buffers of a width x height torus (0: not used).
    std::int64_t column_entries(std::int64_t width, std::int64_t height) const {
        return box ? width * height : 0;
    }
    std::int64_t prefix_entries(std::int64_t width, std::int64_t height) const {
        return box ? 0 : height * view(width, height).prefix_pitch;
    }
    std::int64_t prefix2_entries(std::int64_t width, std::int64_t height) const {
        return box || !step2 ? 0 : height * view(width, height).prefix2_pitch;
    }
};

inline RangePlan range_plan(const Rule& rule) {
    const RangeRule& g = rule.range();
    RangePlan p;
    p.range = g.range;
    p.states = rule.states();
    p.box = g.shape == 'M';
    auto copy_runs = [&](int parity, std::vector<RangeRun>& out) {
        int cells = 0;
        for (const RangeRule::Run& run : g.rows(parity)) {
            out.push_back({run.dy, run.lo, run.hi, run.step});
            if (run.lo > run.hi) continue;
            cells += (run.hi - run.lo) / run.step + 1;
            p.reach = std::max({p.reach, -run.lo, run.hi});
            p.step2 = p.step2 || run.step == 2;
        }
        p.max_count = std::max(p.max_count, cells);
    };
    p.reach = 0;
    copy_runs(0, p.runs);
    if (g.shape == 'L') copy_runs(1, p.odd_runs);
    p.decide.assign(std::size_t((2 * (p.max_count + 1) + 31) / 32), 0);
    auto mark = [&](const std::vector<std::pair<int, int>>& ranges, int shift, int live) {
        for (auto [lo, hi] : ranges)
            for (int c = lo + shift; c <= hi + shift && c <= p.max_count; ++c) {
                const int bit = 2 * c + live;
                p.decide[std::size_t(bit >> 5)] |= std::uint32_t(1) << (bit & 31);
            }
    };
    mark(g.birth, 0, 0);
    mark(g.survive, g.middle ? 0 : 1, 1);
    return p;
}

}  // namespace toroid::kernels
