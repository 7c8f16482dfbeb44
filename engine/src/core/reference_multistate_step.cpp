// The plain reference stepper for rules of more than two states or ranges
// beyond 1 (contract in core/reference_stepper.hpp): one byte per cell,
// written from the rules' definitions (core/rule.hpp) and sharing nothing
// with the multi-state backend's planes, running sums or shape runs.
// Named rules (rule tables and trees, Golly's families) call their
// StateRule::next() once per cell on the block read here, never the
// step_row() the backend runs.
#include <cstdlib>
#include <vector>

#include "toroid/core/reference_stepper.hpp"

namespace toroid {
namespace {

std::int64_t wrap(std::int64_t v, std::int64_t n) {
    return ((v % n) + n) % n;
}

// Whether offset (dx, dy), |dx|, |dy| within the shape's reach, belongs to
// range-r neighbourhood `shape` (rule.hpp's list, Golly's letters); `odd`:
// (x + y) odd, for the triangular grid. The middle is decided by the caller.
bool in_neighbourhood(char shape, int r, int dx, int dy, bool odd) {
    switch (shape) {
        case 'N':  // von Neumann: a diamond
            return std::abs(dx) + std::abs(dy) <= r;
        case 'C':  // circular
            return dx * dx + dy * dy <= r * r + r;
        case '2':  // L2
            return dx * dx + dy * dy <= r * r;
        case '+':  // cross
            return dx == 0 || dy == 0;
        case 'H':  // hexagonal on the square storage
            return dy < 0 ? (dx >= -r && dx <= r + dy) : (dx >= dy - r && dx <= r);
        case 'B':  // checkerboard
            return (dx + dy) % 2 != 0;
        case 'L': {  // triangular: rows -r..r; the row half-width by parity
            const int half = odd ? (dy <= 0 ? 2 * r + dy : 2 * r + 1 - dy)
                                 : (dy < 0 ? 2 * r + 1 + dy : 2 * r - dy);
            return std::abs(dx) <= half;
        }
        default:  // 'M': Moore, the whole box
            return true;
    }
}

bool in_ranges(const std::vector<std::pair<int, int>>& ranges, int count) {
    for (const auto& [lo, hi] : ranges)
        if (count >= lo && count <= hi) return true;
    return false;
}

// The next state of a cell in state s whose birth/survival decision is `on`:
// Generations decay (rule.hpp): 0 -> 1 when born, 1 stays or goes to 2 (to
// 0 with two states), s >= 2 goes to s + 1 and to 0 after the last state.
int next_state(int s, bool on, int states) {
    if (s == 0) return on ? 1 : 0;
    if (s == 1) return on ? 1 : (states > 2 ? 2 : 0);
    return s + 1 == states ? 0 : s + 1;
}

}  // namespace

Grid reference_multistate_step(const Grid& g, const Rule& rule) {
    const std::int64_t w = g.width(), h = g.height();
    std::vector<std::uint8_t> cell(std::size_t(w * h));
    for (std::int64_t y = 0; y < h; ++y)
        for (std::int64_t x = 0; x < w; ++x)
            cell[std::size_t(y * w + x)] = std::uint8_t(g.state(x, y));
    auto live = [&](std::int64_t x, std::int64_t y) {
        return cell[std::size_t(wrap(y, h) * w + wrap(x, w))] == 1;
    };
    Grid next(w, h);
    next.set_state_planes(Grid::planes_for_states(rule.states()));
    if (rule.named()) {
        const StateRule& named = *rule.state_rule();
        auto at = [&](std::int64_t x, std::int64_t y) {
            return cell[std::size_t(wrap(y, h) * w + wrap(x, w))];
        };
        for (std::int64_t y = 0; y < h; ++y)
            for (std::int64_t x = 0; x < w; ++x) {
                const Block3x3 b{at(x - 1, y - 1), at(x, y - 1), at(x + 1, y - 1),
                                 at(x - 1, y),     at(x, y),     at(x + 1, y),
                                 at(x - 1, y + 1), at(x, y + 1), at(x + 1, y + 1)};
                if (const int n = named.next(b)) next.set_state(x, y, n);
            }
        return next;
    }
    const bool range = rule.range_rule();
    const Range1Table table = range ? Range1Table{} : rule.two_state().range1_table();
    for (std::int64_t y = 0; y < h; ++y)
        for (std::int64_t x = 0; x < w; ++x) {
            const int s = cell[std::size_t(y * w + x)];
            bool on = false;
            if (range) {
                const RangeRule& rr = rule.range();
                const int r = rr.range;
                const int reach = rr.shape == 'L' ? 2 * r + 1 : r;
                const bool odd = ((x + y) & 1) != 0;
                int count = 0;
                for (int dy = -r; dy <= r; ++dy)
                    for (int dx = -reach; dx <= reach; ++dx) {
                        const bool middle = dx == 0 && dy == 0;
                        if (middle ? !rr.middle : !in_neighbourhood(rr.shape, r, dx, dy, odd))
                            continue;
                        count += live(x + dx, y + dy);
                    }
                on = in_ranges(s == 1 ? rr.survive : rr.birth, count);
            } else {
                // The live plane's 3x3 block through the two-state rule's table
                // (dying cells count as dead).
                unsigned index = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx)
                        index = index << 1 | unsigned(live(x + dx, y + dy));
                on = table.next(index);
            }
            if (const int n = next_state(s, on, rule.states())) next.set_state(x, y, n);
        }
    return next;
}

}  // namespace toroid
