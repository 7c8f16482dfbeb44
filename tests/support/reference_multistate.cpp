#include "reference_multistate.hpp"

#include <cstdlib>
#include <random>

namespace toroid::testing {
namespace {

std::int64_t wrap_to(std::int64_t v, std::int64_t n) {
    return ((v % n) + n) % n;
}

}  // namespace

std::uint8_t StateCells::at(std::int64_t x, std::int64_t y) const {
    return state[std::size_t(wrap_to(y, height) * width + wrap_to(x, width))];
}

StateCells cells_of(const Grid& g) {
    StateCells c{g.width(), g.height(), {}};
    c.state.resize(std::size_t(g.width() * g.height()));
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x)
            c.state[std::size_t(y * g.width() + x)] = std::uint8_t(g.state(x, y));
    return c;
}

Grid grid_of(const StateCells& c, int states) {
    Grid g(c.width, c.height);
    g.set_state_planes(Grid::planes_for_states(states));
    for (std::int64_t y = 0; y < c.height; ++y)
        for (std::int64_t x = 0; x < c.width; ++x) g.set_state(x, y, c.at(x, y));
    return g;
}

StateCells reference_generations_step(const StateCells& c, const Rule& rule) {
    const Rule base = rule.two_state();
    const bool table = base.kind() != RuleKind::Totalistic;
    const Range1Table t = table ? base.range1_table() : Range1Table{};
    // Block cells (row by row from the top left) each neighbourhood counts.
    std::vector<int> counted;
    switch (rule.neighbourhood()) {
        case Neighbourhood::Moore:
            counted = {0, 1, 2, 3, 5, 6, 7, 8};
            break;
        case Neighbourhood::Hexagonal:
            counted = {0, 1, 3, 5, 7, 8};
            break;
        case Neighbourhood::VonNeumann:
            counted = {1, 3, 5, 7};
            break;
    }
    StateCells next = c;
    for (std::int64_t y = 0; y < c.height; ++y) {
        for (std::int64_t x = 0; x < c.width; ++x) {
            bool block[9];
            for (int k = 0; k < 9; ++k) block[k] = c.at(x + k % 3 - 1, y + k / 3 - 1) == 1;
            int count = 0;
            for (int k : counted) count += block[k];
            const int s = c.at(x, y);
            bool on = false;
            if (table)
                on = t.next(Range1Table::index_of(block));
            else
                on = s == 1 ? !base.survival(count).absent() : !base.birth(count).absent();
            int n = 0;
            if (s == 0)
                n = on ? 1 : 0;
            else if (s == 1)
                n = on ? 1 : (rule.states() > 2 ? 2 : 0);
            else
                n = s + 1 == rule.states() ? 0 : s + 1;
            next.state[std::size_t(y * c.width + x)] = std::uint8_t(n);
        }
    }
    return next;
}

namespace {

// Golly's shapes (ltlalgo.cpp), `odd` = (x + y) odd for the triangular grid.
bool in_shape(char shape, int r, int dx, int dy, bool odd) {
    switch (shape) {
        case 'L': {
            // Rows dy = -r..r; the half-width grows by one a row towards the
            // widest row (the middle's, 2r), one row further on the pointed side.
            const int w = !odd ? (dy < 0 ? 2 * r + 1 + dy : 2 * r - dy)
                               : (dy <= 0 ? 2 * r + dy : 2 * r + 1 - dy);
            return std::abs(dx) <= w;
        }
        case 'N':
            return std::abs(dx) + std::abs(dy) <= r;
        case 'C':
            return dx * dx + dy * dy <= r * r + r;
        case '2':
            return dx * dx + dy * dy <= r * r;
        case '+':
            return dx == 0 || dy == 0;
        case 'H':
            return dy < 0 ? dx <= r + dy : dx >= dy - r;
        case 'B':
            return (dx + dy) % 2 != 0 || (dx == 0 && dy == 0);
        default:
            return true;
    }
}

bool listed(const std::vector<std::pair<int, int>>& ranges, int count) {
    for (auto [lo, hi] : ranges)
        if (count >= lo && count <= hi) return true;
    return false;
}

}  // namespace

StateCells reference_range_step(const StateCells& c, const Rule& rule) {
    const RangeRule& g = rule.range();
    const int r = g.range;
    StateCells next = c;
    for (std::int64_t y = 0; y < c.height; ++y) {
        for (std::int64_t x = 0; x < c.width; ++x) {
            int count = 0;
            const int reach = g.shape == 'L' ? 2 * r : r;
            const bool odd = ((x + y) & 1) != 0;
            for (int dy = -r; dy <= r; ++dy)
                for (int dx = -reach; dx <= reach; ++dx) {
                    if ((dx == 0 && dy == 0 && !g.middle) || !in_shape(g.shape, r, dx, dy, odd))
                        continue;
                    count += c.at(x + dx, y + dy) == 1;
                }
            const int s = c.at(x, y);
            int n = 0;
            if (s == 0)
                n = listed(g.birth, count) ? 1 : 0;
            else if (s == 1)
                n = listed(g.survive, count) ? 1 : (rule.states() > 2 ? 2 : 0);
            else
                n = s + 1 == rule.states() ? 0 : s + 1;
            next.state[std::size_t(y * c.width + x)] = std::uint8_t(n);
        }
    }
    return next;
}

Grid reference_generations_run(const Grid& g, const Rule& rule, std::uint64_t generations) {
    StateCells c = cells_of(g);
    for (std::uint64_t i = 0; i < generations; ++i)
        c = rule.range_rule() ? reference_range_step(c, rule) : reference_generations_step(c, rule);
    return grid_of(c, rule.states());
}

Grid random_state_grid(std::int64_t width, std::int64_t height, int states, double density,
                       std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::uniform_int_distribution<int> pick(1, states - 1);
    StateCells c{width, height, std::vector<std::uint8_t>(std::size_t(width * height), 0)};
    for (auto& s : c.state)
        if (u(rng) < density) s = std::uint8_t(pick(rng));
    return grid_of(c, states);
}

}  // namespace toroid::testing
