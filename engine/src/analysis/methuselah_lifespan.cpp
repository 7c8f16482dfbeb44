// The exact lifespan: first generation that equals final debris + free ships.
#include <algorithm>
#include <numeric>

#include "methuselah_run.hpp"

namespace toroid::detail {

std::vector<std::uint64_t> real_population(const MethuselahRun& run, std::uint64_t last) {
    std::vector<std::uint64_t> out(
        run.pop.begin(),
        run.pop.begin() + std::ptrdiff_t(std::min<std::uint64_t>(last + 1, run.pop.size())));
    for (const Removal& r : run.removals) {
        const ShipKind& k = run.catalog->kind(r.kind);
        const std::uint64_t q = std::uint64_t(k.period);
        for (std::uint64_t t = r.generation + 1; t < out.size(); ++t)
            out[t] += k.phases[(t - r.generation) % q].size();
    }
    return out;
}

std::uint64_t exact_lifespan(const MethuselahRun& run, std::uint64_t T, std::uint64_t p,
                             const std::vector<std::vector<Cell>>& phases) {
    // Lower bound: from L on, the population (ships included) has period
    // lcm(p, ship periods); walk back from T while it still does.
    const std::vector<std::uint64_t> real = real_population(run, T);
    std::uint64_t pp = p;
    for (const Removal& r : run.removals) {
        pp = std::lcm(pp, std::uint64_t(run.catalog->kind(r.kind).period));
        if (pp > T) break;
    }
    std::uint64_t lo = 0;
    if (pp <= T) {
        lo = T - pp;
        while (lo > 0 && real[lo - 1] == real[lo - 1 + pp]) --lo;
    }
    // Re-run from the last snapshot at or before the bound, comparing states.
    const Snapshot* snap = &run.snapshots.front();
    for (const Snapshot& s : run.snapshots)
        if (s.generation <= lo) snap = &s;
    const std::int64_t w = run.universe->width(), h = run.universe->height();
    std::unique_ptr<Universe> u = make_universe("auto", run.rule, w, h, {1, 0});
    u->start(snap->cells, snap->generation);
    const auto ip = std::int64_t(p);
    std::size_t first_pending = 0;  // removals before it happened before t
    for (std::uint64_t t = snap->generation;; ++t) {
        while (first_pending < run.removals.size() && run.removals[first_pending].generation < t)
            ++first_pending;
        if (t >= lo) {
            const std::int64_t phase = ((std::int64_t(t) - std::int64_t(T)) % ip + ip) % ip;
            std::vector<Cell> expected = phases[std::size_t(phase)];
            for (std::size_t i = first_pending; i < run.removals.size(); ++i) {
                const Removal& r = run.removals[i];
                const auto ship =
                    ShipCatalog::cells_at(run.catalog->kind(r.kind), r.x, r.y,
                                          std::int64_t(r.generation), std::int64_t(t));
                expected.insert(expected.end(), ship.begin(), ship.end());
            }
            std::sort(expected.begin(), expected.end());
            if (u->cells() == expected) return t;
        }
        if (t >= T) return T;  // unreachable in theory: the state at T is the debris itself
        for (std::size_t i = first_pending;
             i < run.removals.size() && run.removals[i].generation == t; ++i) {
            const Removal& r = run.removals[i];
            u->clear_cells(ShipCatalog::cells_at(run.catalog->kind(r.kind), r.x, r.y,
                                                 std::int64_t(t), std::int64_t(t)));
        }
        u->step(1);
    }
}

}  // namespace toroid::detail
