// A sweep over apgsearch's soups (SoupConfig::root set): every rule's soups
// are Catagolue's hashsoups ROOT + i, each run by the census's runner
// (soup_census.hpp: the unbounded plane, escaping ships counted and
// deleted, ash separated, yl/zz codes), so the object census of a sweep
// equals `toroid census` on the same rule, root and soups. The batch
// backend is not used: a soup on the plane cannot be a fixed torus of a
// batch. Soups are handed to threads one at a time; outcomes depend only on
// (rule, root, symmetry, index, max_gens).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "toroid/analysis/soup_census.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/error.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid {

SoupOutcome hashsoup_outcome(const SoupCensus& c, std::uint64_t index) {
    SoupOutcome o;
    o.index = index;
    o.soup_seed = index;  // the soup's ID is ROOT + index
    o.generations = c.generations;
    o.objects = c.objects;
    if (c.settled) {
        o.settled_at = c.generations;
        o.period = c.period;
        o.cls = c.objects.empty()     ? SoupClass::Dies
                : c.ships_removed > 0 ? SoupClass::Ships
                                      : SoupClass::Stable;
    } else {
        const bool explosive =
            std::find(c.objects.begin(), c.objects.end(), "zz_EXPLOSIVE") != c.objects.end() ||
            std::find(c.objects.begin(), c.objects.end(), "zz_QUADRATIC") != c.objects.end();
        o.cls = explosive ? SoupClass::Explosive : SoupClass::Chaotic;
    }
    return o;
}

SweepStats run_hashsoup_sweep(const RuleFamily& family, const RuleIndexSet& rule_indices,
                              const SweepOptions& o,
                              const std::function<void(const RuleCensus&)>& on_rule,
                              const std::function<void(const SweepProgress&)>& on_progress) {
    using Clock = std::chrono::steady_clock;
    CensusOptions co;
    co.symmetry = o.soup.symmetry;
    co.max_generations = o.soup.max_gens;
    const unsigned threads = unsigned(std::max<std::uint64_t>(
        1, std::min<std::uint64_t>(o.threads > 0 ? unsigned(o.threads) : unsigned(usable_cores()),
                                   o.soups)));
    SweepStats stats;
    stats.backend = "census (cpu)";
    SweepProgress progress;
    progress.rules_total = rule_indices.size();
    const auto t0 = Clock::now();
    for (std::uint64_t k = 0; k < rule_indices.size(); ++k) {
        const Rule rule = family.rule(rule_indices.at(k));
        SoupCensusRunner probe(rule, co);  // InputError for rules the census cannot run
        std::vector<SoupOutcome> outcomes(std::size_t(o.soups));
        std::atomic<std::uint64_t> next{0};
        std::atomic<bool> stopped{false};
        std::exception_ptr error;
        std::mutex error_mutex;
        auto work = [&] {
            try {
                SoupCensusRunner runner(rule, co);
                for (;;) {
                    const std::uint64_t i = next.fetch_add(1);
                    if (i >= o.soups) break;
                    outcomes[std::size_t(i)] =
                        hashsoup_outcome(runner.run(soup_seed_text(o.soup.root, i)), i);
                    if (o.stop_requested && (i % 16) == 15 && o.stop_requested()) {
                        stopped = true;
                        next = o.soups;
                    }
                }
            } catch (...) {
                std::lock_guard lock(error_mutex);
                if (!error) error = std::current_exception();
                next = o.soups;
            }
        };
        std::vector<std::thread> pool;
        for (unsigned w = 1; w < threads; ++w) pool.emplace_back(work);
        work();
        for (auto& t : pool) t.join();
        if (error) std::rethrow_exception(error);
        if (stopped || (o.stop_requested && o.stop_requested())) {
            stats.stopped = true;
            break;
        }
        on_rule(summarise(rule, rule_indices.at(k), o.soup, outcomes));
        ++progress.rules_done;
        progress.soups_done += o.soups;
        stats.soups += o.soups;
        progress.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (on_progress) on_progress(progress);
    }
    stats.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return stats;
}

}  // namespace toroid
