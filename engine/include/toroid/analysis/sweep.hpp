// Sweeping a rule family: every rule's soups through a batch backend.
//
// run_sweep() takes rules (indices into a family, in order), runs `soups`
// soups of each (soup_run.hpp) and calls on_rule with each rule's census in
// the order given, as soon as that rule and all before it are done, so a
// caller can append results to a file and a killed run loses only the rules
// in flight. Work is cut into blocks of rules; within a block every
// (rule, soup) job goes to one of the backend's concurrent callers, each
// keeping a batch of tori busy and refilling a slot as soon as its soup's
// fate is known. A soup's outcome depends only on (seed, rule, index) and
// the configuration, never on the backend, threads or batch size.
//
// Memory is checked before anything is allocated (plan_sweep): every
// caller's batch of tori, each slot's history up to --max-gens (the
// populations and the hash table that finds cycles), the torus copies of
// the ash census, a block's soup outcomes, and the censuses the caller
// keeps for its final table. A batch size the user gave that does not fit
// is refused with the numbers; the backend's own choice is halved until it
// fits (batch size never changes results); a sweep that does not fit even
// with one torus per caller is refused.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "toroid/analysis/census.hpp"
#include "toroid/analysis/rule_family.hpp"
#include "toroid/analysis/rule_index_set.hpp"

namespace toroid {

struct SweepOptions {
    SoupConfig soup;
    std::uint64_t soups = 100;  // per rule
    std::string backend = "auto";
    int threads = 0;
    std::uint64_t chunk = 64;  // generations per batch pass
    std::size_t batch = 0;     // tori per batch; 0 = the backend's preference
    // Polled by the workers (several threads at once) after each batch pass;
    // true stops the sweep: run_sweep returns with SweepStats::stopped after
    // the rules already reported, and drops the rules in flight.
    std::function<bool()> stop_requested;
};

struct SweepProgress {
    std::uint64_t rules_done = 0, rules_total = 0;
    std::uint64_t soups_done = 0;
    double seconds = 0;
};

struct SweepStats {
    std::uint64_t soups = 0;
    double seconds = 0;
    std::string backend;
    bool stopped = false;  // by SweepOptions::stop_requested
    double soups_per_second() const { return seconds > 0 ? double(soups) / seconds : 0.0; }
};

// What a sweep will allocate, checked against the memory check
// (toroid/memory.hpp) before anything is: the batch size it will use
// (options.batch, or the backend's preference, halved until it fits) and the
// backend's name. `kept_censuses` is how many rules' censuses the caller
// keeps in memory until the end (the command's table; 0 for none).
// InputError with the numbers when it does not fit.
struct SweepPlan {
    std::size_t batch = 0;
    int callers = 1;
    double bytes = 0;
};
SweepPlan plan_sweep(const SweepOptions& options, std::uint64_t kept_censuses = 0);

// Bytes a census kept in memory takes at least (the struct and its soups
// of interest), for callers that keep many.
double census_bytes_at_least();

SweepStats run_sweep(const RuleFamily& family, const RuleIndexSet& rule_indices,
                     const SweepOptions& options,
                     const std::function<void(const RuleCensus&)>& on_rule,
                     const std::function<void(const SweepProgress&)>& on_progress = {});

// With options.soup.root set, run_sweep runs apgsearch's soups instead
// (hashsoup_sweep.cpp): soup i of every rule is the hashsoup root + i in
// options.soup.symmetry, run by the census's runner (soup_census.hpp), so its
// objects equal `toroid census`'s on the same soups; the batch backend,
// torus, soup size, density and seed are not used. hashsoup_outcome is how a
// soup's census becomes a sweep outcome: settled with no objects `dies`,
// with ships deleted `ships`, otherwise `stable`; unsettled `explosive` when
// coded zz_EXPLOSIVE or zz_QUADRATIC, otherwise `chaotic` (yl, zz_LINEAR,
// zz_REPLICATOR, PATHOLOGICAL); soup_seed is i.
struct SoupCensus;
SoupOutcome hashsoup_outcome(const SoupCensus& census, std::uint64_t index);
SweepStats run_hashsoup_sweep(const RuleFamily& family, const RuleIndexSet& rule_indices,
                              const SweepOptions& options,
                              const std::function<void(const RuleCensus&)>& on_rule,
                              const std::function<void(const SweepProgress&)>& on_progress);

// Outcomes of soups [first, first + count) of one rule, one at a time on the
// calling thread through the scalar path: what the batched runs must equal.
std::vector<SoupOutcome> run_soups_unbatched(const Rule& rule, const SoupConfig& config,
                                             std::uint64_t first, std::uint64_t count);

// Rough seconds a sweep of `soups` soups will take (for the --yes guard):
// from the torus size and generation limit at a conservative rate.
double estimate_sweep_seconds(const SweepOptions& options, std::uint64_t rules);

// The `toroid bench` workload "sweep-life-64": B3/S23 soups filling 64x64
// tori at 50%, up to 1000 generations each, for at least `min_seconds`.
struct SweepBenchResult {
    std::string backend;
    std::uint64_t soups = 0;
    double seconds = 0;
    double soups_per_second = 0;
};
SweepBenchResult bench_sweep_life_64(const std::string& backend, int threads, double min_seconds);

}  // namespace toroid
