// The methuselah analyser's main loop: run, sweep ships, detect the period.
#include "toroid/analysis/methuselah.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <numeric>
#include <span>

#include "cell_groups.hpp"
#include "methuselah_run.hpp"
#include "toroid/analysis/torus_lifespan.hpp"
#include "toroid/error.hpp"
#include "toroid/io/checkpoint.hpp"

namespace toroid {

using namespace detail;

namespace {

struct Regrow {};  // the debris neared the edge of an automatic torus

constexpr std::int64_t kMaxAutoTorus = 16384;
// Rules on the multi-state backend compute every cell every generation and
// keep their ships (see run_once): an automatic torus grows to 4096 only
// (or to what its range needs at first), so that a pattern whose ships
// escape is reported as outgrowing it in seconds, not after hours at 16384.
constexpr std::int64_t kMaxAutoTorusMultiState = 4096;

// Cells a pattern can spread between two sweeps kSweep generations apart:
// light speed (the rule's range: cells per generation) times the interval,
// plus slack; the room kept between the live cells and the torus edge.
std::int64_t light_speed(const Rule& rule) {
    return rule.range_rule() ? rule.range().range : 1;
}
std::int64_t guard_of(const Rule& rule) {
    return light_speed(rule) * std::int64_t(kSweep) + 8;
}

// Objects: cells within Chebyshev distance 2 of each other, so that the
// LWSS's detached cells stay with it. `cells` sorted by (y, x).
//
// Union-find over runs, not cells: a run is a row's maximal sequence of
// cells with gaps of at most 2 (connected already), and every point of a
// run lies within 1 of one of its cells, so runs of rows y-1 and y-2 touch a
// run of row y exactly when their extents come within 2. A sweep of Acorn's
// debris has a few cells per run.
struct Objects {
    std::vector<Cell> cells;         // object by object, each sorted by (y, x)
    std::vector<std::size_t> start;  // object i is cells[start[i], start[i + 1])
    std::size_t size() const { return start.size() - 1; }
    std::span<const Cell> operator[](std::size_t i) const {
        return {cells.data() + start[i], start[i + 1] - start[i]};
    }
};

Objects objects(const std::vector<Cell>& cells) {
    struct Run {
        std::int64_t y, x0, x1;
        std::size_t first, end;  // its cells
    };
    std::vector<Run> runs;
    runs.reserve(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (!runs.empty() && runs.back().y == cells[i].y && cells[i].x - runs.back().x1 <= 2) {
            runs.back().x1 = cells[i].x;
            runs.back().end = i + 1;
        } else {
            runs.push_back({cells[i].y, cells[i].x, cells[i].x, i, i + 1});
        }
    }
    const std::size_t n = runs.size();
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    };
    auto unite_ = [&](std::uint32_t a, std::uint32_t b) {
        a = find(a), b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    };
    // Row starts in `runs`, for a window over the two previous rows.
    std::vector<std::size_t> row_start;
    for (std::size_t i = 0; i < n; ++i)
        if (i == 0 || runs[i].y != runs[i - 1].y) row_start.push_back(i);
    row_start.push_back(n);
    for (std::size_t r = 0; r + 1 < row_start.size(); ++r) {
        const std::int64_t y = runs[row_start[r]].y;
        for (std::size_t k = 1; k <= 2 && k <= r; ++k) {
            const std::size_t pb = row_start[r - k], pe = row_start[r - k + 1];
            if (y - runs[pb].y > 2) continue;  // only rows y-1 and y-2 can touch row y
            std::size_t p = pb;
            for (std::size_t i = row_start[r]; i < row_start[r + 1]; ++i) {
                while (p < pe && runs[p].x1 < runs[i].x0 - 2) ++p;
                for (std::size_t j = p; j < pe && runs[j].x0 <= runs[i].x1 + 2; ++j)
                    unite_(std::uint32_t(i), std::uint32_t(j));
            }
        }
    }
    // Objects numbered in the order of their first cell; one counting pass,
    // then the runs are scattered in scan order (so each object stays sorted).
    std::vector<std::uint32_t> object_of(n);
    Objects out;
    std::vector<std::size_t> count;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t root = find(std::uint32_t(i));
        if (root == i) {
            object_of[i] = std::uint32_t(count.size());
            count.push_back(0);
        } else {
            object_of[i] = object_of[root];  // root < i: numbered already
        }
        count[object_of[i]] += runs[i].end - runs[i].first;
    }
    out.start.assign(count.size() + 1, 0);
    for (std::size_t k = 0; k < count.size(); ++k) out.start[k + 1] = out.start[k] + count[k];
    out.cells.resize(cells.size());
    std::vector<std::size_t> fill(out.start.begin(), out.start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t& at = fill[object_of[i]];
        std::copy(cells.begin() + std::ptrdiff_t(runs[i].first),
                  cells.begin() + std::ptrdiff_t(runs[i].end),
                  out.cells.begin() + std::ptrdiff_t(at));
        at += runs[i].end - runs[i].first;
    }
    return out;
}

