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
        const std::size_t q = std::size_t(k.period);
        std::size_t phase = 1 % q;  // of generation t, counted (no division per generation)
        for (std::uint64_t t = r.generation + 1; t < out.size(); ++t) {
            out[t] += k.phases[phase].size();
            if (++phase == q) phase = 0;
        }
    }
    return out;
}

namespace {

// The run again from one of its snapshots, on the run's own universe (its
// planes are mapped and warm already), deleting the recorded ships at the
// generations the run deleted them (after looking at the state, before
// stepping, as the main loop does).
class Replay {
  public:
    Replay(const MethuselahRun& run, const Snapshot& from)
        : run_(run), u_(*run.universe), t_(from.generation) {
        u_.start(from.cells, from.generation);
        skip_done();
    }
    std::uint64_t generation() const { return t_; }
    Universe& universe() { return u_; }
    // Recorded deletions at or after this generation.
    std::size_t first_pending() const { return pending_; }

    void step() {
        for (std::size_t i = pending_;
             i < run_.removals.size() && run_.removals[i].generation == t_; ++i) {
            const Removal& r = run_.removals[i];
            u_.clear_cells(ShipCatalog::cells_at(run_.catalog->kind(r.kind), r.x, r.y,
                                                 std::int64_t(t_), std::int64_t(t_)));
        }
        u_.step(1);
        ++t_;
        skip_done();
    }

  private:
    void skip_done() {
        while (pending_ < run_.removals.size() && run_.removals[pending_].generation < t_)
            ++pending_;
    }
    const MethuselahRun& run_;
    Universe& u_;
    std::uint64_t t_;
    std::size_t pending_ = 0;
};

}  // namespace

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
    Replay replay(run, *snap);
    const auto ip = std::int64_t(p);
    for (;; replay.step()) {
        const std::uint64_t t = replay.generation();
        if (t >= lo) {
            const std::int64_t phase = ((std::int64_t(t) - std::int64_t(T)) % ip + ip) % ip;
            std::vector<Cell> expected = phases[std::size_t(phase)];
            for (std::size_t i = replay.first_pending(); i < run.removals.size(); ++i) {
                const Removal& r = run.removals[i];
                const auto ship =
                    ShipCatalog::cells_at(run.catalog->kind(r.kind), r.x, r.y,
                                          std::int64_t(r.generation), std::int64_t(t));
                expected.insert(expected.end(), ship.begin(), ship.end());
            }
            std::sort(expected.begin(), expected.end());
            if (replay.universe().cells() == expected) return t;
        }
        if (t >= T) return T;  // unreachable in theory: the state at T is the debris itself
    }
}

std::vector<std::uint64_t> replay_hashes(const MethuselahRun& run, std::uint64_t last) {
    Replay replay(run, run.snapshots.front());
    std::vector<std::uint64_t> out(last + 1, 0);
    for (;; replay.step()) {
        out[replay.generation()] = replay.universe().hash();
        if (replay.generation() == last) return out;
    }
}

}  // namespace toroid::detail
