// toroid run: advance a soup or a pattern on a torus and report.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "command.hpp"
#include "common.hpp"
#include "pattern_lookup.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/pattern_torus.hpp"

namespace toroid::cli {
namespace {

struct RunOptions {
    std::optional<std::string> rule;
    std::string size;
    std::optional<double> soup;
    std::uint64_t seed = 1;
    std::string pattern;
    std::int64_t gens = 100;
    std::string backend = "auto";
    int threads = 0;
    std::string out;
    bool crop = false;
    bool json = false;
};

void run(const RunOptions& o) {
    if (o.soup && !o.pattern.empty())
        throw InputError("give either --soup DENSITY or --pattern FILE, not both");
    if (!o.soup && o.pattern.empty())
        throw InputError("nothing to run: give --soup DENSITY (with --seed S) or --pattern FILE");
    if (o.gens < 0)
        throw InputError("--gens " + std::to_string(o.gens) +
                         " is negative: expected 0 or more generations");
    // Refuse an unwritable --out before the run, not after it.
    if (!o.out.empty()) check_writable_pattern_path(o.out);

    std::optional<Pattern> pattern;
    if (!o.pattern.empty()) pattern = find_pattern(o.pattern).pattern;

    // Rule and size: --rule / --size, else the file's, else room (pattern_torus.hpp).
    TorusRequest request;
    if (o.rule) request.rule = Rule::parse(*o.rule);
    if (!o.size.empty()) {
        const Size s = parse_size(o.size, "--size");
        request.size = TorusSize{s.width, s.height};
    }
    request.generations = std::uint64_t(o.gens);
    const TorusChoice choice = choose_torus(pattern ? &*pattern : nullptr, request);
    const Rule rule = choice.rule;
    const Size size{choice.width, choice.height};

    // The backend first: it refuses a torus that it and the loaded grid
    // could not hold together, before either is allocated.
    auto backend = make_backend(o.backend, rule, o.threads, o.seed);
    backend->check_fits(size.width, size.height, 1);
    Grid grid =
        pattern ? place_pattern(*pattern, size.width, size.height) : Grid(size.width, size.height);
    if (!pattern) fill_soup(grid, *o.soup, o.seed);
    backend->load(grid);
    const auto t0 = std::chrono::steady_clock::now();
    backend->step(std::uint64_t(o.gens));
    const std::uint64_t population = backend->population();  // waits for the device too
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::uint64_t hash = backend->hash();
    const double rate = seconds > 0 ? double(grid.cell_count()) * double(o.gens) / seconds : 0.0;

    if (!o.out.empty()) {
        WriteOptions wo;
        wo.crop = o.crop;
        wo.name = pattern && !pattern->name.empty() ? pattern->name : "toroid run";
        wo.comments.push_back("generation " + std::to_string(backend->generation()) +
                              ", population " + std::to_string(population) + ", rule " +
                              rule.to_string());
        write_pattern_file(o.out, backend->grid(), rule, wo);
    }

    if (o.json) {
        nlohmann::json j{{"rule", rule.to_string()},
                         {"width", size.width},
                         {"height", size.height},
                         {"backend", backend->describe()},
                         {"generation", backend->generation()},
                         {"population", population},
                         {"hash", hex64(hash)},
                         {"seconds", seconds},
                         {"cell_updates_per_second", rate}};
        if (!o.out.empty()) j["out"] = o.out;
        if (!choice.note.empty()) j["note"] = choice.note;
        std::cout << j.dump(2) << "\n";
        return;
    }
    std::printf("rule        %s\n", rule.to_string().c_str());
    std::printf("torus       %lld x %lld\n", static_cast<long long>(size.width),
                static_cast<long long>(size.height));
    if (!choice.note.empty()) std::printf("note        %s\n", choice.note.c_str());
    std::printf("backend     %s\n", backend->describe().c_str());
    std::printf("generation  %llu\n", static_cast<unsigned long long>(backend->generation()));
    std::printf("population  %llu\n", static_cast<unsigned long long>(population));
    std::printf("hash        %s\n", hex64(hash).c_str());
    std::printf("seconds     %.3f\n", seconds);
    std::printf("cells/s     %s\n", format_rate(rate).c_str());
    if (!o.out.empty()) std::printf("written     %s\n", o.out.c_str());
}

}  // namespace

void add_run_command(CLI::App& app) {
    auto o = std::make_shared<RunOptions>();
    CLI::App* cmd = app.add_subcommand("run", "Advance a random soup or a pattern on a torus");
    cmd->add_option(
        "--rule", o->rule,
        "Rule, e.g. B3/S23, B2/S34H, B2(1/3)/S12H (default: the pattern's, else B3/S23)");
    cmd->add_option(
        "--size", o->size,
        "Torus size WIDTHxHEIGHT (default: the rule's :Tw,h, else room for the pattern)");
    cmd->add_option("--soup", o->soup, "Fill the torus with a random soup of this density (0..1)");
    cmd->add_option("--seed", o->seed, "Seed of the soup and of stochastic rules")
        ->capture_default_str();
    cmd->add_option("--pattern", o->pattern,
                    "Pattern file (.rle, .cells, .lif, .mc, each maybe .gz) or library name "
                    "(acorn, glider, ...), "
                    "placed at the centre");
    cmd->add_option("--gens", o->gens, "Generations to run")->capture_default_str();
    cmd->add_option("--backend", o->backend, "cpu, cuda or auto")->capture_default_str();
    cmd->add_option("--threads", o->threads, "CPU threads (0 = all cores)")->capture_default_str();
    cmd->add_option("--out", o->out,
                    "Write the final torus to FILE (.rle, .cells, .lif, .mc; + .gz)");
    cmd->add_flag("--crop", o->crop,
                  "With --out: write the bounding box only, not the whole torus");
    cmd->add_flag("--json", o->json, "Print the result as JSON");
    cmd->callback([o] { run(*o); });
}

}  // namespace toroid::cli
