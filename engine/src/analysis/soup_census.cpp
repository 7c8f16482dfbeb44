#include "toroid/analysis/soup_census.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

#include "apgsearch_plane.hpp"
#include "cell_groups.hpp"
#include "replayed_torus.hpp"
#include "soup_census_state.hpp"
#include "ticks.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/object_separation.hpp"
#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/universe.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"
#include "union_find.hpp"

namespace toroid {
namespace {

using detail::box_of;
using detail::groups_of;
using detail::unite;

using Clock = std::chrono::steady_clock;

// apgsearch's separation window on a retry.
constexpr std::uint64_t kRetryWindow = 4000;

double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Whether the last `span` populations repeat with some period of at most
// `span` (escaping ships keep a settled ash's population periodic).
bool population_periodic(const std::vector<std::uint32_t>& history, std::size_t span) {
    const std::size_t n = history.size();
    for (std::size_t p = 1; p <= span && n > span + p; ++p) {
        bool periodic = true;
        for (std::size_t k = 0; k < span && periodic; ++k)
            periodic = history[n - 1 - k] == history[n - 1 - k - p];
        if (periodic) return true;
    }
    return false;
}

// Whether the population at the sweeps (generation, population) grew about
// linearly up to generation t: what it gained over the second half of the
// run is about twice what it gained over the quarter before (2^a for a
// population growing as t^a: a HighLife replicator's copies 1.5).
bool grows_linearly(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pops,
                    std::uint64_t t) {
    if (pops.size() < 8) return false;
    auto at = [&](std::uint64_t g) {  // at the last sweep up to g
        auto it = std::upper_bound(pops.begin(), pops.end(), g,
                                   [](std::uint64_t v, const auto& p) { return v < p.first; });
        return it == pops.begin() ? 0.0 : double(std::prev(it)->second);
    };
    const double later = at(t) - at(t / 2), earlier = at(t / 2) - at(t / 4);
    return earlier > 0 && later >= 1.7 * earlier && later <= 2.4 * earlier;
}

// Which groups are ships that leave: a ship (kinds[g] >= 0) leaves when it
// is kShipMargin cells beyond the debris's box in a direction it travels,
// and beyond every other ship in a direction it travels at least as fast as
// that ship does (parallel ships never meet; a faster one behind would
// catch it).
std::vector<bool> ships_away(const ShipCatalog& catalog, const std::vector<int>& kinds,
                             const std::vector<Rect>& boxes, const Rect& debris) {
    constexpr std::int64_t margin = SoupCensusRunner::kShipMargin;
    auto beyond = [](const ShipKind& k, const Rect& b, const Rect& other, const ShipKind* chaser) {
        if (other.empty()) return true;
        // The chaser's speed along an axis, in k's direction, is at most
        // k's: cross-multiplied by the periods.
        auto outrun = [&](std::int64_t d, std::int64_t dc) {
            return !chaser || (d > 0 ? dc * k.period <= d * chaser->period
                                     : dc * k.period >= d * chaser->period);
        };
        const std::int64_t cdx = chaser ? chaser->dx : 0, cdy = chaser ? chaser->dy : 0;
        return (k.dx < 0 && b.x + b.width + margin <= other.x && outrun(k.dx, cdx)) ||
               (k.dx > 0 && b.x >= other.x + other.width + margin && outrun(k.dx, cdx)) ||
               (k.dy < 0 && b.y + b.height + margin <= other.y && outrun(k.dy, cdy)) ||
               (k.dy > 0 && b.y >= other.y + other.height + margin && outrun(k.dy, cdy));
    };
    std::vector<bool> away(kinds.size(), false);
    for (std::size_t g = 0; g < kinds.size(); ++g) {
        if (kinds[g] < 0) continue;
        const ShipKind& k = catalog.kind(kinds[g]);
        away[g] = beyond(k, boxes[g], debris, nullptr);
        for (std::size_t o = 0; o < kinds.size() && away[g]; ++o) {
            if (o == g || kinds[o] < 0) continue;
            const ShipKind& ko = catalog.kind(kinds[o]);
            const bool parallel =
                k.dx * ko.period == ko.dx * k.period && k.dy * ko.period == ko.dy * k.period;
            away[g] = parallel || beyond(k, boxes[g], boxes[o], &ko);
        }
    }
    return away;
}

}  // namespace

SoupCensusRunner::SoupCensusRunner(const Rule& rule, CensusOptions options) {
    if (rule.stochastic() || rule.births_on_zero())
        throw InputError("rule " + rule.to_string() +
                         ": the census needs a deterministic rule without birth on 0");
    // Object separation, ship sweeps and apgcodes are for range-1 rules of
    // two states and Generations rules (lifelib's layered codes).
    if (!rule.generations_family())
        throw InputError("rule " + rule.to_string() +
                         ": the census runs range-1 rules of two states (B/S, isotropic, MAP, "
                         "hexagonal, von Neumann) and Generations rules; " +
                         (rule.range_rule() ? "Larger than Life and other range-r rules"
                                            : "rule tables and trees") +
                         " are not censused (`toroid sweep` without --root runs their soups)");
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

// Groups a sweep tries together, among `candidates`: boxes within kJoin
// cells of each other (and, for ships, the same velocity), and fitting the
// ship catalog's bounds. A union that is a ship becomes its first member's
// group (the union's cells, box and kind), the others are emptied (an
// empty box, no kind); a union of ships that is not one (they meet, or
// stop each other) leaves every member a non-ship for this sweep.
//   * Loners (small groups outside the core that are not ships alone):
//     ships whose phase is in pieces farther apart than groups_of joins.
//     HighLife's bomber (a replicator carrying a glider) is two to six
//     groups at 36 of its 48 phases, and sweeps 64 generations apart meet
//     three of its phases.
//   * Ships of one velocity side by side: ship_codes_of() then counts them
//     as one object or as each ship, by whether they fly on unchanged by
//     one another.
void SoupCensusRunner::State::join_groups(const std::vector<Cell>& cells,
                                          const std::vector<std::size_t>& candidates, bool ships,
                                          std::vector<std::vector<std::uint32_t>>& groups,
                                          std::vector<Rect>& boxes, std::vector<int>& kinds) {
    constexpr std::int64_t kJoin = 8;
    const std::size_t n = candidates.size();
    detail::UnionFind joins(n);
    auto gap = [](const Rect& a, const Rect& b) {
        const std::int64_t gx = std::max(a.x, b.x) - std::min(a.x + a.width, b.x + b.width),
                           gy = std::max(a.y, b.y) - std::min(a.y + a.height, b.y + b.height);
        return std::max<std::int64_t>({gx, gy, 0});
    };
    auto same_velocity = [&](int a, int b) {
        const ShipKind &ka = catalog().kind(a), &kb = catalog().kind(b);
        return ka.dx * kb.period == kb.dx * ka.period && ka.dy * kb.period == kb.dy * ka.period;
    };
    // Pairs by a sweep over x (a sweep can hold thousands of small groups).
    std::vector<std::size_t> by_x(n);
    std::iota(by_x.begin(), by_x.end(), std::size_t(0));
    std::stable_sort(by_x.begin(), by_x.end(), [&](std::size_t i, std::size_t j) {
        return boxes[candidates[i]].x < boxes[candidates[j]].x;
    });
    for (std::size_t p = 0; p < n; ++p) {
        const std::size_t i = by_x[p];
        const Rect& a = boxes[candidates[i]];
        for (std::size_t q = p + 1; q < n; ++q) {
            const std::size_t j = by_x[q];
            const Rect& b = boxes[candidates[j]];
            if (b.x > a.x + a.width + kJoin) break;  // and every box after it
            if (gap(a, b) <= kJoin &&
                (!ships || same_velocity(kinds[candidates[i]], kinds[candidates[j]])))
                joins.unite(std::uint32_t(i), std::uint32_t(j));
        }
    }
    std::map<std::uint32_t, std::vector<std::size_t>> clusters;  // by root, members in order
    for (std::size_t i = 0; i < n; ++i)
        clusters[joins.find(std::uint32_t(i))].push_back(candidates[i]);
    for (const auto& [r, members] : clusters) {
        if (members.size() < 2) continue;
        std::vector<std::uint32_t> joined;
        Rect box;
        for (std::size_t g : members) {
            joined.insert(joined.end(), groups[g].begin(), groups[g].end());
            box = unite(box, boxes[g]);
        }
        if (joined.size() > ShipCatalog::kMaxCells || box.width > ShipCatalog::kMaxSize ||
            box.height > ShipCatalog::kMaxSize)
            continue;
        std::sort(joined.begin(), joined.end());  // the cells' (y, x) order
        const int kind = ship_kind(cells, joined, box);
        if (kind < 0) {
            if (ships)
                for (std::size_t g : members) kinds[g] = -1;
            continue;
        }
        groups[members[0]] = std::move(joined);
        boxes[members[0]] = box;
        kinds[members[0]] = kind;
        for (std::size_t k = 1; k < members.size(); ++k) {
            groups[members[k]].clear();
            boxes[members[k]] = Rect{};
            kinds[members[k]] = -1;
        }
    }
}

// A sweep that looks for ships: the live cells (sorted by (y, x)) grouped,
// the ships among the small groups outside the box of the large ones (the
// active core of the ash) classified, the ones that leave (ships_away)
// counted into `objects` and `removed` and their cells listed in `doomed`.
// Returns the box of what stays: the debris and the ships still near it.
Rect SoupCensusRunner::State::ships_leaving(const std::vector<Cell>& cells,
                                            std::vector<std::string>& objects,
                                            std::uint64_t& removed, std::vector<Cell>& doomed,
                                            std::vector<detail::FlownShip>& flown) {
    std::vector<std::vector<std::uint32_t>> groups = groups_of(cells);
    std::vector<Rect> boxes(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) boxes[g] = box_of(cells, groups[g]);
    std::vector<int> kinds(groups.size(), -1);
    Rect core, debris;
    auto small = [&](std::size_t g) {
        return groups[g].size() <= ShipCatalog::kMaxCells &&
               boxes[g].width <= ShipCatalog::kMaxSize && boxes[g].height <= ShipCatalog::kMaxSize;
    };
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (!small(g)) core = unite(core, boxes[g]);
    std::vector<std::size_t> loners;  // small, outside, not a ship alone
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const Rect& b = boxes[g];
        const bool outside = core.empty() || b.x + b.width + kShipMargin <= core.x ||
                             b.x >= core.x + core.width + kShipMargin ||
                             b.y + b.height + kShipMargin <= core.y ||
                             b.y >= core.y + core.height + kShipMargin;
        if (!small(g) || !outside) continue;
        kinds[g] = ship_kind(cells, groups[g], b);
        if (kinds[g] < 0) loners.push_back(g);
    }
    join_groups(cells, loners, false, groups, boxes, kinds);
    std::vector<std::size_t> ships;
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (kinds[g] >= 0) ships.push_back(g);
    join_groups(cells, ships, true, groups, boxes, kinds);
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (kinds[g] < 0) debris = unite(debris, boxes[g]);
    Rect kept = debris;
    const std::vector<bool> away = ships_away(catalog(), kinds, boxes, debris);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (kinds[g] < 0) continue;
        if (!away[g]) {
            kept = unite(kept, boxes[g]);
            continue;
        }
        for (const std::string& code : ship_codes_of(kinds[g])) objects.push_back(code);
        removed += ship_codes_of(kinds[g]).size();
        for (std::uint32_t i : groups[g]) doomed.push_back(cells[i]);
        flown.push_back({catalog().kind(kinds[g]), boxes[g].x, boxes[g].y, 0});
    }
    return kept;
}

