#include "toroid/analysis/selftest.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>

#include "toroid/core/backend.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/reference_stepper.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/core/splitmix64.hpp"
#include "toroid/cpu/thread_pool.hpp"

namespace toroid {
namespace {

constexpr std::pair<std::int64_t, std::int64_t> kSizes[] = {{1, 1},  {2, 3},  {3, 1},  {5, 7},
                                                            {63, 4}, {64, 3}, {65, 5}, {130, 2}};

// A random start for a rule of more than two states: the soup's live cells
// (state 1), and a quarter of the others in a random dying state 2.., so
// that decay and "dying counts as dead" are exercised from generation 1.
void add_dying_states(Grid& g, int states, std::uint64_t seed) {
    if (states <= 2) return;
    g.set_state_planes(Grid::planes_for_states(states));
    SplitMix64 rng{seed};
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t c = 0; c < g.width(); ++c) {
            const std::uint64_t r = rng.next();
            if (!g.get(c, y) && r % 4 == 0) g.set_state(c, y, 2 + int((r >> 8) % (states - 2)));
        }
}

}  // namespace

double selftest_seconds_at_least(std::uint64_t rules, int threads) {
    const double workers = threads > 0 ? double(threads) : double(ThreadPool::hardware_threads());
    return double(rules) / (kSelftestRulesPerSecond * std::max(1.0, workers));
}

SelftestReport run_selftest(const RuleFamily& family, const RuleIndexSet& indices,
                            const SelftestOptions& o,
                            const std::function<void(std::uint64_t)>& progress) {
    SelftestReport report;
    const std::vector<std::string> backends =
        o.backends.empty() ? backend_registry().available() : o.backends;
    const std::vector<std::string> batch_backends =
        o.batch_backends.empty() ? batch_backend_registry().available() : o.batch_backends;
    for (const auto& b : backends) report.backends.push_back(b);
    for (const auto& b : batch_backends) report.backends.push_back("batch:" + b);
    std::vector<std::unique_ptr<BatchBackend>> batchers;
    for (const auto& b : batch_backends)
        batchers.push_back(create_batch_backend(b, BatchOptions{1}));
    // Fail on a bad backend name before any work.
    for (const auto& b : backends) (void)create_backend(b, Rule(), BackendOptions{1, o.seed, true});

    std::mutex mutex;
    std::uint64_t done = 0;
    // Which of report.backends checked something (backends that refuse a
    // multi-state rule, and the batch engines, pass such families over).
    std::vector<char> used(report.backends.size(), 0);
    const auto t0 = std::chrono::steady_clock::now();
    ThreadPool pool(o.threads);
    auto fail = [&](const Rule& rule, const std::string& backend, std::int64_t w, std::int64_t h,
                    std::uint64_t gen) {
        std::lock_guard lock(mutex);
        ++report.failure_count;
        if (report.failures.size() < 20)
            report.failures.push_back({rule.to_string(), backend, w, h, gen});
    };
    pool.run(indices.size(), [&](std::size_t task) {
        const Rule rule = family.rule(indices.at(task));
        // Rules beyond two states or range 1 run on the backends that take
        // them (the multi-state CPU backend; the others refuse them with
        // UnsupportedRule) and on no batch engine (they compile their rules).
        const bool multi = rule.needs_multistate_backend();
        const CompiledRule compiled = multi ? CompiledRule{} : rule.compile();
        std::uint64_t checks = 0;
        std::vector<char> took(used.size(), 0);
        for (auto [w, h] : kSizes) {
            Grid start(w, h);
            fill_soup(
                start, 0.5,
                o.seed ^ (indices.at(task) * 0x9e3779b97f4a7c15ULL) ^ std::uint64_t(w * 1000 + h));
            add_dying_states(start, rule.states(),
                             o.seed ^ indices.at(task) ^ std::uint64_t(w * h));
            std::vector<Grid> expected{start};
            for (int g = 0; g < o.generations; ++g)
                expected.push_back(reference_step(expected.back(), rule, o.seed, std::uint64_t(g)));
            std::uint64_t ran = 0;  // backends that took the rule
            for (std::size_t k = 0; k < backends.size(); ++k) {
                const std::string& name = backends[k];
                std::unique_ptr<Backend> b;
                try {
                    b = create_backend(name, rule, BackendOptions{1, o.seed, true});
                } catch (const UnsupportedRule&) {
                    if (multi) continue;
                    throw;
                }
                ++ran;
                took[k] = 1;
                b->load(start);
                for (int g = 1; g <= o.generations; ++g) {
                    b->step(1);
                    ++checks;
                    if (!(b->grid() == expected[std::size_t(g)])) {
                        fail(rule, name, w, h, std::uint64_t(g));
                        break;
                    }
                }
            }
            if (multi && ran == 0) fail(rule, "(no backend runs it)", w, h, 0);
            for (std::size_t k = 0; k < batchers.size() && !multi; ++k) {
                TorusBatch batch(w, h, 1);
                std::copy(start.words().begin(), start.words().end(), batch.torus(0).begin());
                batch.rules[0] = compiled;
                batch.seeds[0] = o.seed;
                BatchHistory history;
                batchers[k]->advance(batch, std::uint64_t(o.generations), history);
                ++checks;
                took[backends.size() + k] = 1;
                Grid last(w, h);
                std::copy(batch.torus(0).begin(), batch.torus(0).end(), last.words().begin());
                bool ok = last == expected.back();
                for (int g = 1; g <= o.generations && ok; ++g)
                    ok = history.hash[std::size_t(g - 1)] == expected[std::size_t(g)].hash() &&
                         history.population[std::size_t(g - 1)] ==
                             expected[std::size_t(g)].population();
                if (!ok)
                    fail(rule, "batch:" + batch_backends[k], w, h, std::uint64_t(o.generations));
            }
        }
        std::lock_guard lock(mutex);
        for (std::size_t k = 0; k < used.size(); ++k) used[k] |= took[k];
        report.checks += checks;
        ++report.rules;
        ++done;
        if (progress && (done % 256 == 0 || done == indices.size())) progress(done);
    });
    if (report.rules > 0) {
        std::vector<std::string> checked;
        for (std::size_t k = 0; k < used.size(); ++k)
            if (used[k]) checked.push_back(report.backends[k]);
        report.backends = std::move(checked);
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace toroid
