#include "toroid/analysis/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/error.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid {
namespace {

using Clock = std::chrono::steady_clock;

// One caller of the backend: a batch whose slots are refilled from the
// shared job counter as soups finish.
void run_worker(BatchBackend& backend, const SweepOptions& o, const std::vector<Rule>& rules,
                std::uint64_t jobs, std::atomic<std::uint64_t>& next,
                std::vector<SoupOutcome>& outcomes, std::size_t batch_size,
                std::atomic<bool>& stopped) {
    TorusBatch batch(o.soup.torus_width, o.soup.torus_height, batch_size);
    BatchHistory history;
    std::vector<std::unique_ptr<SoupTracker>> trackers(batch_size);
    std::vector<std::uint64_t> job_of(batch_size, 0);
    bool exhausted = false;
    for (;;) {
        std::size_t active = 0;
        for (std::size_t s = 0; s < batch_size; ++s) {
            if (!trackers[s] && !exhausted) {
                const std::uint64_t j = next.fetch_add(1);
                if (j >= jobs) {
                    exhausted = true;
                } else {
                    trackers[s] = std::make_unique<SoupTracker>(
                        o.soup, rules[std::size_t(j / o.soups)], j % o.soups);
                    trackers[s]->load(batch, s);
                    job_of[s] = j;
                }
            }
            if (!trackers[s]) {  // idle slot: an empty torus under the empty rule
                std::fill(batch.torus(s).begin(), batch.torus(s).end(), 0);
                batch.rules[s] = CompiledRule{};
            }
            active += trackers[s] != nullptr;
        }
        if (active == 0) break;
        // Once the queue is empty, pack the running soups to the front so
        // idle slots cost nothing.
        std::size_t count = batch_size;
        if (exhausted) {
            std::size_t front = 0;
            for (std::size_t s = 0; s < batch_size; ++s) {
                if (!trackers[s]) continue;
                if (s != front) {
                    std::copy(batch.torus(s).begin(), batch.torus(s).end(),
                              batch.torus(front).begin());
                    batch.rules[front] = batch.rules[s];
                    batch.seeds[front] = batch.seeds[s];
                    batch.generations[front] = batch.generations[s];
                    trackers[front].swap(trackers[s]);
                    std::swap(job_of[front], job_of[s]);
                }
                ++front;
            }
            count = front;
        }
        const std::size_t full = batch.count;
        batch.count = count;
        backend.advance(batch, o.chunk, history);
        batch.count = full;
        if (stopped || (o.stop_requested && o.stop_requested())) {
            stopped = true;
            return;
        }
        for (std::size_t s = 0; s < count; ++s) {
            if (!trackers[s]) continue;
            if (trackers[s]->ingest(batch, history, s)) {
                outcomes[std::size_t(job_of[s])] = trackers[s]->outcome();
                trackers[s].reset();
            }
        }
    }
}

}  // namespace

