// toroid selftest --rules FAMILY: every backend against the reference stepper.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "toroid/analysis/selftest.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/frontend/run_options.hpp"

namespace toroid::cli {
namespace {

struct SelftestCliOptions {
    std::string rules = "all-moore";
    std::optional<std::uint64_t> sample;
    frontend::RunOptions run;  // --backend (several) --threads --seed
    int generations = 3;
    bool json = false;
};

void selftest(const SelftestCliOptions& o) {
    if (o.generations < 1 || o.generations > 1000)
        throw InputError("--gens " + std::to_string(o.generations) +
                         " is out of range: expected 1..1000");
    RuleFamily family = RuleFamily::parse(o.rules);
    if (o.sample) family = family.random_sample(*o.sample, o.run.seed);
    std::vector<std::uint64_t> indices(family.size());
    for (std::uint64_t i = 0; i < family.size(); ++i) indices[i] = i;
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
    const SelftestReport r = run_selftest(family, indices, so, [&](std::uint64_t done) {
        progress.show("selftest: " + std::to_string(done) + "/" + std::to_string(indices.size()) +
                      " rules");
    });
    progress.keep();
    if (o.json) {
        nlohmann::json fails = nlohmann::json::array();
        for (const auto& f : r.failures)
            fails.push_back({{"rule", f.rule},
                             {"backend", f.backend},
                             {"width", f.width},
                             {"height", f.height},
                             {"generation", f.generation}});
        std::cout << nlohmann::json{{"family", family.description()},
                                    {"rules", r.rules},
                                    {"checks", r.checks},
                                    {"backends", r.backends},
                                    {"failures", r.failure_count},
                                    {"first_failures", fails},
                                    {"seconds", r.seconds}}
                         .dump(2)
                  << "\n";
    } else {
        std::string names;
        for (const auto& b : r.backends) names += (names.empty() ? "" : ", ") + b;
        std::printf("selftest %s: %llu rules, %llu checks on %s in %.2f s: %llu failures\n",
                    family.description().c_str(), (unsigned long long)r.rules,
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
                    "Family: all-moore, all-hex, all-vonneumann or e.g. B3[678]/S23")
        ->capture_default_str();
    cmd->add_option("--sample", o->sample, "Check only N random rules of the family");
    cmd->add_option("--gens", o->generations, "Generations compared per torus")
        ->capture_default_str();
    frontend::RunOptionsSpec run;
    run.backend = frontend::RunOptionsSpec::Backend::Several;
    run.backend_help = "Backends to check (cpu, cuda, batch:cpu, batch:cuda; default: all present)";
    run.seed_help = "Seed of the random tori and of --sample";
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_flag("--json", o->json, "Print the report as JSON");
    cmd->callback([o] { selftest(*o); });
}

}  // namespace toroid::cli