namespace {
// The soup's centre at (side/2 + 32, side/2 + 16), the centre of one of
// the census torus's 64 x 32 tiles (side/2 is a tile's corner): a 16 x 16
// soup starts in one tile rather than across four, and its ash spreads
// over fewer (6% fewer tiles computed, the same census).
constexpr std::int64_t kCentreX = 32, kCentreY = 16;
}  // namespace

SoupCensusRunner::Start SoupCensusRunner::place(const Grid& soup) const {
    Start out;
    std::int64_t& side = out.side;
    side = s_->options.torus;
    while (side < std::max(soup.width(), soup.height()) + 2 * (kGuard + kCentreX) + 16) side *= 2;
    for (std::int64_t y = 0; y < soup.height(); ++y)
        for (std::int64_t x = 0; x < soup.width(); ++x)
            if (const int state = soup.state(x, y))
                out.cells.push_back({side / 2 + kCentreX - soup.width() / 2 + x,
                                     side / 2 + kCentreY - soup.height() / 2 + y,
                                     std::uint8_t(state)});
    return out;
}

SoupCensusRunner::Start SoupCensusRunner::start(std::string_view seed) const {
    return place(hashsoup(seed, s_->options.symmetry).cells);
}

bool SoupCensusRunner::replays_records() const {
    const Rule& r = s_->rule;
    return !r.needs_multistate_backend() && !r.stochastic() && !r.births_on_zero();
}