// Deletes escaping ships at generation t; returns true when some were
// deleted. `in_flight`: ships found that are not far enough to delete yet.
bool sweep_ships(MethuselahRun& run, std::uint64_t t, const std::vector<Cell>& cells,
                 std::size_t& in_flight) {
    in_flight = 0;
    if (!run.catalog || cells.empty()) return false;
    // Only objects outside the debris box can escape, so only those are
    // classified: large objects and small ones near the box are debris, and
    // the box grows until no unresolved object is within the margin of it.
    const Objects objs = objects(cells);
    const std::size_t n = objs.size();
    std::vector<Rect> boxes(n);
    std::vector<int> state(n, 0);  // 0 unresolved, 1 debris, 2 ship
    std::vector<int> kinds(n, -1);
    std::vector<std::uint32_t> open;  // unresolved objects
    Rect debris;
    for (std::size_t i = 0; i < n; ++i) {
        boxes[i] = box_of(objs[i]);
        if (objs[i].size() > ShipCatalog::kMaxCells || boxes[i].width > ShipCatalog::kMaxSize ||
            boxes[i].height > ShipCatalog::kMaxSize) {
            state[i] = 1;
            debris = unite(debris, boxes[i]);
        } else {
            open.push_back(std::uint32_t(i));
        }
    }
    // Largest first (the likeliest debris); ties in scan order.
    std::stable_sort(open.begin(), open.end(), [&](std::uint32_t a, std::uint32_t b) {
        return objs[a].size() > objs[b].size();
    });
    // Unresolved objects this close to the box are absorbed without being
    // classified (they cannot escape yet); farther ones are classified, so
    // that a stream of ships does not chain into the box.
    constexpr std::int64_t kAbsorb = 4;
    auto outside = [&](const Rect& b) {
        return debris.empty() || b.x + b.width + kAbsorb <= debris.x ||
               b.x >= debris.x + debris.width + kAbsorb || b.y + b.height + kAbsorb <= debris.y ||
               b.y >= debris.y + debris.height + kAbsorb;
    };
    // Classify one object at a time, largest first, absorbing into the box
    // whatever is then near it (again while the box grows); absorbed and
    // classified objects leave the open list, so late passes are short.
    for (bool grew = !debris.empty();;) {
        while (grew) {
            grew = false;
            std::size_t kept = 0;
            for (const std::uint32_t i : open) {
                if (outside(boxes[i])) {
                    open[kept++] = i;
                    continue;
                }
                state[i] = 1;
                debris = unite(debris, boxes[i]);
                grew = true;
            }
            open.resize(kept);
        }
        if (open.empty()) break;
        const std::uint32_t pick = open.front();
        open.erase(open.begin());
        std::vector<Cell> shape(objs[pick].begin(), objs[pick].end());
        for (Cell& c : shape) c.x -= boxes[pick].x, c.y -= boxes[pick].y;
        kinds[pick] = run.catalog->classify(shape);
        if (kinds[pick] >= 0) {
            state[pick] = 2;
        } else {
            state[pick] = 1;
            debris = unite(debris, boxes[pick]);
            grew = true;
        }
    }
    std::vector<Cell> doomed;
    for (std::size_t i = 0; i < n; ++i) {
        if (state[i] != 2) continue;
        const ShipKind& k = run.catalog->kind(kinds[i]);
        const Rect& b = boxes[i];
        bool away = debris.empty();
        if (!away) {
            away = (k.dx < 0 && b.x + b.width + kMargin <= debris.x) ||
                   (k.dx > 0 && b.x >= debris.x + debris.width + kMargin) ||
                   (k.dy < 0 && b.y + b.height + kMargin <= debris.y) ||
                   (k.dy > 0 && b.y >= debris.y + debris.height + kMargin);
        }
        if (!away) {
            ++in_flight;
            continue;
        }
        run.removals.push_back({t, kinds[i], b.x, b.y});
        doomed.insert(doomed.end(), objs[i].begin(), objs[i].end());
    }
    if (doomed.empty()) return false;
    run.universe->clear_cells(doomed);
    forget_repeats(run);
    run.last_removal = std::int64_t(t);
    return true;
}

