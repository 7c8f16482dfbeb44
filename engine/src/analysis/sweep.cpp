#include "toroid/analysis/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>

#include "toroid/core/grid.hpp"
#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid {
namespace {

using Clock = std::chrono::steady_clock;

// One caller of the backend: a batch whose slots are refilled from the
// shared job counter as soups finish.
// `ingest`: the pool the trackers ingest a chunk on (a backend with one
// caller, such as a GPU, leaves the host's cores to this loop), or null.
void run_worker(BatchBackend& backend, const SweepOptions& o, const std::vector<Rule>& rules,
                std::uint64_t jobs, std::atomic<std::uint64_t>& next,
                std::vector<SoupOutcome>& outcomes, std::size_t batch_size, ThreadPool* ingest,
                std::atomic<bool>& stopped) {
    TorusBatch batch(o.soup.torus_width, o.soup.torus_height, batch_size);
    BatchHistory history;
    std::vector<std::unique_ptr<SoupTracker>> trackers(batch_size);
    std::vector<std::uint64_t> job_of(batch_size, 0);
    std::vector<char> zeroed(batch_size, 0);  // idle slot already empty (stays so under B/S)
    bool exhausted = false;
    for (;;) {
        std::size_t active = 0;
        for (std::size_t s = 0; s < batch_size; ++s) {
            while (!trackers[s] && !exhausted) {
                const std::uint64_t j = next.fetch_add(1);
                const Rule* rule = j < jobs ? &rules[std::size_t(j / o.soups)] : nullptr;
                if (!rule) {
                    exhausted = true;
                } else if (rule->needs_multistate_backend()) {
                    // No batch engine runs it: the soup runs here, on the 2-D backend.
                    outcomes[std::size_t(j)] = run_soup_on_backend(o.soup, *rule, j % o.soups);
                    if (stopped || (o.stop_requested && o.stop_requested())) {
                        stopped = true;
                        return;
                    }
                } else {
                    trackers[s] = std::make_unique<SoupTracker>(o.soup, *rule, j % o.soups);
                    trackers[s]->load(batch, s);
                    job_of[s] = j;
                    zeroed[s] = 0;
                }
            }
            if (!trackers[s] && !zeroed[s]) {  // idle slot: an empty torus under the empty rule
                std::fill(batch.torus(s).begin(), batch.torus(s).end(), 0);
                batch.rules[s] = CompiledRule{};
                zeroed[s] = 1;
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
                    zeroed[s] = 0;  // holds the moved soup's words until zeroed again
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
        // Each slot's tracker reads its own torus and history and writes its
        // own outcome: the slots ingest in parallel when a pool is given.
        auto ingest_range = [&](std::size_t begin, std::size_t end) {
            for (std::size_t s = begin; s < end; ++s) {
                if (!trackers[s]) continue;
                if (trackers[s]->ingest(batch, history, s)) {
                    outcomes[std::size_t(job_of[s])] = trackers[s]->outcome();
                    trackers[s].reset();
                }
            }
        };
        if (ingest && count > 1) {
            const std::size_t parts = std::min<std::size_t>(count, std::size_t(ingest->size()) * 4);
            ingest->run(parts, [&](std::size_t part) {
                ingest_range(count * part / parts, count * (part + 1) / parts);
            });
        } else {
            ingest_range(0, count);
        }
    }
}

// What "auto" means for sweeps: the CPU batch backend, unless a measurement
// on this machine showed another one faster for the job and the user says so
// with TOROID_SWEEP_BACKEND (scripts/gpu-check.sh times a sweep on both). The
// registry's "auto" prefers a GPU, but the CUDA batch path is host-bound
// today (allocations and pageable copies per chunk, single-threaded ingest;
// docs/gpu.md), so it is not picked before it is measured faster.
std::string sweep_backend(const std::string& asked) {
    if (asked != "auto") return asked;
    if (const char* v = std::getenv("TOROID_SWEEP_BACKEND"); v && *v) return v;
    return "cpu";
}

// Rules per block of work: enough (rule, soup) jobs to keep every caller's
// batch filled four times over.
std::uint64_t rules_per_block(const SweepOptions& o, int callers, std::size_t batch) {
    const double target = double(callers) * double(batch) * 4;
    return std::uint64_t(std::max(1.0, std::ceil(target / double(o.soups))));
}

// What a sweep with `batch` tori per caller allocates, by part.
struct SweepBytes {
    double torus = 0, history = 0, slot = 0, ash = 0, outcomes = 0, kept = 0;
    double total(int callers, std::size_t batch) const {
        return double(callers) * (double(batch) * slot + ash) + outcomes + kept;
    }
};

SweepBytes sweep_bytes(const SweepOptions& o, int callers, std::size_t batch,
                       std::uint64_t kept_censuses) {
    SweepBytes b;
    b.torus = canonical_plane_bytes(o.soup.torus_width, o.soup.torus_height);
    // A soup's tracker keeps every generation's population (4 bytes) and
    // finds cycles in a hash table of (hash, generation) grown at half full
    // (up to 4 slots of 12 bytes per generation, and the old table while it
    // grows): up to 64 bytes per generation for a soup that runs to the limit.
    b.history = 64.0 * (double(o.soup.max_gens) + 1);
    b.slot = b.torus + b.history + double(sizeof(SoupTracker) + sizeof(CompiledRule) + 16) +
             12.0 * double(o.chunk);  // the chunk's hashes and populations
    b.ash = 4 * b.torus;              // state, envelope and copies of the ash census
    const double jobs = double(rules_per_block(o, callers, batch)) * double(o.soups);
    b.outcomes = jobs * double(sizeof(SoupOutcome) + sizeof(Rule) / 4);
    b.kept = double(kept_censuses) * census_bytes_at_least();
    return b;
}

SweepPlan plan_for(const BatchBackend& backend, const SweepOptions& o,
                   std::uint64_t kept_censuses) {
    if (o.soups == 0) throw InputError("--soups 0: expected at least one soup per rule");
    check_grid_size(o.soup.torus_width, o.soup.torus_height);
    SweepPlan plan;
    plan.callers = std::max(1, backend.concurrent_callers());
    const TorusShape shape = TorusShape::of(o.soup.torus_width, o.soup.torus_height);
    plan.batch = o.batch ? o.batch : std::max<std::size_t>(1, backend.preferred_batch(shape));
    if (!o.batch) {  // the backend's choice: halved until it fits (results do not change)
        const double budget = 0.9 * double(available_memory_bytes());
        while (plan.batch > 1 && budget > 0 &&
               sweep_bytes(o, plan.callers, plan.batch, kept_censuses)
                       .total(plan.callers, plan.batch) > budget)
            plan.batch /= 2;
    }
    const SweepBytes b = sweep_bytes(o, plan.callers, plan.batch, kept_censuses);
    plan.bytes = b.total(plan.callers, plan.batch);
    const std::string torus = torus_name(o.soup.torus_width, o.soup.torus_height);
    std::string breakdown = std::to_string(plan.callers) + " caller" +
                            (plan.callers == 1 ? "" : "s") + " x " + std::to_string(plan.batch) +
                            (plan.batch == 1 ? " torus" : " tori") + " x (" + human_bytes(b.torus) +
                            " torus + " + human_bytes(b.history) + " of history up to --max-gens " +
                            std::to_string(o.soup.max_gens) +
                            "), 4 torus copies per caller for the ash census, " +
                            human_bytes(b.outcomes) + " of soup outcomes per block";
    if (kept_censuses)
        breakdown += ", " + std::to_string(kept_censuses) +
                     " rules' censuses kept for the table (" + human_bytes(b.kept) + ")";
    std::string advice = o.batch ? "give a smaller --batch, " : "";
    advice += "choose a smaller --torus or --max-gens, fewer --soups";
    if (kept_censuses) advice += ", or sweep the family in shards (--shard i/N, then sweep merge)";
    check_host_memory({plan.bytes, "a sweep of soups on " + torus, breakdown, advice});
    return plan;
}

}  // namespace

double census_bytes_at_least() {
    // The struct, four soups of interest with their texts, a few objects.
    return double(sizeof(RuleCensus) + 4 * (sizeof(SoupOfInterest) + 128) + 256);
}

SweepPlan plan_sweep(const SweepOptions& o, std::uint64_t kept_censuses) {
    const auto backend = create_batch_backend(sweep_backend(o.backend), BatchOptions{o.threads});
    return plan_for(*backend, o, kept_censuses);
}

SweepStats run_sweep(const RuleFamily& family, const RuleIndexSet& rule_indices,
                     const SweepOptions& o, const std::function<void(const RuleCensus&)>& on_rule,
                     const std::function<void(const SweepProgress&)>& on_progress) {
    if (!o.soup.root.empty())
        return run_hashsoup_sweep(family, rule_indices, o, on_rule, on_progress);
    if (o.chunk == 0) throw InputError("chunk of 0 generations");
    auto backend = create_batch_backend(sweep_backend(o.backend), BatchOptions{o.threads});
    const SweepPlan plan = plan_for(*backend, o, 0);  // before anything is allocated
    const int callers = plan.callers;
    const std::size_t batch_size = plan.batch;
    const std::uint64_t block = rules_per_block(o, callers, batch_size);

    // A backend with one caller (a GPU) leaves the cores to the host's share:
    // the trackers ingest each chunk on a pool.
    std::unique_ptr<ThreadPool> ingest_pool;
    if (callers == 1) {
        ingest_pool = std::make_unique<ThreadPool>(o.threads);
        if (ingest_pool->size() < 2) ingest_pool.reset();
    }

    SweepStats stats;
    stats.backend = backend->name();
    bool multistate = false;  // some rule's soups ran on the 2-D backend (run_worker)
    SweepProgress progress;
    progress.rules_total = rule_indices.size();
    const auto t0 = Clock::now();
    for (std::uint64_t first = 0; first < rule_indices.size(); first += block) {
        const std::uint64_t last = std::min<std::uint64_t>(rule_indices.size(), first + block);
        std::vector<Rule> rules;
        for (std::uint64_t k = first; k < last; ++k) {
            rules.push_back(family.rule(rule_indices.at(k)));
            multistate = multistate || rules.back().needs_multistate_backend();
        }
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
                run_worker(*backend, o, rules, jobs, next, outcomes, batch_size, ingest_pool.get(),
                           stopped);
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
            on_rule(summarise(rules[r], rule_indices.at(first + r), o.soup, mine));
            ++progress.rules_done;
            progress.soups_done += o.soups;
        }
        stats.soups += jobs;
        progress.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        if (on_progress) on_progress(progress);
    }
    stats.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    if (multistate) stats.backend += "; rules beyond two states or range 1 on the 2-D cpu backend";
    return stats;
}

std::vector<SoupOutcome> run_soups_unbatched(const Rule& rule, const SoupConfig& config,
                                             std::uint64_t first, std::uint64_t count) {
    std::vector<SoupOutcome> out;
    for (std::uint64_t i = first; i < first + count; ++i) {
        if (rule.needs_multistate_backend()) {
            out.push_back(run_soup_on_backend(config, rule, i));
            continue;
        }
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
