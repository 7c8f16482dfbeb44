// Self-test: every rule of a family on every backend present, against the
// plain reference stepper (core/reference_stepper.hpp).
//
// For each rule, random tori of awkward sizes (1x1, 2x3, 3x1, 5x7, 63x4,
// 64x3, 65x5, 130x2: single cells, tiny tori where neighbours repeat, widths
// around a word) are advanced a few generations by the reference and by
// every 2-D backend (cpu, cuda, ...) and every batch backend, and compared
// generation by generation (the batch backends also by their recorded
// hashes and populations). Rules are spread over threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "toroid/analysis/rule_family.hpp"
#include "toroid/analysis/rule_index_set.hpp"

namespace toroid {

struct SelftestOptions {
    std::uint64_t seed = 1;
    int generations = 3;
    int threads = 0;
    // Backends to check; empty = every usable 2-D and batch backend.
    std::vector<std::string> backends, batch_backends;
};

struct SelftestFailure {
    std::string rule, backend;
    std::int64_t width = 0, height = 0;
    std::uint64_t generation = 0;
};

struct SelftestReport {
    std::uint64_t rules = 0, checks = 0;
    std::vector<SelftestFailure> failures;  // the first few
    std::uint64_t failure_count = 0;
    // What checked at least one rule ("cpu", "batch:cpu", ...): backends that
    // refuse every rule of the family (multi-state rules) are left out.
    std::vector<std::string> backends;
    double seconds = 0;
};

// `indices` are never materialised (a family of 10^12 rules costs no memory).
// A time at least that many rules take (for the command's --yes guard): at
// most kSelftestRulesPerSecond rules per second on each thread, about 40
// times what a loaded 2-core machine checked (1200 rules/s for B[0-8]/S23 on
// 2 threads, 2026-12-01), so a refusal means days, never a minute.
inline constexpr double kSelftestRulesPerSecond = 1e5;
double selftest_seconds_at_least(std::uint64_t rules, int threads);

SelftestReport run_selftest(const RuleFamily& family, const RuleIndexSet& indices,
                            const SelftestOptions& options,
                            const std::function<void(std::uint64_t done)>& progress = {});

}  // namespace toroid
