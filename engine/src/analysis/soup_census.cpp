#include "toroid/analysis/soup_census.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

#include "activity_split.hpp"
#include "cell_groups.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/linear_growth.hpp"
#include "toroid/analysis/object_separation.hpp"
#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/universe.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

using detail::box_of;
using detail::groups_of;
using detail::unite;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string grid_key(const Grid& g) {
    std::string k = std::to_string(g.width()) + "x" + std::to_string(g.height()) + ":";
    k.append(reinterpret_cast<const char*>(g.words().data()), g.words().size() * 8);
    return k;
}

}  // namespace

struct SoupCensusRunner::State {
    Rule rule;
    CensusOptions options;
    Universe* universe = nullptr;
    // One torus per size, kept: soups that grow their torus would otherwise
    // allocate (and fault in) a larger one, then the first size again.
    std::map<std::int64_t, std::unique_ptr<Universe>> tori;
    std::unique_ptr<ShipCatalog> catalog_store;  // replaced when its memo grows large
    ObjectSeparator separator;
    std::unordered_map<int, std::vector<std::string>> ship_codes;  // catalog kind -> apgcodes
    std::unordered_map<std::string, std::string> codes;            // grid_key -> apgcode
    std::vector<std::uint32_t> index;                              // groups_of's scratch

    State(const Rule& r, CensusOptions o)
        : rule(r),
          options(std::move(o)),
          catalog_store(std::make_unique<ShipCatalog>(r)),
          separator(r.compile()) {}

    ShipCatalog& catalog() { return *catalog_store; }

    // The memos keep every shape met, and a long census meets millions of
    // transient ones: they start afresh (between soups) past a bound.
    void bound_memos() {
        constexpr std::size_t kMaxShapes = 1 << 18, kMaxCodes = 1 << 16;
        if (kind_of_shape.size() > kMaxShapes) {
            kind_of_shape.clear();
            ship_codes.clear();  // keyed by the old catalog's kinds
            catalog_store = std::make_unique<ShipCatalog>(rule);
        }
        if (codes.size() > kMaxCodes) {
            codes.clear();
            ship_codes.clear();
        }
    }

    void use_torus(std::int64_t side) {
        std::unique_ptr<Universe>& torus = tori[side];
        if (!torus) {
            BackendOptions bo;
            bo.threads = 1;  // soups run in parallel, one per thread
            torus = make_universe("auto", rule, side, side, bo);
        }
        universe = torus.get();
    }

    // The catalog's kind of a group (-1: not a ship), memoised by a 64-bit
    // hash of its shape (the catalog's own memo builds a text key per call).
    std::unordered_map<std::uint64_t, int> kind_of_shape;
    int ship_kind(const std::vector<Cell>& cells, const std::vector<std::uint32_t>& group,
                  const Rect& box) {
        std::uint64_t h = 0x9e3779b97f4a7c15ull ^ std::uint64_t(box.width << 8 | box.height);
        for (std::uint32_t i : group)
            h = (h ^ std::uint64_t((cells[i].y - box.y) << 8 | (cells[i].x - box.x))) *
                0x100000001b3ull;
        auto it = kind_of_shape.find(h);
        if (it != kind_of_shape.end()) return it->second;
        std::vector<Cell> shape;
        for (std::uint32_t i : group) shape.push_back({cells[i].x - box.x, cells[i].y - box.y});
        return kind_of_shape[h] = catalog().classify(shape);
    }

