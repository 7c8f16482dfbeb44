#include "space_time_split.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

#include "toroid/analysis/canonical_code.hpp"
#include "toroid/analysis/plane.hpp"
#include "toroid/core/reference_stepper.hpp"
#include "union_find.hpp"

namespace toroid::detail {
namespace {

struct SpaceTimeCell {
    std::int64_t t, x, y;
};

// The object's generations 0..P in one frame, its live cells numbered.
struct SpaceTime {
    std::vector<Grid> phase;
    std::vector<SpaceTimeCell> cell;
    std::unordered_map<std::uint64_t, std::uint32_t> id;
    static std::uint64_t key(std::int64_t t, std::int64_t x, std::int64_t y) {
        return std::uint64_t(t) << 40 | std::uint64_t(y) << 20 | std::uint64_t(x);
    }
    bool live(std::int64_t t, std::int64_t x, std::int64_t y) const {
        return id.count(key(t, x, y)) != 0;
    }
};

// An empty grid of g's size and state planes.
Grid blank_like(const Grid& g) {
    Grid out(g.width(), g.height());
    out.set_state_planes(g.state_planes());
    return out;
}

// Each group of joined cells, as its cells (in their states) in every
// generation.
std::vector<std::vector<Grid>> pieces(const SpaceTime& st, UnionFind& joins) {
    std::map<std::uint32_t, std::size_t> index;  // root -> piece, in order of first cell
    for (std::uint32_t i = 0; i < st.cell.size(); ++i) index.emplace(joins.find(i), index.size());
    std::vector<std::vector<Grid>> out(index.size());
    for (auto& p : out)
        for (const Grid& g : st.phase) p.push_back(blank_like(g));
    for (std::uint32_t i = 0; i < st.cell.size(); ++i) {
        const SpaceTimeCell& c = st.cell[i];
        out[index[joins.find(i)]][std::size_t(c.t)].set_state(
            c.x, c.y, st.phase[std::size_t(c.t)].state(c.x, c.y));
    }
    return out;
}

// Whether the live cells are one 8-connected piece: then every later cell,
// born next to an earlier one, joins it in space-time, and there is one
// island (the usual object, and nothing to step).
bool connected(const Grid& g) {
    std::vector<std::pair<std::int64_t, std::int64_t>> live, stack;
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x)
            if (g.state(x, y)) live.push_back({x, y});
    if (live.empty()) return true;
    std::set<std::pair<std::int64_t, std::int64_t>> seen{live[0]};
    stack.push_back(live[0]);
    while (!stack.empty()) {
        const auto [x, y] = stack.back();
        stack.pop_back();
        for (int j = -1; j <= 1; ++j)
            for (int k = -1; k <= 1; ++k) {
                const std::int64_t nx = x + k, ny = y + j;
                if (nx < 0 || ny < 0 || nx >= g.width() || ny >= g.height() || !g.state(nx, ny))
                    continue;
                if (seen.insert({nx, ny}).second) stack.push_back({nx, ny});
            }
    }
    return seen.size() == live.size();
}

Grid crop(const Grid& g) {
    const Rect b = g.bounding_box();
    return b.empty() ? g : g.crop(b);
}

}  // namespace

Grid SpaceTimeSplit::step(const Grid& g) const {
    return rule_.multi_state() ? reference_multistate_step(g, rule_)
                               : step_torus(g, compiled_, 0, 0);
}