SweepStats run_sweep(const RuleFamily& family, const std::vector<std::uint64_t>& rule_indices,
                     const SweepOptions& o, const std::function<void(const RuleCensus&)>& on_rule,
                     const std::function<void(const SweepProgress&)>& on_progress) {
    if (o.soups == 0) throw InputError("--soups 0: expected at least one soup per rule");
    if (o.chunk == 0) throw InputError("chunk of 0 generations");
    auto backend = create_batch_backend(o.backend, BatchOptions{o.threads});
    const int callers = std::max(1, backend->concurrent_callers());
    const TorusShape shape = TorusShape::of(o.soup.torus_width, o.soup.torus_height);
    const std::size_t batch_size = o.batch ? o.batch : backend->preferred_batch(shape);
    const std::uint64_t per_block_target = std::uint64_t(callers) * batch_size * 4;
    const std::uint64_t rules_per_block =
        std::max<std::uint64_t>(1, (per_block_target + o.soups - 1) / o.soups);

    SweepStats stats;
    stats.backend = backend->name();
    SweepProgress progress;
    progress.rules_total = rule_indices.size();
    const auto t0 = Clock::now();
    for (std::size_t first = 0; first < rule_indices.size(); first += rules_per_block) {
        const std::size_t last =
            std::min<std::size_t>(rule_indices.size(), first + rules_per_block);
        std::vector<Rule> rules;
        for (std::size_t k = first; k < last; ++k) rules.push_back(family.rule(rule_indices[k]));
        const std::uint64_t jobs = std::uint64_t(rules.size()) * o.soups;
        std::vector<SoupOutcome> outcomes;
        outcomes.resize(std::size_t(jobs));
        std::atomic<std::uint64_t> next{0};
        std::atomic<bool> stopped{false};
        const int workers = int(
            std::min<std::uint64_t>(std::uint64_t(callers), (jobs + batch_size - 1) / batch_size));
        std::vector<std::thread> threads;
        std::exception_ptr error;
        std::mutex error_mutex;
        auto work = [&] {
            try {
                run_worker(*backend, o, rules, jobs, next, outcomes, batch_size, stopped);
            } catch (...) {
                std::lock_guard lock(error_mutex);
                if (!error) error = std::current_exception();
                next = jobs;
            }
        };
        for (int w = 1; w < workers; ++w) threads.emplace_back(work);
        work();
        for (auto& t : threads) t.join();
        if (error) std::rethrow_exception(error);
        if (stopped) {
            stats.stopped = true;
            break;
        }
        for (std::size_t r = 0; r < rules.size(); ++r) {
            std::vector<SoupOutcome> mine(outcomes.begin() + std::ptrdiff_t(r * o.soups),
                                          outcomes.begin() + std::ptrdiff_t((r + 1) * o.soups));
            on_rule(summarise(rules[r], rule_indices[first + r], o.soup, mine));
            ++progress.rules_done;
            progress.soups_done += o.soups;
        }
        stats.soups += jobs;
        progress.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (on_progress) on_progress(progress);
    }
    stats.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return stats;
}

std::vector<SoupOutcome> run_soups_unbatched(const Rule& rule, const SoupConfig& config,
                                             std::uint64_t first, std::uint64_t count) {
    std::vector<SoupOutcome> out;
    for (std::uint64_t i = first; i < first + count; ++i) {
        TorusBatch batch(config.torus_width, config.torus_height, 1);
        BatchHistory history;
        SoupTracker tracker(config, rule, i);
        tracker.load(batch, 0);
        for (;;) {
            history.reset(1, 64);
            cpu_batch_advance_scalar(batch, 0, 64, history);
            if (tracker.ingest(batch, history, 0)) break;
        }
        out.push_back(tracker.outcome());
    }
    return out;
}

double estimate_sweep_seconds(const SweepOptions& o, std::uint64_t rules) {
    // A conservative 2e8 cell updates per second per core, every soup to its limit
    // counted at a quarter (most soups settle or explode early).
    const double cores = double(usable_cores());
    const double per_soup =
        double(o.soup.torus_width) * double(o.soup.torus_height) * double(o.soup.max_gens) / 4.0;
    return double(rules) * double(o.soups) * per_soup / (2e8 * cores);
}

SweepBenchResult bench_sweep_life_64(const std::string& backend, int threads, double min_seconds) {
    SweepOptions o;
    o.soup.soup_width = o.soup.soup_height = 64;
    o.soup.torus_width = o.soup.torus_height = 64;
    o.soup.density = 0.5;
    o.soup.max_gens = 1000;
    o.backend = backend;
    o.threads = threads;
    const RuleFamily life = RuleFamily::parse("B3/S23");
    SweepBenchResult r;
    std::uint64_t soups = 256;
    for (;;) {
        o.soups = soups;
        o.soup.seed = r.soups + 1;
        const SweepStats s = run_sweep(life, {0}, o, [](const RuleCensus&) {});
        r.backend = s.backend;
        r.soups += s.soups;
        r.seconds += s.seconds;
        if (r.seconds >= min_seconds) break;
        soups *= 2;
    }
    r.soups_per_second = r.seconds > 0 ? double(r.soups) / r.seconds : 0.0;
    return r;
}

}  // namespace toroid