// Keeps the snapshots within `budget` cells in all (a pattern that fills a
// 16384^2 torus has 10^8 cells, 1.6 GB a snapshot): every other one goes,
// the first (generation 0, where the hash replay starts) and the latest
// stay. Replays start further back; the answers do not change.
void thin_snapshots(MethuselahRun& run, std::uint64_t budget) {
    auto total = [&] {
        std::uint64_t n = 0;
        for (const Snapshot& s : run.snapshots) n += s.cells.size();
        return n;
    };
    while (run.snapshots.size() > 2 && total() > budget) {
        std::size_t kept = 1;
        for (std::size_t i = 1; i + 1 < run.snapshots.size(); ++i)
            if (i % 2 == 0) run.snapshots[kept++] = std::move(run.snapshots[i]);
        run.snapshots[kept++] = std::move(run.snapshots.back());
        run.snapshots.resize(kept);
    }
}

// Room between the live cells and the torus edge (cells); throws Regrow or
// the "torus too small" error when it is under kGuard, the distance cells
// can travel at light speed between two sweeps 64 generations apart.
std::int64_t check_edges(const MethuselahRun& run, const std::vector<Cell>& cells, std::uint64_t t,
                         bool auto_torus) {
    const std::int64_t kGuard = guard_of(run.rule);
    if (run.rule.births_on_zero()) return kGuard / light_speed(run.rule);  // the torus fills
    if (cells.empty()) return std::numeric_limits<std::int64_t>::max();
    const Rect b = box_of(cells);
    const std::int64_t w = run.universe->width(), h = run.universe->height();
    const std::int64_t room = std::min({b.x, b.y, w - (b.x + b.width), h - (b.y + b.height)});
    if (room >= kGuard) return room / light_speed(run.rule);
    if (auto_torus) throw Regrow{};
    throw InputError("the " + std::to_string(w) + "x" + std::to_string(h) +
                     " torus is too small for '" + run.name + "': at generation " +
                     std::to_string(t) + " its cells reached the edge (within " +
                     std::to_string(kGuard) +
                     " cells), where they would wrap around and corrupt the result; "
                     "use --torus auto or a larger torus");
}