    // The objects of a ship group: usually one ship, but two gliders flying
    // side by side are one group that moves as one. Its 8-connected pieces
    // are the objects when each is a ship alone with the group's velocity
    // (a *WSS's detached tail cell is not: it stays part of the ship).
    const std::vector<std::string>& ship_codes_of(int kind) {
        auto it = ship_codes.find(kind);
        if (it != ship_codes.end()) return it->second;
        const ShipKind k = catalog().kind(kind);  // a copy: classify() may add kinds
        const std::vector<Cell>& cells = k.phases[0];
        std::vector<std::vector<Cell>> pieces;
        std::vector<bool> taken(cells.size(), false);
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (taken[i]) continue;
            taken[i] = true;
            std::vector<Cell> piece{cells[i]};
            for (std::size_t at = 0; at < piece.size(); ++at)
                for (std::size_t j = 0; j < cells.size(); ++j)
                    if (!taken[j] && std::abs(cells[j].x - piece[at].x) <= 1 &&
                        std::abs(cells[j].y - piece[at].y) <= 1) {
                        taken[j] = true;
                        piece.push_back(cells[j]);
                    }
            pieces.push_back(std::move(piece));
        }
        auto grid_of = [](std::vector<Cell> piece, std::int64_t& x0, std::int64_t& y0) {
            x0 = y0 = std::numeric_limits<std::int64_t>::max();
            std::int64_t x1 = 0, y1 = 0;
            for (const Cell& c : piece)
                x0 = std::min(x0, c.x), y0 = std::min(y0, c.y), x1 = std::max(x1, c.x),
                y1 = std::max(y1, c.y);
            Grid g(x1 - x0 + 1, y1 - y0 + 1);
            for (const Cell& c : piece) g.set(c.x - x0, c.y - y0, true);
            return g;
        };
        bool split = pieces.size() > 1;
        for (std::size_t p = 0; p < pieces.size() && split; ++p) {
            std::int64_t x0, y0;
            grid_of(pieces[p], x0, y0);
            std::vector<Cell> shape = pieces[p];
            for (Cell& c : shape) c.x -= x0, c.y -= y0;
            const int sub = catalog().classify(shape);
            split = sub >= 0 &&
                    catalog().kind(sub).dx * k.period == k.dx * catalog().kind(sub).period &&
                    catalog().kind(sub).dy * k.period == k.dy * catalog().kind(sub).period;
        }
        std::vector<std::string> named;
        std::int64_t x0, y0;
        if (split)
            for (const auto& piece : pieces) named.push_back(code_of(grid_of(piece, x0, y0), 64));
        else
            named.push_back(code_of(grid_of(cells, x0, y0), std::uint64_t(k.period)));
        return ship_codes[kind] = std::move(named);
    }

    const std::string& code_of(const Grid& cells, std::uint64_t period) {
        std::string key = grid_key(cells);
        auto it = codes.find(key);
        if (it != codes.end()) return it->second;
        IdentifyOptions io;
        io.max_generations = period + 64;
        io.detect_growth = false;
        const Identification id = identify(cells, rule, io);
        const bool coded = id.kind == "still" || id.kind == "oscillator" || id.kind == "spaceship";
        return codes[std::move(key)] = coded ? id.code : std::string("PATHOLOGICAL");
    }

    // One period of settled ash (phases[k]: its cells k generations on),
    // cropped to its envelope's box plus an empty margin (no wrapping),
    // separated into objects and coded.
    void code_ash(const std::vector<std::vector<Cell>>& phases, std::uint64_t period,
                  std::vector<std::string>& objects) {
        Rect box;
        for (const auto& list : phases) {
            if (list.empty()) continue;
            std::vector<std::uint32_t> all(list.size());
            std::iota(all.begin(), all.end(), 0u);
            box = unite(box, box_of(list, all));
        }
        if (box.empty()) return;
        std::vector<Grid> grids;
        for (const auto& list : phases) {
            Grid g(box.width + 4, box.height + 4);
            for (const Cell& c : list) g.set(c.x - box.x + 2, c.y - box.y + 2, true);
            grids.push_back(std::move(g));
        }
        for (const AshObject& o : separator.separate(grids))
            objects.push_back(o.wraps ? std::string("PATHOLOGICAL") : code_of(o.cells, period));
    }

    void code_unsettled(Universe& u, std::uint64_t t,
                        const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pops,
                        bool overflow, std::vector<std::string>& objects);
};

SoupCensusRunner::SoupCensusRunner(const Rule& rule, CensusOptions options) {
    if (rule.stochastic() || rule.births_on_zero())
        throw InputError("rule " + rule.to_string() +
                         ": the census needs a deterministic rule without birth on 0");
    if (!is_hashsoup_symmetry(options.symmetry)) hashsoup("", options.symmetry);  // throws
    const bool hexagonal = rule.neighbourhood() == Neighbourhood::Hexagonal;
    if (!hashsoup_symmetry_fits(options.symmetry, hexagonal))
        throw InputError(
            "symmetry " + options.symmetry + " with rule " + rule.to_string() +
            (hexagonal ? ": hexagonal rules take C1, 1x256, 2x128, 4x64, 8x32, C2_1, C2_4, "
                         "D2_x, D4_x1, D4_x4, C3_1, C6, D2_xo, D6_1, D6_1o and D12 (as lifelib)"
                       : ": C3_1, C6, D2_xo, D6_1, D6_1o and D12 are for hexagonal rules (H)"));
    s_ = std::make_unique<State>(rule, std::move(options));
}

