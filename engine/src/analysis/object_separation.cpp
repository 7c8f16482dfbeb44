#include "toroid/analysis/object_separation.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <numeric>

#include "toroid/analysis/plane.hpp"
#include "union_find.hpp"

namespace toroid {
namespace {

using detail::UnionFind;

// v modulo n in 0..n-1; the common cases (on the grid, or one step off it)
// without a division: separation wraps every neighbour of every cell.
std::int64_t wrap(std::int64_t v, std::int64_t n) {
    if (v >= 0 && v < n) return v;
    if (v >= -n && v < 2 * n) return v < 0 ? v + n : v - n;
    return ((v % n) + n) % n;
}

// Grid::get at a cell already on the grid, inlined: the census separates
// every soup's ash, cell by cell (the call cost as much as the rest of
// it); Grid::get where the grid has other states' planes.
inline bool live_at(const Grid& g, std::int64_t x, std::int64_t y) {
    if (g.state_planes() != 0) return g.get(x, y);
    return (g.words()[std::size_t(y * g.words_per_row() + x / 64)] >> (x % 64)) & 1;
}

}  // namespace

ObjectSeparator::ObjectSeparator(const CompiledRule& rule) {
    // Every 3x3 neighbourhood around a dead centre, stepped once on a 5x5
    // torus (the centre sees only its own 3x3).
    for (unsigned mask = 0; mask < 512; ++mask) {
        if (mask & 16) continue;
        Grid g(5, 5);
        for (int k = 0; k < 9; ++k)
            if ((mask >> k) & 1) g.set(1 + k % 3, 1 + k / 3, true);
        births_[mask] = step_torus(g, rule, 0, 0).get(2, 2);
    }
}

std::vector<AshObject> ObjectSeparator::separate(const std::vector<Grid>& phases) const {
    if (phases.empty()) return {};
    const std::int64_t w = phases[0].width(), h = phases[0].height();
    // The envelope: cells in any state but 0 in any phase (a Generations
    // rule's dying cells are in its counter planes; they neither count as
    // neighbours nor can be born on, so they separate nothing).
    Grid envelope(w, h);
    for (const Grid& phase : phases)
        for (int p = 0; p <= phase.state_planes(); ++p)
            for (std::size_t i = 0; i < envelope.words().size(); ++i)
                envelope.words()[i] |= phase.plane(p)[i];

    // Islands: 8-connected pieces of the envelope, with unwrapped
    // coordinates inside each island (an island may straddle the edges).
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    if (island_.size() < std::size_t(w * h)) {
        island_.assign(std::size_t(w * h), kNone);
        ux_.resize(std::size_t(w * h));
        uy_.resize(std::size_t(w * h));
    }
    std::vector<std::uint32_t>& island = island_;
    std::vector<std::int64_t>&ux = ux_, &uy = uy_;
    std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> members;  // unwrapped
    // The scratch back to kNone on the way out (all of it after an
    // exception, which may leave a cell marked but not listed).
    struct Reset {
        const std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>>& members;
        std::vector<std::uint32_t>& island;
        std::int64_t w, h;
        ~Reset() {
            if (std::uncaught_exceptions() > 0) {
                island.clear();
                return;
            }
            for (const auto& list : members)
                for (auto [x, y] : list) island[std::size_t(wrap(y, h) * w + wrap(x, w))] = kNone;
        }
    } reset{members, island, w, h};
    std::vector<bool> island_wraps;
    std::vector<std::pair<std::int64_t, std::int64_t>> stack;
    for (std::int64_t y0 = 0; y0 < h; ++y0) {
        auto row = envelope.row(y0);
        for (std::int64_t j = 0; j < envelope.words_per_row(); ++j) {
            std::uint64_t bits = row[std::size_t(j)];
            while (bits) {
                const std::int64_t x0 = j * 64 + __builtin_ctzll(bits);
                bits &= bits - 1;
                if (island[std::size_t(y0 * w + x0)] != kNone) continue;
                const auto label = std::uint32_t(members.size());
                members.emplace_back();
                bool wraps = false;
                stack.assign(1, {x0, y0});
                island[std::size_t(y0 * w + x0)] = label;
                ux[std::size_t(y0 * w + x0)] = x0;
                uy[std::size_t(y0 * w + x0)] = y0;
                while (!stack.empty()) {
                    const auto [cx, cy] = stack.back();
                    stack.pop_back();
                    members.back().push_back({cx, cy});
                    for (int dy = -1; dy <= 1; ++dy)
                        for (int dx = -1; dx <= 1; ++dx) {
                            const std::int64_t nx = cx + dx, ny = cy + dy;
                            const std::int64_t tx = wrap(nx, w), ty = wrap(ny, h);
                            if ((!dx && !dy) || !live_at(envelope, tx, ty)) continue;
                            const std::size_t at = std::size_t(ty * w + tx);
                            if (island[at] == kNone) {
                                island[at] = label;
                                ux[at] = nx;
                                uy[at] = ny;
                                stack.push_back({nx, ny});
                            } else if (ux[at] != nx || uy[at] != ny) {
                                wraps = true;  // met again at another unwrapped place
                            }
                        }
                }
                island_wraps.push_back(wraps);
            }
        }
    }
    const std::size_t n = members.size();
    UnionFind groups(n);

    // Only islands with another within two cells (in x and in y) can share
    // a dead cell's neighbourhood: most of an ash is objects further apart,
    // whose cells the merging below need not visit.
    std::vector<char> near(n, 0);
    {
        struct Box {
            std::int64_t x0, x1, y0, y1;
        };
        std::vector<Box> boxes(n);
        for (std::size_t i = 0; i < n; ++i) {
            Box b{members[i][0].first, members[i][0].first, members[i][0].second,
                  members[i][0].second};
            for (auto [x, y] : members[i]) {
                b.x0 = std::min(b.x0, x), b.x1 = std::max(b.x1, x);
                b.y0 = std::min(b.y0, y), b.y1 = std::max(b.y1, y);
            }
            boxes[i] = b;
        }
        // How far apart two intervals of a circle of length m are (unwrapped
        // coordinates: an island may reach past either end).
        auto apart = [](std::int64_t a0, std::int64_t a1, std::int64_t b0, std::int64_t b1,
                        std::int64_t m) {
            std::int64_t best = std::numeric_limits<std::int64_t>::max();
            for (const std::int64_t s : {-m, std::int64_t(0), m})
                best = std::min(best, std::max(b0 + s - a1, a0 - b1 - s));
            return best;
        };
        // An island around the torus (or nearly): no box says where it is
        // not, so every island counts as near.
        bool around = false;
        for (std::size_t i = 0; i < n; ++i)
            around = around || island_wraps[i] || boxes[i].x1 - boxes[i].x0 + 5 >= w ||
                     boxes[i].y1 - boxes[i].y0 + 5 >= h;
        if (around) {
            std::fill(near.begin(), near.end(), 1);
        } else {
            // A sweep over x (an ash can hold thousands of islands): the
            // boxes moved onto the torus, those at its west edge once more
            // past its east edge.
            struct Span {
                std::int64_t x0, x1;
                std::uint32_t island;
            };
            std::vector<Span> spans;
            for (std::size_t i = 0; i < n; ++i) {
                const std::int64_t x0 = wrap(boxes[i].x0, w), x1 = x0 + boxes[i].x1 - boxes[i].x0;
                spans.push_back({x0, x1, std::uint32_t(i)});
                if (x0 <= 2) spans.push_back({x0 + w, x1 + w, std::uint32_t(i)});
            }
            std::sort(spans.begin(), spans.end(),
                      [](const Span& a, const Span& b) { return a.x0 < b.x0; });
            for (std::size_t p = 0; p < spans.size(); ++p)
                for (std::size_t q = p + 1; q < spans.size(); ++q) {
                    if (spans[q].x0 > spans[p].x1 + 2) break;  // and every span after it
                    const Box &a = boxes[spans[p].island], &b = boxes[spans[q].island];
                    if (spans[p].island != spans[q].island && apart(a.y0, a.y1, b.y0, b.y1, h) <= 2)
                        near[spans[p].island] = near[spans[q].island] = 1;
                }
        }
    }
    const bool any_near = std::find(near.begin(), near.end(), 1) != near.end();

    // Merge islands (then groups) that stop one another's births, until
    // nothing changes.
    std::vector<std::pair<std::uint32_t, unsigned>> tally;  // group root -> 3x3 mask
    for (bool changed = n > 1 && any_near; changed;) {
        changed = false;
        for (const Grid& phase : phases) {
            for (std::int64_t y = 0; y < h; ++y) {
                auto row = phase.row(y);
                for (std::int64_t j = 0; j < phase.words_per_row(); ++j) {
                    std::uint64_t bits = row[std::size_t(j)];
                    while (bits) {
                        const std::int64_t x = j * 64 + __builtin_ctzll(bits);
                        bits &= bits - 1;
                        if (!near[island[std::size_t(y * w + x)]]) continue;
                        // The dead cells around this live cell that never live.
                        for (int dy = -1; dy <= 1; ++dy)
                            for (int dx = -1; dx <= 1; ++dx) {
                                const std::int64_t cx = wrap(x + dx, w), cy = wrap(y + dy, h);
                                if (live_at(envelope, cx, cy)) continue;
                                tally.clear();
                                for (int k = 0; k < 9; ++k) {
                                    const std::int64_t nx = wrap(cx + k % 3 - 1, w),
                                                       ny = wrap(cy + k / 3 - 1, h);
                                    if (!live_at(phase, nx, ny)) continue;
                                    const std::uint32_t g =
                                        groups.find(island[std::size_t(ny * w + nx)]);
                                    auto it = std::find_if(tally.begin(), tally.end(),
                                                           [&](auto& t) { return t.first == g; });
                                    if (it == tally.end())
                                        tally.push_back({g, 1u << k});
                                    else
                                        it->second |= 1u << k;
                                }
                                if (tally.size() < 2) continue;
                                bool relies = false;
                                for (const auto& [g, mask] : tally) relies = relies || births(mask);
                                if (!relies) continue;
                                for (const auto& t : tally)
                                    changed = groups.unite(tally[0].first, t.first) || changed;
                            }
                    }
                }
            }
        }
    }

    // One object per group: its islands' cells in phase 0, unwrapped next
    // to the group's first island.
    std::vector<AshObject> objects;
    std::vector<std::vector<std::uint32_t>> of_group(n);
    for (std::uint32_t i = 0; i < n; ++i) of_group[groups.find(i)].push_back(i);
    for (std::uint32_t root = 0; root < n; ++root) {
        const auto& list = of_group[root];
        if (list.empty()) continue;
        const auto [rx, ry] = members[list[0]][0];
        struct Member {
            std::int64_t x, y;
            int state;
        };
        std::vector<Member> cells;
        bool wraps = false;
        for (std::uint32_t i : list) {
            wraps = wraps || island_wraps[i];
            const auto [ix, iy] = members[i][0];
            // The image of island i nearest the first island.
            const std::int64_t sx = w * ((rx - ix + (rx >= ix ? w / 2 : -(w / 2))) / w);
            const std::int64_t sy = h * ((ry - iy + (ry >= iy ? h / 2 : -(h / 2))) / h);
            for (auto [mx, my] : members[i])
                if (const int state = phases[0].state(wrap(mx, w), wrap(my, h)))
                    cells.push_back({mx + sx, my + sy, state});
        }
        if (cells.empty()) continue;
        std::int64_t minx = std::numeric_limits<std::int64_t>::max(), miny = minx;
        std::int64_t maxx = std::numeric_limits<std::int64_t>::min(), maxy = maxx;
        for (auto [cx, cy, state] : cells) {
            minx = std::min(minx, cx);
            maxx = std::max(maxx, cx);
            miny = std::min(miny, cy);
            maxy = std::max(maxy, cy);
        }
        AshObject o;
        o.wraps = wraps || maxx - minx + 1 > w || maxy - miny + 1 > h;
        const std::int64_t bw = std::min(maxx - minx + 1, w), bh = std::min(maxy - miny + 1, h);
        o.cells = Grid(bw, bh);
        for (auto [cx, cy, state] : cells)
            o.cells.set_state(std::min(cx - minx, bw - 1), std::min(cy - miny, bh - 1), state);
        o.x = wrap(minx, w);
        o.y = wrap(miny, h);
        objects.push_back(std::move(o));
    }
    return objects;
}

}  // namespace toroid