// The generation of the next sweep after one at t. Sweeps cost object
// extraction and classification of new shapes; stepping costs less, so while
// no ship is in flight (none found short of its deletion margin) the interval
// doubles up to kSnapshot as long as no cell can come within 8 cells of the
// edge at light speed before then. Aligned to the interval, so that every
// multiple of kSnapshot is a sweep. Ships in flight are followed every
// kSweep generations, so they leave as soon as they are far enough. `room`
// is in generations at light speed (check_edges).
std::uint64_t next_sweep_after(std::uint64_t t, std::int64_t room, std::size_t in_flight) {
    std::uint64_t interval = kSweep;
    if (in_flight == 0)
        while (interval * 2 <= kSnapshot && std::int64_t(interval * 2) + 8 <= room) interval *= 2;
    return (t / interval + 1) * interval;
}

void save(const MethuselahRun& run, const std::string& path, std::uint64_t t) {
    Checkpoint cp;
    cp.grid = run.universe->grid();
    cp.rule = run.rule;
    cp.seed = 0;
    cp.generation = t;
    cp.metadata = encode_run(run);
    save_checkpoint(path, cp);
}

std::string describe_trend(const std::vector<std::uint64_t>& pop) {
    if (pop.empty()) return {};
    const std::size_t n = pop.size() - 1;
    const std::size_t a = n - n / 10;
    const double last = double(pop[n]), before = double(pop[a]);
    const double per_k = (n > a) ? (last - before) * 1000.0 / double(n - a) : 0.0;
    std::uint64_t lo = pop[a], hi = pop[a];
    for (std::size_t i = a; i <= n; ++i) lo = std::min(lo, pop[i]), hi = std::max(hi, pop[i]);
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "population %llu at generation %zu; over the last %zu generations it moved from "
                  "%llu to %llu "
                  "(range %llu..%llu, %+.1f per 1000 generations)",
                  (unsigned long long)pop[n], n, n - a, (unsigned long long)pop[a],
                  (unsigned long long)pop[n], (unsigned long long)lo, (unsigned long long)hi,
                  per_k);
    return buf;
}

