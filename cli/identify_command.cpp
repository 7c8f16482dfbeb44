// toroid identify FILE|NAME|-: what a pattern is (kind, period, displacement, speed).
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/generation_count.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/pattern_lookup.hpp"
#include "toroid/frontend/run_options.hpp"

namespace toroid::cli {
namespace {

frontend::RunOptions seed_zero() {
    frontend::RunOptions run;
    run.seed = 0;
    return run;
}

struct IdentifyCliOptions {
    std::string pattern = "-";
    std::optional<std::string> rule;
    std::string max_gens = "4096";           // exact: 10^9, 2^40 (core/generation_count.hpp)
    frontend::RunOptions run = seed_zero();  // --seed, 0 unless given; --backend, --memory
    bool json = false;
    std::string torus;
    bool whole_torus = false;
    bool objects = false;  // also the census's separation of what it settles into
};

// What the pattern leaves, separated into objects as `toroid census` separates
// a soup's ash (analysis/soup_census.hpp): apgcode -> count.
std::map<std::string, std::uint64_t> settled_objects(const Grid& cells, const Rule& rule) {
    SoupCensusRunner runner(rule, CensusOptions{});
    std::map<std::string, std::uint64_t> counts;
    for (const std::string& code : runner.run_pattern(cells).objects) ++counts[code];
    return counts;
}

void identify_command(const IdentifyCliOptions& o) {
    if (o.pattern == "-" && isatty(0))
        throw InputError("no pattern: give a FILE or a library NAME, or pipe an RLE to stdin");
    frontend::NamedPattern in = frontend::find_pattern(o.pattern);  // "-": standard input
    const std::uint64_t max_gens = parse_generation_count(o.max_gens, "--max-gens");
    if (max_gens == 0) throw InputError("--max-gens 0: expected at least 1 generation");
    const Rule rule =
        (o.rule ? Rule::parse(*o.rule) : in.pattern.rule.value_or(Rule())).with_torus(std::nullopt);
    IdentifyOptions io;
    io.max_generations = max_gens;
    io.seed = o.run.seed;
    io.backend = o.run.backend;
    io.memory_bytes = o.run.memory_mib << 20;
    io.whole_torus = o.whole_torus;
    if (!o.torus.empty()) {
        const frontend::Size s = frontend::parse_size(o.torus, "--torus");
        io.torus_width = s.width;
        io.torus_height = s.height;
    }
    const Identification id = identify(in.pattern.cells, rule, io);
    if (o.json) {
        nlohmann::json j{{"pattern", in.name},
                         {"rule", rule.to_string()},
                         {"kind", id.kind},
                         {"period", id.period},
                         {"dx", id.dx},
                         {"dy", id.dy},
                         {"speed", id.speed},
                         {"settles_at", id.settles_at},
                         {"population", {{"min", id.population_min}, {"max", id.population_max}}},
                         {"bounding_box", {{"width", id.width}, {"height", id.height}}},
                         {"heat", id.heat},
                         {"generations", id.generations}};
        if (!id.code.empty()) j["apgcode"] = id.code;
        if (id.bounded) j["bounded_torus"] = true;
        if (o.objects) j["objects"] = settled_objects(in.pattern.cells, rule);
        frontend::print_json(j);
        return;
    }
    std::printf("pattern     %s\n", in.name.c_str());
    std::printf("rule        %s\n", rule.to_string().c_str());
    std::printf("kind        %s\n", id.kind.c_str());
    if (id.period) std::printf("period      %llu\n", (unsigned long long)id.period);
    if (id.dx || id.dy)
        std::printf("moves       (%lld, %lld) per period, %s\n", (long long)id.dx, (long long)id.dy,
                    id.speed.c_str());
    if (id.settles_at)
        std::printf("settles at  generation %llu\n", (unsigned long long)id.settles_at);
    std::printf("population  %llu..%llu\n", (unsigned long long)id.population_min,
                (unsigned long long)id.population_max);
    std::printf("box         %lld x %lld\n", (long long)id.width, (long long)id.height);
    std::printf("heat        %.3g\n", id.heat);
    if (!id.code.empty())
        std::printf("apgcode     %s\n", id.code.c_str());
    else if (rule.needs_multistate_backend() &&
             (id.kind == "still" || id.kind == "oscillator" || id.kind == "spaceship"))
        std::printf(
            "apgcode     none (toroid writes Catagolue's codes for rules of range 1, "
            "two-state or Generations, only)\n");
    if (o.objects) {
        std::printf("objects    ");
        for (const auto& [code, n] : settled_objects(in.pattern.cells, rule))
            std::printf(" %llu x %s", (unsigned long long)n, code.c_str());
        std::printf("\n");
    }
}

}  // namespace

void add_identify_command(CLI::App& app) {
    auto o = std::make_shared<IdentifyCliOptions>();
    CLI::App* cmd = app.add_subcommand(
        "identify", "Identify a pattern: still life, oscillator, spaceship, gun, replicator...");
    cmd->add_option("PATTERN", o->pattern,
                    "Pattern file, library name (glider, pulsar, ...), or - for an RLE on stdin")
        ->capture_default_str();
    cmd->add_option("--rule", o->rule, "Rule (default: the pattern's, else B3/S23)");
    frontend::add_generations_option(*cmd, "--max-gens", o->max_gens,
                                     "Generations to look for a repeat", 1)
        ->capture_default_str();
    frontend::RunOptionsSpec run;
    run.backend_help =
        "auto (the plane); hashlife, or --whole-torus: the whole torus's period and the "
        "generation it settles at (through node identity on hashlife)";
    run.threads = false;
    run.memory = true;
    run.seed_help = "Seed of a stochastic rule's draws";
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_flag("--json", o->json, "Print the result as JSON");
    cmd->add_flag("--objects", o->objects,
                  "Also list the objects it settles into, separated as toroid census does");
    cmd->add_flag("--whole-torus", o->whole_torus, "Identify the whole torus, not the plane");
    cmd->add_option("--torus", o->torus,
                    "With a whole torus: its size WxH (default: the pattern's)");
    cmd->callback([o] { identify_command(*o); });
}

}  // namespace toroid::cli