std::vector<Grid> SpaceTimeSplit::split(const Grid& cells, std::uint64_t period, std::int64_t dx,
                                        std::int64_t dy) const {
    if (period == 0 || period > kMaxPeriod || cells.population() < 2 || connected(cells))
        return {cells};
    const auto P = std::int64_t(period);
    // A frame the object never comes within two cells of (so that each step
    // is as on the plane): its drift and some room, doubled until it fits.
    SpaceTime st;
    for (std::int64_t margin = 8 + std::max(std::abs(dx), std::abs(dy));; margin *= 2) {
        if (margin > 4096) return {cells};
        Grid g(cells.width() + 2 * margin, cells.height() + 2 * margin);
        g.set_state_planes(Grid::planes_for_states(rule_.states()));
        g.paste(cells, margin, margin);
        st.phase.assign(1, std::move(g));
        bool fits = true;
        for (std::int64_t t = 0; t < P && fits; ++t) {
            st.phase.push_back(step(st.phase.back()));
            const Rect b = st.phase.back().bounding_box();
            fits = b.x >= 2 && b.y >= 2 && b.x + b.width <= st.phase.back().width() - 2 &&
                   b.y + b.height <= st.phase.back().height() - 2;
        }
        if (fits) break;
    }
    for (std::int64_t t = 0; t <= P; ++t) {
        const Grid& g = st.phase[std::size_t(t)];
        for (std::int64_t y = 0; y < g.height(); ++y)
            for (std::int64_t x = 0; x < g.width(); ++x)
                if (g.state(x, y)) {
                    st.id.emplace(SpaceTime::key(t, x, y), std::uint32_t(st.cell.size()));
                    st.cell.push_back({t, x, y});
                }
    }
    const std::size_t n = st.cell.size();
    UnionFind joins(n), fast(n);
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> suppressed;
    for (std::uint32_t i = 0; i < n; ++i) {
        const auto [t, x, y] = st.cell[i];
        auto join_to = [&](std::int64_t tt, std::int64_t xx, std::int64_t yy) {
            auto it = st.id.find(SpaceTime::key(tt, xx, yy));
            if (it == st.id.end()) return false;
            joins.unite(i, it->second);
            fast.unite(i, it->second);
            return true;
        };
        for (int j = -1; j <= 1; ++j)
            for (int k = -1; k <= 1; ++k) {
                if ((j || k) && !join_to(t, x + k, y + j))
                    suppressed[SpaceTime::key(t, x + k, y + j)].push_back(i);
                if (t < P) join_to(t + 1, x + k, y + j);
            }
        if (t == 0) join_to(P, x + dx, y + dy);
    }
    for (const auto& [where, around] : suppressed)
        if (around.size() >= 3)
            for (std::size_t k = 1; k < around.size(); ++k) fast.unite(around[k - 1], around[k]);
    std::vector<Grid> out;
    {
        const auto parts = pieces(st, fast);
        if (parts.size() > 1) {
            for (const auto& p : parts) out.push_back(crop(p[0]));
            return out;
        }
    }
    // Islands, merged while one alone grows a cell next to exactly one other.
    std::vector<std::vector<Grid>> islands;
    for (bool merged = true; merged;) {
        merged = false;
        islands = pieces(st, joins);
        std::vector<std::uint32_t> first(islands.size());  // a cell of each island
        {
            std::map<std::uint32_t, std::size_t> index;
            for (std::uint32_t i = 0; i < n; ++i)
                if (index.emplace(joins.find(i), index.size()).second) first[index.size() - 1] = i;
        }
        auto island_at = [&](std::int64_t t, std::int64_t x, std::int64_t y) -> int {
            auto it = st.id.find(SpaceTime::key(t, x, y));
            if (it == st.id.end()) return -1;
            for (std::size_t k = 0; k < islands.size(); ++k)
                if (joins.find(first[k]) == joins.find(it->second)) return int(k);
            return -1;
        };
        for (std::int64_t t = 0; t < P && !merged; ++t)
            for (std::size_t i = 0; i < islands.size() && !merged; ++i) {
                const Grid next = step(islands[i][std::size_t(t)]);
                const Grid& real = islands[i][std::size_t(t + 1)];
                if (next == real) continue;
                for (std::int64_t y = 0; y < next.height() && !merged; ++y)
                    for (std::int64_t x = 0; x < next.width() && !merged; ++x) {
                        // lifelib's successor - real: a layer the cell
                        // has alone and not in the whole.
                        const int states = rule_.states();
                        if (!(generations_layer_bits(next.state(x, y), states) &
                              ~generations_layer_bits(real.state(x, y), states)))
                            continue;
                        std::set<int> friends;
                        for (int j = -1; j <= 1; ++j)
                            for (int k = -1; k <= 1; ++k) {
                                const int f = (j || k) ? island_at(t, x + k, y + j) : -1;
                                if (f >= 0 && std::size_t(f) != i) friends.insert(f);
                            }
                        if (friends.size() == 1) {
                            joins.unite(first[i], first[std::size_t(*friends.begin())]);
                            merged = true;
                        }
                    }
            }
    }
    const std::size_t count = islands.size();
    if (count == 1) return {cells};
    auto faithful = [&](const std::vector<Grid>& phases) {
        for (std::int64_t t = 0; t < P; ++t)
            if (step(phases[std::size_t(t)]) != phases[std::size_t(t + 1)]) return false;
        return true;
    };
    if (std::all_of(islands.begin(), islands.end(), faithful)) {
        for (const auto& p : islands) out.push_back(crop(p[0]));
        return out;
    }
    // The first colouring, by fewest colours, whose colours each evolve alone
    // as in the whole (colourings in lifelib's order: restricted growth).
    const bool low_period_oscillator = period <= 3 && dx == 0 && dy == 0;
    std::set<std::uint64_t> invalid;
    for (std::size_t colours = 2; colours <= count; ++colours) {
        if (low_period_oscillator && colours > most_colours_) break;
        std::uint64_t cost = 1;
        for (std::size_t i = 0; i < count && cost <= (1u << 20); ++i) cost *= colours;
        if (cost > (1u << 20) || count > 16) break;  // too expensive: left whole
        std::vector<std::size_t> colour(count, 0), highest(count, 0);
        for (std::size_t focus = 1; focus > 0;) {
            const std::size_t limit = std::min(highest[focus - 1] + 1, colours - 1);
            if (colour[focus] > limit) {
                --focus;
                ++colour[focus];
                continue;
            }
            highest[focus] = std::max(highest[focus - 1], colour[focus]);
            if (focus + 1 < count) {
                colour[++focus] = 0;
                continue;
            }
            if (highest[focus] == colours - 1) {
                std::vector<std::uint64_t> members(colours, 0);
                for (std::size_t i = 0; i < count; ++i) members[colour[i]] |= std::uint64_t(1) << i;
                if (std::none_of(members.begin(), members.end(),
                                 [&](std::uint64_t m) { return invalid.count(m) != 0; })) {
                    std::vector<std::vector<Grid>> unions(colours);
                    for (std::size_t c = 0; c < colours; ++c)
                        for (const Grid& g : st.phase) unions[c].push_back(blank_like(g));
                    // Islands hold disjoint cells: their planes OR together.
                    for (std::size_t i = 0; i < count; ++i)
                        for (std::int64_t t = 0; t <= P; ++t) {
                            Grid& u = unions[colour[i]][std::size_t(t)];
                            const Grid& isle = islands[i][std::size_t(t)];
                            for (int p = 0; p <= u.state_planes(); ++p)
                                for (std::size_t w = 0; w < u.words().size(); ++w)
                                    u.plane(p)[w] |= isle.plane(p)[w];
                        }
                    bool all = true;
                    for (std::size_t c = 0; c < colours; ++c)
                        if (!faithful(unions[c])) {
                            all = false;
                            invalid.insert(members[c]);
                        }
                    if (all) {
                        for (const auto& u : unions) out.push_back(crop(u[0]));
                        return out;
                    }
                }
            }
            ++colour[focus];
        }
    }
    return {cells};
}

}  // namespace toroid::detail