SoupCensusRunner::~SoupCensusRunner() = default;

SoupCensus SoupCensusRunner::run(std::string_view seed) {
    return run_pattern(hashsoup(seed, s_->options.symmetry).cells);
}

SoupCensus SoupCensusRunner::run_pattern(const Grid& soup) {
    State& s = *s_;
    s.bound_memos();
    SoupCensus out;
    std::int64_t side = s.options.torus;
    while (side < std::max(soup.width(), soup.height()) + 2 * kGuard + 16) side *= 2;
    s.use_torus(side);
    Universe* u = s.universe;
    {
        std::vector<Cell> cells;
        for (std::int64_t y = 0; y < soup.height(); ++y)
            for (std::int64_t x = 0; x < soup.width(); ++x)
                if (soup.get(x, y))
                    cells.push_back(
                        {side / 2 - soup.width() / 2 + x, side / 2 - soup.height() / 2 + y});
        u->start(cells, 0);
    }
    // Repeats: the backend's cheap signature every generation (the CPU
    // backend's mixes each live tile's index and population), the full hash
    // only at generations whose signature was seen before. A state equal to
    // an earlier one repeats its signature, so its hash is taken, and one
    // period later matched: detection costs at most one period more, and
    // the chaotic part of a soup's life is never hashed.
    std::unordered_map<std::uint64_t, std::uint64_t> seen, hashed;
    std::vector<std::uint32_t> history;  // population, every generation
    std::uint64_t t = 0, next_sweep = kSweep;
    auto forget = [&] {
        seen.clear();
        hashed.clear();
        seen.emplace(u->signature(), t);
    };
    forget();
    std::vector<std::pair<std::uint64_t, std::uint64_t>>
        pops;  // (generation, population) at sweeps
    const std::uint64_t limit = s.options.max_generations;
    bool overflow = false;
    while (t < limit && !out.settled && !overflow) {
        auto t0 = Clock::now();
        u->step(1);
        ++t;
        out.times.step += seconds_since(t0);
        t0 = Clock::now();
        history.push_back(std::uint32_t(u->population()));
        if (history.back() == 0) {
            out.settled = true;
            out.generations = t;
            out.period = 1;
            out.times.stabilise += seconds_since(t0);
            break;
        }
        const bool new_signature = seen.emplace(u->signature(), t).second;
        const auto [it, fresh] =
            new_signature ? std::pair{hashed.end(), true} : hashed.emplace(u->hash(), t);
        if (!fresh) {
            // A repeat of the hash: confirmed when the cells one period on
            // are the same.
            const std::uint64_t first = it->second, period = t - first;
            const std::vector<Cell> now = u->cells();
            const auto s0 = Clock::now();
            u->step(period);
            out.times.step += seconds_since(s0);
            t += period;
            if (u->cells() == now) {
                out.settled = true;
                out.generations = first;
                out.period = period;
            } else {
                forget();
            }
        }
        if (!out.settled && t >= next_sweep) {
            next_sweep = t + kSweep;
            // Ships far enough from everything else leave; the rest must
            // keep kGuard cells from the torus's edge.
            std::vector<Cell> cells = u->cells();
            pops.push_back({t, cells.size()});
            // Ships are looked for once the population has been periodic for
            // 128 generations (escaping ships keep it so; the ash must lose
            // them to repeat; a quiet ash launches no new ship that could
            // catch one deleted), or when the cells near the edge of the
            // largest torus. Until then a torus that grows makes room:
            // classifying every fragment of a chaotic soup each sweep cost
            // more than stepping it, and a ship deleted early can be caught
            // by a faster one launched later.
            bool quiet = false;
            const std::size_t n = history.size();
            for (std::size_t p = 1; p <= 2 * kSweep && !quiet && n > 2 * kSweep + p; ++p) {
                quiet = true;
                for (std::size_t k = 0; k < 2 * kSweep && quiet; ++k)
                    quiet = history[n - 1 - k] == history[n - 1 - k - p];
            }
            std::vector<std::uint32_t> every(cells.size());
            std::iota(every.begin(), every.end(), 0u);
            Rect kept = cells.empty() ? Rect{} : box_of(cells, every);
            auto near_edge = [&](const Rect& b) {
                return !b.empty() &&
                       (b.x < kGuard || b.y < kGuard || b.x + b.width > side - kGuard ||
                        b.y + b.height > side - kGuard);
            };
            const bool look = quiet || (near_edge(kept) && 2 * side > s.options.max_torus);
            std::vector<std::vector<std::uint32_t>> groups;
            if (look) groups = groups_of(cells, s.index);
            std::vector<Rect> boxes(groups.size());
            for (std::size_t g = 0; g < groups.size(); ++g) boxes[g] = box_of(cells, groups[g]);
            std::vector<int> kinds(groups.size(), -1);
            // Only small groups outside the box of the large ones (the
            // active core of the ash) can be leaving.
            Rect core, debris;
            auto small = [&](std::size_t g) {
                return groups[g].size() <= ShipCatalog::kMaxCells &&
                       boxes[g].width <= ShipCatalog::kMaxSize &&
                       boxes[g].height <= ShipCatalog::kMaxSize;
            };
            for (std::size_t g = 0; g < groups.size(); ++g)
                if (!small(g)) core = unite(core, boxes[g]);
            for (std::size_t g = 0; g < groups.size(); ++g) {
                const Rect& b = boxes[g];
                const bool outside = core.empty() || b.x + b.width + kShipMargin <= core.x ||
                                     b.x >= core.x + core.width + kShipMargin ||
                                     b.y + b.height + kShipMargin <= core.y ||
                                     b.y >= core.y + core.height + kShipMargin;
                if (small(g) && outside) kinds[g] = s.ship_kind(cells, groups[g], b);
                if (kinds[g] < 0) debris = unite(debris, b);
            }
            // A ship leaves when it is kShipMargin cells beyond the debris's
            // box in a direction it travels, and beyond every other ship in
            // a direction it travels at least as fast as that ship does
            // (parallel ships never meet; a faster one behind would catch it).
            auto beyond = [](const ShipKind& k, const Rect& b, const Rect& other,
                             const ShipKind* chaser) {
                if (other.empty()) return true;
                // The chaser's speed along an axis, in k's direction, is at
                // most k's: cross-multiplied by the periods.
                auto outrun = [&](std::int64_t d, std::int64_t dc) {
                    return !chaser || (d > 0 ? dc * k.period <= d * chaser->period
                                             : dc * k.period >= d * chaser->period);
                };
                const std::int64_t cdx = chaser ? chaser->dx : 0, cdy = chaser ? chaser->dy : 0;
                return (k.dx < 0 && b.x + b.width + kShipMargin <= other.x && outrun(k.dx, cdx)) ||
                       (k.dx > 0 && b.x >= other.x + other.width + kShipMargin &&
                        outrun(k.dx, cdx)) ||
                       (k.dy < 0 && b.y + b.height + kShipMargin <= other.y && outrun(k.dy, cdy)) ||
                       (k.dy > 0 && b.y >= other.y + other.height + kShipMargin &&
                        outrun(k.dy, cdy));
            };
            std::vector<Cell> doomed;
            if (look) kept = debris;
            for (std::size_t g = 0; g < groups.size(); ++g) {
                if (kinds[g] < 0) continue;
                const ShipKind& k = s.catalog().kind(kinds[g]);
                bool away = beyond(k, boxes[g], debris, nullptr);
                for (std::size_t o = 0; o < groups.size() && away; ++o) {
                    if (o == g || kinds[o] < 0) continue;
                    const ShipKind& ko = s.catalog().kind(kinds[o]);
                    const bool parallel = k.dx * ko.period == ko.dx * k.period &&
                                          k.dy * ko.period == ko.dy * k.period;
                    away = parallel || beyond(k, boxes[g], boxes[o], &ko);
                }
                if (!away) {
                    kept = unite(kept, boxes[g]);
                    continue;
                }
                for (const std::string& code : s.ship_codes_of(kinds[g]))
                    out.objects.push_back(code);
                out.ships_removed += s.ship_codes_of(kinds[g]).size();
                for (std::uint32_t i : groups[g]) doomed.push_back(cells[i]);
            }
            if (!doomed.empty()) {
                u->clear_cells(doomed);
                forget();
            }
            if (near_edge(kept)) {
                if (2 * side > s.options.max_torus) {
                    overflow = true;
                } else {
                    // Everything left moves, centred, to a torus twice as large.
                    cells = u->cells();
                    const std::int64_t dx = side - (kept.x + kept.width / 2),
                                       dy = side - (kept.y + kept.height / 2);
                    for (Cell& c : cells) c.x += dx, c.y += dy;
                    side *= 2;
                    s.use_torus(side);
                    u = s.universe;
                    u->start(cells, t);
                    forget();
                }
            }
        }
        out.times.stabilise += seconds_since(t0);
    }
    const auto c0 = Clock::now();
    if (out.settled && u->population() > 0) {
        // One period of the ash, separated and coded.
        const std::uint64_t period = std::min<std::uint64_t>(out.period, 1024);
        std::vector<std::vector<Cell>> cells(period);
        for (std::uint64_t k = 0; k < period; ++k) {
            if (k) u->step(1);
            cells[k] = u->cells();
        }
        s.code_ash(cells, period, out.objects);
    } else if (!out.settled) {
        out.generations = t;
        s.code_unsettled(*u, t, pops, overflow, out.objects);
    }
    std::sort(out.objects.begin(), out.objects.end());
    out.times.classify += seconds_since(c0);
    return out;
}