MethuselahResult run_once(const Grid& pattern, const std::string& name, const Rule& rule,
                          const MethuselahOptions& opt, std::int64_t w, std::int64_t h,
                          bool auto_torus, const Checkpoint* resume) {
    const auto start = std::chrono::steady_clock::now();
    MethuselahRun run;
    run.name = name;
    run.rule = rule;
    run.pattern_hash = pattern.hash();
    run.pattern_width = pattern.width();
    run.pattern_height = pattern.height();
    run.origin_x = (w - pattern.width()) / 2;
    run.origin_y = (h - pattern.height()) / 2;
    run.universe = make_universe(opt.backend, rule, w, h, opt.backend_options);
    run.deterministic = !rule.stochastic();
    // Ships are recognised on the two-state engines' scratch torus; rules
    // beyond them (more states, longer ranges, named rules) keep their ships
    // and stabilise when the whole state repeats (hash of every state plane).
    if (run.deterministic && !rule.births_on_zero() && !rule.needs_multistate_backend())
        run.catalog = std::make_unique<ShipCatalog>(rule);
    run.every_hash = run.deterministic && (!run.catalog || run.universe->signature_is_hash());
    // The signature (or hash) of the current state, appended to the history.
    auto note_signature = [&] {
        run.pop.push_back(run.universe->population());
        run.sig.push_back(run.every_hash ? run.universe->hash() : run.universe->signature());
    };

    std::uint64_t t = 0;
    if (resume) {
        decode_run(resume->metadata, opt.resume_path, run);
        run.universe->load(resume->grid, resume->generation);
        t = resume->generation;
    } else if (pattern.max_state() > 1) {
        // Cells in states beyond 1 (a multi-state pattern): the whole torus
        // through a Grid, which carries every state plane.
        Grid torus(w, h);
        torus.paste(pattern, run.origin_x, run.origin_y);
        run.universe->load(torus, 0);
        note_signature();
    } else {
        std::vector<Cell> cells;
        for (std::int64_t y = 0; y < pattern.height(); ++y)
            for (std::int64_t x = 0; x < pattern.width(); ++x)
                if (pattern.get(x, y)) cells.push_back({run.origin_x + x, run.origin_y + y});
        run.universe->start(cells, 0);
        note_signature();
    }

    MethuselahResult res;
    res.name = name;
    res.rule = rule.to_string();
    res.torus_width = w;
    res.torus_height = h;
    res.simulator = run.universe->name();
    std::uint64_t last_ckpt = t, T = 0, p = 0;
    bool found = false;
    const std::uint64_t first = t;
    for (;;) {
        if (opt.progress && t % 256 == 0 && t != first &&
            !opt.progress({t, run.universe->population()})) {
            if (!opt.checkpoint_path.empty()) save(run, opt.checkpoint_path, t);
            res.interrupted = true;
            break;
        }
        bool removed = false;
        if (t % kSweep == 0 && !opt.checkpoint_path.empty() && opt.checkpoint_every > 0 &&
            t >= last_ckpt + opt.checkpoint_every) {
            save(run, opt.checkpoint_path, t);
            last_ckpt = t;
        }
        if (t % kSweep == 0 && t >= run.next_sweep) {
            const std::vector<Cell> cells = run.universe->cells();
            const std::int64_t room = check_edges(run, cells, t, auto_torus);
            if (run.catalog) {
                // Every kSnapshot generations, and the latest sweep's (the
                // exact lifespan replays from the last one before it).
                if (!run.snapshots.empty() && run.snapshots.back().generation % kSnapshot != 0)
                    run.snapshots.pop_back();
                run.snapshots.push_back({t, cells});
                thin_snapshots(run, opt.snapshot_cells);
            }
            std::size_t in_flight = 0;
            removed = sweep_ships(run, t, cells, in_flight);
            run.next_sweep = next_sweep_after(t, room, in_flight);
        }
        if (!run.deterministic) {
            if (run.universe->population() == 0 && !rule.births_on_zero()) {
                found = true, T = t, p = 1;
                break;
            }
        } else if (!removed) {
            const std::uint64_t period = note_generation(run, t, [&] {
                const std::uint64_t state_hash = run.universe->hash();
                run.hashed.push_back({t, state_hash});
                return state_hash;
            });
            if (period != 0) {
                found = true, T = t, p = period;
                break;
            }
        }
        if (t >= opt.max_gens) break;
        run.universe->step(1);
        ++t;
        note_signature();
    }

    res.generations_run = t;
    if (found) {
        res.stabilised = true;
        res.period = p;
        std::uint64_t L = T;
        Rect debris;
        if (run.catalog && p <= opt.exact_period_limit) {
            std::vector<std::vector<Cell>> phases;
            for (std::uint64_t k = 0; k < p; ++k) {
                if (k) run.universe->step(1);
                phases.push_back(run.universe->cells());
                debris = unite(debris, box_of(phases.back()));
            }
            L = exact_lifespan(run, T, p, phases);
        } else if (run.deterministic) {
            debris = run.universe->grid().bounding_box();  // before a replay moves it
            // Hash history: first t from which hash(t) == hash(t + p) up to T.
            const std::vector<std::uint64_t> hashes =
                run.every_hash ? std::vector<std::uint64_t>(run.sig.begin(),
                                                            run.sig.begin() + std::ptrdiff_t(T + 1))
                               : replay_hashes(run, T);
            L = T - p;
            while (L > 0 && hashes[L - 1] == hashes[L - 1 + p]) --L;
        }
        res.lifespan = L;
        // Past T the remainder repeats with period p: continue the curve a
        // little so that plots show the settled tail.
        const std::uint64_t end = T + std::max<std::uint64_t>(T / 8, 4 * p);
        run.pop.resize(T + 1);
        for (std::uint64_t g = T + 1; g <= end; ++g) run.pop.push_back(run.pop[g - p]);
        res.population = real_population(run, end);
        res.final_population = res.population[L];
        const auto [lo, hi] =
            std::minmax_element(res.population.begin() + std::ptrdiff_t(L), res.population.end());
        res.final_population_min = *lo;
        res.final_population_max = *hi;
        std::map<std::string, std::uint64_t> tally;
        for (const Removal& r : run.removals) ++tally[run.catalog->kind(r.kind).name];
        for (const auto& [k, v] : tally) res.ships_by_kind.push_back({k, v}), res.ships += v;
        if (!debris.empty()) debris.x -= run.origin_x, debris.y -= run.origin_y;
        res.debris = debris;
    } else {
        res.population = real_population(run, t);
        res.trend = describe_trend(res.population);
    }
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return res;
}

}  // namespace

