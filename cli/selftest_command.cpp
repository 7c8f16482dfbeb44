// toroid selftest --rules FAMILY: every backend against the reference stepper.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "toroid/analysis/selftest.hpp"
#include "toroid/analysis/table_selftest.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/frontend/run_options.hpp"

namespace toroid::cli {
namespace {

struct SelftestCliOptions {
    std::string rules = "all-moore";
    std::optional<std::uint64_t> sample;
    frontend::RunOptions run;  // --backend (several) --threads --seed
    int generations = 3;
    bool json = false, yes = false;
};

// "12 minutes", "5.2 hours", "57.9 days".
std::string duration_text(double seconds) {
    char buf[48];
    if (seconds < 7200)
        std::snprintf(buf, sizeof buf, "%.0f minutes", seconds / 60);
    else if (seconds < 172800)
        std::snprintf(buf, sizeof buf, "%.1f hours", seconds / 3600);
    else
        std::snprintf(buf, sizeof buf, "%.3g days", seconds / 86400);
    return buf;
}

void selftest(const SelftestCliOptions& o) {
    if (o.generations < 1 || o.generations > 1000)
        throw InputError("--gens " + std::to_string(o.generations) +
                         " is out of range: expected 1..1000");
    // Random rule tables (named rules) against the plain table matcher.
    const bool tables = o.rules == "tables";
    RuleFamily family = RuleFamily::parse(tables ? "B3/S23" : o.rules);
    if (o.sample && !tables) family = family.random_sample(*o.sample, o.run.seed);
    const std::uint64_t table_count = o.sample.value_or(100);
    if (tables && (table_count < 1 || table_count > 1'000'000))
        throw InputError("--sample " + std::to_string(table_count) +
                         " tables is out of range: expected 1..1000000");
    // Every rule of the family, never materialised (rule_index_set.hpp).
    const RuleIndexSet indices = RuleIndexSet::shard_of(tables ? table_count : family.size());
    const double at_least = selftest_seconds_at_least(family.size(), o.run.threads);
    if (!tables && at_least > 600 && !o.yes)
        throw InputError("family " + family.description() + " has " +
                         std::to_string(family.size()) +
                         " rules: checking them all takes at least " + duration_text(at_least) +
                         " here; check a sample with --sample N (or pass --yes to run it all)");
    SelftestOptions so;
    so.seed = o.run.seed;
    so.generations = o.generations;
    so.threads = o.run.threads;
    for (const auto& b : o.run.backends) {
        if (b.rfind("batch:", 0) == 0)
            so.batch_backends.push_back(b.substr(6));
        else
            so.backends.push_back(b);
    }
    if (!o.run.backends.empty() && so.backends.empty()) so.backends.push_back("cpu");
    if (!o.run.backends.empty() && so.batch_backends.empty()) so.batch_backends.push_back("cpu");
    frontend::ProgressLine progress;
    const auto show = [&](std::uint64_t done) {
        progress.show("selftest: " + std::to_string(done) + "/" + std::to_string(indices.size()) +
                      (tables ? " tables" : " rules"));
    };
    const SelftestReport r = tables ? run_table_selftest(table_count, so, show)
                                    : run_selftest(family, indices, so, show);
    const std::string described = tables ? std::string("tables (random rule tables)")
                                         : family.description();
    progress.keep();
    if (o.json) {
        nlohmann::json fails = nlohmann::json::array();
        for (const auto& f : r.failures)
            fails.push_back({{"rule", f.rule},
                             {"backend", f.backend},
                             {"width", f.width},
                             {"height", f.height},
                             {"generation", f.generation}});
        frontend::print_json({{"family", described},
                              {"rules", r.rules},
                              {"checks", r.checks},
                              {"backends", r.backends},
                              {"failures", r.failure_count},
                              {"first_failures", fails},
                              {"seconds", r.seconds}});
    } else {
        std::string names;
        for (const auto& b : r.backends) names += (names.empty() ? "" : ", ") + b;
        std::printf("selftest %s: %llu rules, %llu checks on %s in %.2f s: %llu failures\n",
                    described.c_str(), (unsigned long long)r.rules,
                    (unsigned long long)r.checks, names.c_str(), r.seconds,
                    (unsigned long long)r.failure_count);
        for (const auto& f : r.failures)
            std::printf("  FAIL %s on %s, %lldx%lld torus, generation %llu\n", f.rule.c_str(),
                        f.backend.c_str(), (long long)f.width, (long long)f.height,
                        (unsigned long long)f.generation);
    }
    if (r.failure_count) throw std::runtime_error("selftest failed");
}

}  // namespace

void add_selftest_command(CLI::App& app) {
    auto o = std::make_shared<SelftestCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "selftest", "Check every backend against the reference stepper over a rule family");
    cmd->add_option("--rules", o->rules,
                    "Family: all-moore, all-hex, all-vonneumann, all-isotropic, all-isotropic-hex, "
                    "all-map, all-map-hex, all-map-vonneumann (huge: with --sample) or e.g. "
                    "B3[678]/S23, B2[aein]3/S23; or 'tables': --sample N random rule tables "
                    "(default 100) against the plain table matcher")
        ->capture_default_str();
    cmd->add_option("--sample", o->sample, "Check only N random rules of the family");
    frontend::add_generations_option(*cmd, "--gens", o->generations,
                                     "Generations compared per torus (1 to 1000)", 1, 1000)
        ->capture_default_str();
    frontend::RunOptionsSpec run;
    run.backend = frontend::RunOptionsSpec::Backend::Several;
    run.backend_help = "Backends to check (cpu, cuda, batch:cpu, batch:cuda; default: all present)";
    run.seed_help = "Seed of the random tori and of --sample";
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->add_flag("--yes", o->yes, "Run even a family that takes more than ten minutes");
    cmd->callback([o] { selftest(*o); });
}

}  // namespace toroid::cli