// A soup that did not settle: its parts are told apart by what they do over
// kWindow generations (activity_split.hpp). Settled parts are separated and
// coded as ash, ships in flight by their apgcodes, and growing parts by
// apgsearch's yl code when they grow linearly (linear_growth.hpp); the
// objects a yl soup leaves are counted too, as apgsearch counts them. When
// some part does not grow linearly (or the soup is too large to split) the
// soup is coded as a whole: zz_LINEAR when its population grew about
// linearly over the second half of the run, zz_EXPLOSIVE otherwise.
void SoupCensusRunner::State::code_unsettled(
    Universe& u, std::uint64_t t, const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pops,
    bool overflow, std::vector<std::string>& objects) {
    constexpr std::size_t kWindow = 256, kMaxCells = 100000;
    constexpr std::int64_t kMaxSide = 16384;
    auto as_a_whole = [&] {
        std::string code = "zz_EXPLOSIVE";
        if (pops.size() >= 8) {
            const double p2 = double(pops[pops.size() / 2].second),
                         p3 = double(pops[3 * pops.size() / 4].second),
                         p4 = double(pops.back().second);
            const double a = p3 - p2, b = p4 - p3;
            if (!overflow && a > 0 && b > 0 && b < 2 * a && a < 2 * b) code = "zz_LINEAR";
        }
        objects.push_back(code);
    };
    std::vector<Cell> cells = u.cells();
    if (cells.empty() || cells.size() > kMaxCells) return as_a_whole();
    std::vector<std::uint32_t> all(cells.size());
    std::iota(all.begin(), all.end(), 0u);
    const Rect b = box_of(cells, all);
    // Room for the window on a torus of its own (light speed, plus slack).
    std::int64_t side = options.torus;
    while (side < std::max(b.width, b.height) + 2 * std::int64_t(kWindow + 16)) side *= 2;
    if (side > kMaxSide) return as_a_whole();
    use_torus(side);
    Universe& w = *universe;
    const std::int64_t dx = side / 2 - (b.x + b.width / 2), dy = side / 2 - (b.y + b.height / 2);
    for (Cell& c : cells) c.x += dx, c.y += dy;
    w.start(cells, t);
    std::vector<std::vector<Cell>> history;
    for (std::size_t k = 0; k <= kWindow; ++k) {
        if (k) w.step(1);
        history.push_back(w.cells());
    }
    std::vector<std::string> found;
    for (const detail::ActivityPart& part : detail::split_by_activity(history, index)) {
        if (part.periodic) {
            code_ash(part.phases, part.period, found);
            continue;
        }
        const std::vector<Cell>& now = part.phases.back();
        std::vector<std::uint32_t> members(now.size());
        std::iota(members.begin(), members.end(), 0u);
        const Rect box = box_of(now, members);
        const bool small = now.size() <= ShipCatalog::kMaxCells &&
                           box.width <= ShipCatalog::kMaxSize &&
                           box.height <= ShipCatalog::kMaxSize;
        const int kind = small ? ship_kind(now, members, box) : -1;
        if (kind >= 0) {
            for (const std::string& code : ship_codes_of(kind)) found.push_back(code);
            continue;
        }
        std::string code = linearlyse(rule, now);
        if (code.empty()) return as_a_whole();
        found.push_back(std::move(code));
    }
    objects.insert(objects.end(), found.begin(), found.end());
}

}  // namespace toroid