MethuselahResult analyse_methuselah(const Grid& cells, const std::string& name, const Rule& rule,
                                    const MethuselahOptions& opt) {
    if (opt.whole_torus || opt.backend == "hashlife")
        return analyse_torus_lifespan(cells, name, rule, opt);
    const auto start = std::chrono::steady_clock::now();
    const std::int64_t kGuard = guard_of(rule);
    const bool auto_torus = opt.torus_width <= 0 || opt.torus_height <= 0;
    std::int64_t max_auto = kMaxAutoTorus;
    if (rule.needs_multistate_backend()) {
        max_auto = kMaxAutoTorusMultiState;
        while (max_auto < 8 * std::max(cells.width(), cells.height()) + 2 * kGuard &&
               max_auto < kMaxAutoTorus)
            max_auto *= 2;
    }
    const std::int64_t extent = std::max(cells.width(), cells.height());
    std::int64_t w = opt.torus_width, h = opt.torus_height;
    if (auto_torus) {
        w = 2048;
        while (w < 8 * extent + 2 * kGuard && w < max_auto) w *= 2;
        if (extent + 2 * kGuard > w)
            throw InputError("'" + name + "' (" + std::to_string(cells.width()) + "x" +
                             std::to_string(cells.height()) +
                             ") is too large for an automatic torus (at most " +
                             std::to_string(max_auto) + " cells wide): give --torus WxH");
        h = w;
    } else if (cells.width() + 2 * kGuard > w || cells.height() + 2 * kGuard > h) {
        throw InputError(
            "the " + std::to_string(w) + "x" + std::to_string(h) + " torus is too small for '" +
            name + "' (" + std::to_string(cells.width()) + "x" + std::to_string(cells.height()) +
            "): it needs at least " + std::to_string(cells.width() + 2 * kGuard) + "x" +
            std::to_string(cells.height() + 2 * kGuard) + " to leave room around the pattern");
    }
    std::optional<Checkpoint> resume;
    if (!opt.resume_path.empty()) {
        resume = load_checkpoint(opt.resume_path);
        if (resume->rule != rule)
            throw InputError("cannot resume from '" + opt.resume_path +
                             "': it was written for rule " + resume->rule.to_string() + ", not " +
                             rule.to_string());
        w = resume->grid.width();
        h = resume->grid.height();
    }
    for (;;) {
        try {
            MethuselahResult r =
                run_once(cells, name, rule, opt, w, h, auto_torus, resume ? &*resume : nullptr);
            r.seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return r;
        } catch (const Regrow&) {
            resume.reset();  // an uninterrupted run restarts from generation 0 too
            if (w * 2 > max_auto) {
                MethuselahResult r;
                r.name = name;
                r.rule = rule.to_string();
                r.torus_width = w, r.torus_height = h;
                r.trend = "the pattern outgrew the largest automatic torus (" +
                          std::to_string(max_auto) +
                          " cells): it grows without bound or its debris is wider than that";
                if (rule.needs_multistate_backend())
                    r.trend +=
                        " (escaping ships are not removed under rules of more than two "
                        "states or range beyond 1: they count as growth; --whole-torus "
                        "gives the lifespan of a fixed torus)";
                r.seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                return r;
            }
            w *= 2, h *= 2;
        }
    }
}

}  // namespace toroid