SoupCensus SoupCensusRunner::run(std::string_view seed, const CensusRecord* record) {
    const HashSoup soup = hashsoup(seed, s_->options.symmetry);
    const std::int64_t shift = detail::apgsearch_v4_soup_shift(s_->options.symmetry);
    return run_pattern(soup.cells, soup.x0 + shift, soup.y0 + shift, record);
}

SoupCensus SoupCensusRunner::run_pattern(const Grid& soup, std::int64_t x0, std::int64_t y0,
                                         const CensusRecord* record) {
    State& s = *s_;
    s.bound_memos();
    SoupCensus out;
    Start placed = place(soup);
    std::int64_t side = placed.side;
    s.use_torus(side);
    Universe* u = s.universe;
    // apgsearch's plane beside the torus, for its schedule.
    detail::ApgsearchPlane apgsearch(!s.multistate, s.tiling,
                                     side / 2 + kCentreX - soup.width() / 2 - x0,
                                     side / 2 + kCentreY - soup.height() / 2 - y0);
    std::uint64_t t = 0;
    // Where apgsearch's schedule ends the run of a soup that has not
    // settled, the window of its separation starts.
    std::uint64_t classify_at = std::numeric_limits<std::uint64_t>::max(),
                  window = State::kUnsettledWindow;
    detail::EarlyWindow early;
    // The window's phases coded as apgsearch codes them there, or nothing
    // where an island of its envelope does not repeat alone.
    auto code_window = [&](std::vector<std::vector<Cell>>& phases,
                           std::uint64_t span) -> std::optional<std::vector<std::string>> {
        // lifelib's envelope: the window's generations and the one it starts
        // from; the objects: the window's.
        if (!s.islands_named(phases, span)) return std::nullopt;
        phases.erase(phases.begin());
        std::vector<std::string> found;
        s.code_ash(phases, span, found);
        return found;
    };
    auto record_early = [&] { early.observe(apgsearch.decision(), t, out, side, *u, code_window); };
    auto due = [&] {
        // Its population test succeeding is not taken here: a soup
        // settled by then is counted when its cells repeat (apgsearch's
        // census of a settled soup does not depend on when it looks), one
        // still evolving by record_early().
        const auto& d = apgsearch.decision();
        if (classify_at == std::numeric_limits<std::uint64_t>::max() && d &&
            !d->periodic_population) {
            classify_at = d->start;
            window = d->window;
        }
        return t >= classify_at;
    };
    u->start(placed.cells, 0);
    // The first generations from a record, where one was made for this
    // start (census_record.hpp); the real torus takes over where it must.
    std::optional<detail::ReplayedTorus> replay;
    if (record && record->side() == side && replays_records() && record->cells(0) == placed.cells) {
        replay.emplace(*u, *record);
        u = &*replay;
    }
    // Repeats: the backend's cheap signature every generation (the CPU
    // backend's mixes each live tile's index and population), the full hash
    // only at generations whose signature was seen before. A state equal to
    // an earlier one repeats its signature, so its hash is taken, and one
    // period later matched: detection costs at most one period more, and
    // the chaotic part of a soup's life is never hashed.
    detail::FirstSeen &seen = s.seen, &hashed = s.hashed;
    std::vector<std::uint32_t> history;  // population, every generation
    std::uint64_t next_sweep = kSweep;
    auto forget = [&] {
        seen.clear();
        hashed.clear();
        seen.emplace(u->signature(), t);
    };
    forget();
    std::vector<std::pair<std::uint64_t, std::uint64_t>>
        pops;  // (generation, population) at sweeps
    std::uint64_t limit = s.options.max_generations;
    bool overflow = false;
    std::vector<std::string> coded;  // the last coding of the ash or the unsettled parts
    detail::PartClock clock;
    for (int attempt = 0;; ++attempt) {
        const auto loop_start = Clock::now();
        clock.reset();
        while (t < limit && !out.settled && !overflow && !due()) {
            clock.begin(t);
            u->step(1);
            ++t;
            clock.lap(detail::PartClock::kStep);
            apgsearch.observe(*u, t);
            record_early();
            history.push_back(std::uint32_t(u->population()));
            if (history.back() == 0) {
                out.settled = true;
                out.generations = t;
                out.period = 1;
                clock.lap(detail::PartClock::kStabilise);
                break;
            }
            const bool new_signature = seen.emplace(u->signature(), t).second;
            const auto [first, fresh] =
                new_signature ? std::pair{t, true} : hashed.emplace(u->hash(), t);
            if (!fresh) {
                // A repeat of the hash: confirmed when the cells one period on
                // are the same.
                const std::uint64_t period = t - first;
                const std::vector<Cell> now = u->occupied();
                clock.lap(detail::PartClock::kStabilise);
                // A confirmation is timed whole, once: the rest of this
                // generation too.
                clock.begin_whole();
                std::uint64_t stepped = 0;
                if (apgsearch.reading() || early.recording(apgsearch.decision(), out.settled, t)) {
                    // One at a time while the schedule reads generations; it
                    // may decide on the way (then the soup is classified
                    // there, unconfirmed).
                    for (; stepped < period && !due(); ++stepped) {
                        u->step(1);
                        ++t;
                        apgsearch.observe(*u, t);
                        record_early();
                    }
                } else {
                    u->step(period);
                    t += period;
                    stepped = period;
                }
                clock.lap(detail::PartClock::kStep);
                if (stepped == period && u->occupied() == now) {
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
                pops.push_back({t, u->population()});
                // Ships are looked for once the population has been periodic for
                // 64 generations (escaping ships keep it so; the ash must lose
                // them to repeat; a quiet ash launches no new ship that could
                // catch one deleted), or when the cells near the edge of the
                // largest torus. Until then a torus that grows makes room:
                // classifying every fragment of a chaotic soup each sweep cost
                // more than stepping it, and a ship deleted early can be caught
                // by a faster one launched later. (128 generations of quiet
                // kept gliders flying 5% longer on B3/S23, the census the
                // same on 45000 soups of 12 rules and symmetries.)
                const bool quiet = population_periodic(history, kSweep);
                Rect kept = u->live_box();
                auto near_edge = [&](const Rect& b) {
                    return !b.empty() &&
                           (b.x < kGuard || b.y < kGuard || b.x + b.width > side - kGuard ||
                            b.y + b.height > side - kGuard);
                };
                // A sparse two-state soup that grows linearly (a puffer and
                // its trail) may grow its torus further, to run until
                // apgsearch would classify it; not a replicator's copies
                // (their number grows as a power of t under 1) nor
                // explosive growth.
                const std::int64_t largest =
                    apgsearch.on() && 2 * side > s.options.max_torus &&
                            std::int64_t(u->population()) <= side && grows_linearly(pops, t)
                        ? std::max(s.options.max_torus, s.options.max_sparse_torus)
                        : s.options.max_torus;
                const bool look = quiet || (near_edge(kept) && 2 * side > largest);
                std::vector<Cell> doomed;
                if (look) {
                    const std::vector<Cell> cells = u->occupied();
                    std::vector<detail::FlownShip> leaving;
                    kept = s.ships_leaving(cells, out.objects, out.ships_removed, doomed, leaving);
                    apgsearch.deleted(leaving, t);
                }
                if (!doomed.empty()) {
                    u->clear_cells(doomed);
                    forget();
                }
                if (near_edge(kept)) {
                    if (2 * side > largest) {
                        overflow = true;
                    } else {
                        // Everything left moves, centred, to a torus twice as large.
                        std::vector<Cell> cells = u->occupied();
                        const std::int64_t dx = side - (kept.x + kept.width / 2),
                                           dy = side - (kept.y + kept.height / 2);
                        for (Cell& c : cells) c.x += dx, c.y += dy;
                        apgsearch.moved(dx, dy);
                        side *= 2;
                        s.use_torus(side);
                        u = s.universe;
                        u->start(cells, t);
                        forget();
                    }
                }
            }
            clock.lap(detail::PartClock::kStabilise);
        }
        if (replay && u == &*replay) {
            // Classification works on the real torus.
            replay->materialise();
            u = s.universe;
        }
        const double loop_seconds = seconds_since(loop_start);
        clock.share(loop_seconds, out.times);
        const auto c0 = Clock::now();
        coded.clear();
        if (early.stands()) {
            // What apgsearch counted where its population test succeeded;
            // the ships deleted since were among it.
            out.objects = early.objects_before();
            coded = *early.coded();
        } else if (out.settled && u->population() > 0) {
            // One period of the ash, separated and coded.
            const std::uint64_t period = std::min<std::uint64_t>(out.period, 1024);
            std::vector<std::vector<Cell>> cells(period);
            for (std::uint64_t k = 0; k < period; ++k) {
                if (k) {
                    u->step(1);
                    ++t;
                }
                cells[k] = u->occupied();
            }
            s.code_ash(cells, period, coded);
        } else if (!out.settled) {
            out.generations = t;
            // code_unsettled may borrow this torus (it keeps one per size): the
            // cells are put back for a retry.
            std::vector<Cell> now = u->occupied();
            s.code_unsettled(*u, t, pops, overflow, window, coded);
            s.use_torus(side);
            u = s.universe;
            if (u->occupied() != now) {
                u->start(now, t);
                forget();
            }
        }
        out.times.classify += seconds_since(c0);
        // apgsearch's censusSoup: a coding that holds a PATHOLOGICAL is tried
        // again kRetryGenerations later, up to kRetries times.
        const bool pathological =
            std::find(coded.begin(), coded.end(), "PATHOLOGICAL") != coded.end();
        if (!pathological || attempt == kRetries || overflow) break;
        ++out.retries;
        if (out.settled) {
            // The ash repeats exactly: it stays settled, with the same period.
            const auto s0 = Clock::now();
            u->step(kRetryGenerations);
            t += kRetryGenerations;
            out.times.step += seconds_since(s0);
        } else if (classify_at != std::numeric_limits<std::uint64_t>::max()) {
            // apgsearch runs 10000 generations on from the end of its
            // window and separates over 4000.
            classify_at = t + window + kRetryGenerations;
            window = kRetryWindow;
        } else {
            limit = t + kRetryGenerations;
        }
    }
    // As apgsearch: a yl code present, its PATHOLOGICAL companions are dropped.
    if (std::any_of(coded.begin(), coded.end(),
                    [](const std::string& c) { return c.rfind("yl", 0) == 0; }))
        coded.erase(std::remove(coded.begin(), coded.end(), "PATHOLOGICAL"), coded.end());
    out.objects.insert(out.objects.end(), coded.begin(), coded.end());
    std::sort(out.objects.begin(), out.objects.end());
    return out;
}

}  // namespace toroid
