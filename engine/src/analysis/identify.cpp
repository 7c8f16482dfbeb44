#include "toroid/analysis/identify.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <set>
#include <unordered_map>
#include <vector>

#include "toroid/analysis/canonical_code.hpp"
#include "toroid/analysis/plane.hpp"
#include "toroid/analysis/torus_lifespan.hpp"

namespace toroid {
namespace {

struct Phase {
    Rect box;
    Grid cells;  // cropped to box
    std::uint64_t hash = 0;
    std::uint64_t population = 0;
    // The state of plane cell (x, y): 0 or 1, or 0..255 for multi-state rules.
    int state(std::int64_t x, std::int64_t y) const {
        x -= box.x;
        y -= box.y;
        if (x < 0 || y < 0 || x >= box.width || y >= box.height) return 0;
        return cells.state(x, y);
    }
};

std::uint64_t changed_cells(const Phase& a, const Phase& b) {
    if (a.box.empty() || b.box.empty()) return a.population + b.population;
    const std::int64_t x0 = std::min(a.box.x, b.box.x), y0 = std::min(a.box.y, b.box.y);
    const std::int64_t x1 = std::max(a.box.x + a.box.width, b.box.x + b.box.width);
    const std::int64_t y1 = std::max(a.box.y + a.box.height, b.box.y + b.box.height);
    std::uint64_t n = 0;
    for (std::int64_t y = y0; y < y1; ++y)
        for (std::int64_t x = x0; x < x1; ++x) n += a.state(x, y) != b.state(x, y);
    return n;
}

// Number of copies of `start` (cells at plane (0,0)) in the plane, and the
// displacement of the copy nearest the original other than itself. Copies
// must be disjoint, and their boxes with a ring of one cell around hold
// nothing else: a lump that merely contains the pattern is no copy.
int count_copies(const Plane& plane, const Grid& start, std::int64_t& dx, std::int64_t& dy) {
    const Rect box = plane.bounding_box();
    if (box.empty()) return 0;
    std::int64_t ax = -1, ay = -1;  // first live cell of start, row-major
    for (std::int64_t y = 0; y < start.height() && ax < 0; ++y)
        for (std::int64_t x = 0; x < start.width(); ++x)
            if (start.state(x, y) != 0) {
                ax = x;
                ay = y;
                break;
            }
    const std::int64_t w = start.width(), h = start.height();
    const std::uint64_t pop0 = start.population();
    const Grid now = plane.cells();
    std::vector<std::pair<std::int64_t, std::int64_t>> copies;
    std::set<std::pair<std::int64_t, std::int64_t>> claimed;  // cells of the copies
    for (std::int64_t y = 0; y < now.height(); ++y)
        for (std::int64_t x = 0; x < now.width(); ++x) {
            if (now.state(x, y) == 0) continue;
            const std::int64_t ox = box.x + x - ax, oy = box.y + y - ay;
            bool match = true;
            for (std::int64_t sy = 0; sy < h && match; ++sy)
                for (std::int64_t sx = 0; sx < w && match; ++sx)
                    if (start.state(sx, sy) != plane.state(ox + sx, oy + sy)) match = false;
            if (!match) continue;
            bool disjoint = true;
            for (std::int64_t sy = 0; sy < h && disjoint; ++sy)
                for (std::int64_t sx = 0; sx < w && disjoint; ++sx)
                    if (start.state(sx, sy) != 0 && claimed.count({ox + sx, oy + sy}))
                        disjoint = false;
            if (!disjoint) continue;
            copies.push_back({ox, oy});
            for (std::int64_t sy = 0; sy < h; ++sy)
                for (std::int64_t sx = 0; sx < w; ++sx)
                    if (start.state(sx, sy) != 0) claimed.insert({ox + sx, oy + sy});
        }
    if (copies.size() < 2) return int(copies.size());
    // Live cells in the union of the copies' boxes grown by one.
    std::uint64_t inside = 0;
    for (std::int64_t y = box.y; y < box.y + box.height; ++y)
        for (std::int64_t x = box.x; x < box.x + box.width; ++x) {
            if (!plane.get(x, y)) continue;
            for (auto [cx, cy] : copies)
                if (x >= cx - 1 && x <= cx + w && y >= cy - 1 && y <= cy + h) {
                    ++inside;
                    break;
                }
        }
    if (inside != claimed.size()) return 1;
    (void)pop0;
    std::int64_t best = -1;
    for (auto [cx, cy] : copies) {
        const std::int64_t d = std::abs(cx) + std::abs(cy);
        if (d > 0 && (best < 0 || d < best)) {
            best = d;
            dx = cx;
            dy = cy;
        }
    }
    return int(copies.size());
}

// Linear growth: the smallest P with pop[t] - pop[t-P] = d > 0 for every t
// in the second half of the run (at least four periods).
std::optional<std::pair<std::uint64_t, std::int64_t>> linear_growth(
    const std::vector<std::uint64_t>& pops) {
    const std::uint64_t T = pops.size() - 1;
    for (std::uint64_t P = 1; 4 * P <= T / 2 + P; ++P) {
        const std::int64_t d = std::int64_t(pops[T]) - std::int64_t(pops[T - P]);
        if (d <= 0) continue;
        bool steady = true;
        for (std::uint64_t t = T / 2; t <= T && steady; ++t)
            if (t >= P && std::int64_t(pops[t]) - std::int64_t(pops[t - P]) != d) steady = false;
        if (steady) return std::pair{P, d};
    }
    return std::nullopt;
}

}  // namespace

std::string speed_text(std::int64_t dx, std::int64_t dy, std::uint64_t period) {
    if ((dx == 0 && dy == 0) || period == 0) return "";
    const std::uint64_t ax = std::uint64_t(std::abs(dx)), ay = std::uint64_t(std::abs(dy));
    const std::uint64_t m = std::max(ax, ay);
    if (ax != 0 && ay != 0 && ax != ay)
        return "(" + std::to_string(std::max(ax, ay)) + "," + std::to_string(std::min(ax, ay)) +
               ")c/" + std::to_string(period) + " oblique";
    const std::uint64_t g = std::gcd(m, period);
    const std::uint64_t num = m / g, den = period / g;
    std::string s = (num == 1 ? "" : std::to_string(num)) + "c";
    if (den != 1) s += "/" + std::to_string(den);
    return s + (ax == ay ? " diagonal" : " orthogonal");
}

Identification identify(const Grid& pattern, const Rule& rule, const IdentifyOptions& o) {
    if (o.whole_torus || o.backend == "hashlife") {
        TorusRun run;
        run.backend = o.backend;
        run.width = o.torus_width;
        run.height = o.torus_height;
        run.max_generations = o.max_generations;
        run.backend_options.memory_bytes = o.memory_bytes;
        return identify_on_torus(pattern, rule, run);
    }
    Identification r;
    r.bounded = rule.births_on_zero();
    const Rect b0 = pattern.bounding_box();
    if (b0.empty()) {
        r.kind = "dies";
        return r;
    }
    const Grid start = pattern.crop(b0);
    r.width = b0.width;
    r.height = b0.height;
    Plane plane(start, rule, o.seed);
    const bool exact = !rule.stochastic();
    std::vector<Phase> phases;
    std::vector<std::uint64_t> pops;
    std::unordered_multimap<std::uint64_t, std::uint64_t> seen;
    std::uint64_t stored_bits = 0;
    const std::uint64_t pop0 = start.population();
    for (std::uint64_t t = 0;; ++t) {
        Phase ph;
        ph.box = plane.bounding_box();
        ph.population = plane.population();
        pops.push_back(ph.population);
        r.generations = t;
        if (ph.population == 0) {
            r.kind = "dies";
            r.settles_at = t;
            break;
        }
        ph.cells = plane.cells();
        ph.hash = ph.cells.hash();
        stored_bits += ph.cells.cell_count();
        if (exact) {
            auto [lo, hi] = seen.equal_range(ph.hash);
            std::optional<std::uint64_t> t1;
            for (auto it = lo; it != hi; ++it)
                if (phases[it->second].cells == ph.cells) t1 = it->second;
            if (t1) {
                const Phase& first = phases[*t1];
                r.period = t - *t1;
                r.settles_at = *t1;
                r.dx = ph.box.x - first.box.x;
                r.dy = ph.box.y - first.box.y;
                r.kind = r.dx || r.dy ? "spaceship" : r.period == 1 ? "still" : "oscillator";
                r.speed = speed_text(r.dx, r.dy, r.period);
                std::vector<Grid> orbit;
                std::uint64_t heat = 0;
                r.population_min = first.population;
                for (std::uint64_t k = *t1; k < t; ++k) {
                    orbit.push_back(phases[k].cells);
                    r.population_min = std::min(r.population_min, phases[k].population);
                    r.population_max = std::max(r.population_max, phases[k].population);
                    heat += changed_cells(phases[k], k + 1 < t ? phases[k + 1] : ph);
                }
                r.heat = double(heat) / double(r.period);
                const ObjectKind kind = r.dx || r.dy    ? ObjectKind::Ship
                                        : r.period == 1 ? ObjectKind::Still
                                                        : ObjectKind::Oscillator;
                // Catagolue's codes: two-state range-1 rules and Generations
                // rules (lifelib's layers); the others get none (the CLI then
                // prints no apgcode line).
                if (rule.generations_family())
                    r.code = object_code(kind, r.period, first.population, orbit,
                                         rule.neighbourhood(), rule.states());
                return r;
            }
            seen.emplace(ph.hash, t);
        }
        phases.push_back(std::move(ph));
        if (o.detect_growth && t > 0 && t <= 1024 && pops.back() >= 2 * pop0 &&
            pops.back() <= 64 * pop0 && !r.bounded) {
            std::int64_t dx = 0, dy = 0;
            if (count_copies(plane, start, dx, dy) >= 2) {
                r.kind = "replicator";
                r.period = t;
                r.dx = dx;
                r.dy = dy;
                break;
            }
        }
        if (o.detect_growth && t >= 256 && t % 128 == 0) {
            if (auto g = linear_growth(pops)) {
                const std::uint64_t P = g->first;
                const Phase& a = phases[t];
                const Phase& b = phases[t - P];
                bool core_periodic = true;  // the cells around the original box
                for (std::int64_t y = -4; y < b0.height + 4 && core_periodic; ++y)
                    for (std::int64_t x = -4; x < b0.width + 4; ++x)
                        if (a.state(x, y) != b.state(x, y)) {
                            core_periodic = false;
                            break;
                        }
                r.kind = core_periodic ? "gun" : "growing";
                r.period = P;
                break;
            }
        }
        if (t >= o.max_generations || stored_bits > (std::uint64_t(1) << 28)) {
            r.kind = pops.back() > 2 * pop0 ? "growing" : "unknown";
            break;
        }
        plane.step();
    }
    r.population_min = *std::min_element(pops.begin(), pops.end());
    r.population_max = *std::max_element(pops.begin(), pops.end());
    if (r.kind == "gun" || r.kind == "replicator") {
        std::uint64_t heat = 0;
        const std::uint64_t T = phases.size() - 1;
        const std::uint64_t P = std::min<std::uint64_t>(r.period, T);
        for (std::uint64_t k = T - P; k < T; ++k) heat += changed_cells(phases[k], phases[k + 1]);
        r.heat = P ? double(heat) / double(P) : 0.0;
    }
    return r;
}

}  // namespace toroid
