// toroid methuselah: lifespans of patterns and soups, with checkpoints.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

#include "command.hpp"
#include "toroid/analysis/methuselah.hpp"
#include "toroid/analysis/methuselah_soups.hpp"
#include "toroid/core/generation_count.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/interrupt_scope.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/pattern_lookup.hpp"
#include "toroid/frontend/progress_line.hpp"
#include "toroid/frontend/run_options.hpp"
#include "toroid/io/chart.hpp"
#include "toroid/io/population_plot.hpp"
#include "toroid/output_file.hpp"

namespace toroid::cli {
namespace {

struct Options {
    std::vector<std::string> patterns;
    std::optional<std::string> rule;
    std::string max_gens = "100000";  // exact: 10^9, 2^40 (core/generation_count.hpp)
    std::string torus = "auto";
    frontend::RunOptions run;  // --backend --threads --seed --memory
    bool whole_torus = false;
    bool json = false;
    std::string plot;
    std::optional<std::string> soup;
    double density = 0.5;
    std::uint64_t first = 0;
    std::uint64_t count = 1;
    std::uint64_t top = 10;
    std::string checkpoint;
    std::uint64_t every = 0;
    std::string resume;
};

// The run's progress callback: the progress line (generation, population,
// generations per second) and Ctrl-C, which stops the run cleanly.
struct Progress {
    frontend::ProgressLine line;
    std::string label;
    std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
    std::uint64_t last_gen = 0;

    bool operator()(const MethuselahProgress& p) {
        if (frontend::InterruptScope::requested()) return false;
        if (!line.enabled() || !line.due(0.2)) return true;
        const auto now = std::chrono::steady_clock::now();
        const double dt = std::chrono::duration<double>(now - last).count();
        char text[160];
        std::snprintf(text, sizeof text, " generation %llu  population %llu  %.0f gens/s",
                      (unsigned long long)p.generation, (unsigned long long)p.population,
                      dt > 0 ? double(p.generation - last_gen) / dt : 0.0);
        line.show(label + text);
        last = now, last_gen = p.generation;
        return true;
    }
    void start(const std::string& new_label) {
        label = new_label;
        last = std::chrono::steady_clock::now(), last_gen = 0;
    }
};

std::string ships_text(const MethuselahResult& r) {
    std::string s = std::to_string(r.ships);
    if (r.ships_by_kind.empty()) return s;
    s += " (";
    for (std::size_t i = 0; i < r.ships_by_kind.size(); ++i)
        s += (i ? ", " : "") + std::to_string(r.ships_by_kind[i].count) + " " +
             r.ships_by_kind[i].name;
    return s + ")";
}

nlohmann::json to_json(const MethuselahResult& r, bool with_curve) {
    nlohmann::json j{{"pattern", r.name},          {"rule", r.rule},
                     {"stabilised", r.stabilised}, {"generations_run", r.generations_run},
                     {"seconds", r.seconds},       {"torus", {r.torus_width, r.torus_height}},
                     {"simulator", r.simulator}};
    if (r.whole_torus) j["whole_torus"] = true;
    if (r.stabilised && r.whole_torus) {
        j["lifespan"] = r.lifespan;
        j["final_population"] = r.final_population;
        if (r.final_range_known)
            j["final_population_range"] = {r.final_population_min, r.final_population_max};
        j["period"] = r.period;
    } else if (r.stabilised) {
        j["lifespan"] = r.lifespan;
        j["final_population"] = r.final_population;
        j["final_population_range"] = {r.final_population_min, r.final_population_max};
        j["period"] = r.period;
        j["escaping_ships"] = r.ships;
        nlohmann::json kinds = nlohmann::json::object();
        for (const auto& k : r.ships_by_kind) kinds[k.name] = k.count;
        j["ships_by_kind"] = kinds;
        j["debris"] = {{"x", r.debris.x},
                       {"y", r.debris.y},
                       {"width", r.debris.width},
                       {"height", r.debris.height}};
    } else {
        j["trend"] = r.trend;
    }
    if (r.interrupted) j["interrupted"] = true;
    if (with_curve) j["population"] = r.population;
    return j;
}

void print_one(const MethuselahResult& r, const std::string& title) {
    std::printf("%-18s %s\n", "pattern", title.c_str());
    std::printf("%-18s %s\n", "rule", r.rule.c_str());
    if (r.stabilised && r.whole_torus) {
        std::printf("%-18s %llu (the whole torus is periodic from then on)\n", "torus lifespan",
                    (unsigned long long)r.lifespan);
        if (r.final_range_known)
            std::printf("%-18s %llu (%llu..%llu over the period)\n", "final population",
                        (unsigned long long)r.final_population,
                        (unsigned long long)r.final_population_min,
                        (unsigned long long)r.final_population_max);
        else
            std::printf("%-18s %llu (at the lifespan; the period is too long to walk)\n",
                        "final population", (unsigned long long)r.final_population);
        std::printf("%-18s %llu\n", "period", (unsigned long long)r.period);
    } else if (r.stabilised) {
        std::printf("%-18s %llu\n", "lifespan", (unsigned long long)r.lifespan);
        std::printf("%-18s %llu (escaping ships included; %llu..%llu from then on)\n",
                    "final population", (unsigned long long)r.final_population,
                    (unsigned long long)r.final_population_min,
                    (unsigned long long)r.final_population_max);
        std::printf("%-18s %llu\n", "period", (unsigned long long)r.period);
        std::printf("%-18s %s\n", "escaping ships", ships_text(r).c_str());
        std::printf("%-18s %lld x %lld at (%lld, %lld) from the pattern's top-left\n", "debris box",
                    (long long)r.debris.width, (long long)r.debris.height, (long long)r.debris.x,
                    (long long)r.debris.y);
    } else if (!r.interrupted) {
        std::printf("%-18s did not stabilise within %llu generations\n", "lifespan",
                    (unsigned long long)r.generations_run);
        std::printf("%-18s %s\n", "trend", r.trend.c_str());
    }
    std::printf("%-18s %llu on a %lldx%lld torus (%s)\n", "generations run",
                (unsigned long long)r.generations_run, (long long)r.torus_width,
                (long long)r.torus_height, r.simulator.c_str());
    std::printf("%-18s %.3f s\n", "time", r.seconds);
}

void print_table(const std::vector<MethuselahResult>& rs) {
    std::printf("%-16s %9s %10s %7s %6s %11s %9s\n", "pattern", "lifespan", "final pop", "period",
                "ships", "debris", "time (s)");
    for (const auto& r : rs) {
        if (r.stabilised) {
            const std::string box =
                std::to_string(r.debris.width) + "x" + std::to_string(r.debris.height);
            std::printf("%-16s %9llu %10llu %7llu %6llu %11s %9.3f\n", r.name.c_str(),
                        (unsigned long long)r.lifespan, (unsigned long long)r.final_population,
                        (unsigned long long)r.period, (unsigned long long)r.ships, box.c_str(),
                        r.seconds);
        } else {
            std::printf("%-16s  did not stabilise within %llu generations %9.3f\n", r.name.c_str(),
                        (unsigned long long)r.generations_run, r.seconds);
        }
    }
}

MethuselahOptions engine_options(const Options& o) {
    MethuselahOptions m;
    m.max_gens = parse_generation_count(o.max_gens, "--max-gens");
    if (m.max_gens < 1) throw InputError("--max-gens 0 is invalid: expected 1 or more generations");
    if (o.torus != "auto") {
        const frontend::Size s = frontend::parse_size(o.torus, "--torus");
        m.torus_width = s.width, m.torus_height = s.height;
    }
    m.backend = o.run.backend;
    m.backend_options = {o.run.threads, 0, true, o.run.memory_mib << 20};
    m.whole_torus = o.whole_torus;
    return m;
}

std::string format_density(double d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", d);
    return buf;
}

int run_soups(const Options& o) {
    if (!o.patterns.empty()) throw InputError("give pattern names or --soup WxH, not both");
    const frontend::Size size = frontend::parse_size(*o.soup, "--soup");
    const Rule rule = o.rule ? Rule::parse(*o.rule) : Rule();
    MethuselahOptions m = engine_options(o);
    m.checkpoint_path = o.checkpoint;  // refused for soups by the search
    m.resume_path = o.resume;
    Progress progress;
    m.progress = [&](const MethuselahProgress& p) { return progress(p); };
    MethuselahSoupSearch search;
    search.width = size.width, search.height = size.height;
    search.density = o.density;
    search.seed = o.run.seed;
    search.first = o.first;
    search.count = o.count;
    search.stop_requested = [] { return frontend::InterruptScope::requested(); };
    search.on_soup = [&](std::uint64_t index, std::uint64_t) {
        progress.start("soup " + std::to_string(index) + ":");
    };
    const MethuselahSoupReport report = search_methuselah_soups(search, rule, m);
    progress.line.clear();
    const std::vector<std::size_t> ranked = longest_soups(report, std::size_t(o.top));
    const std::string rerun = "toroid methuselah --soup " + *o.soup + " --density " +
                              format_density(o.density) + " --rule " + rule.to_string() +
                              (o.run.backend != "auto" ? " --backend " + o.run.backend : "") +
                              (o.whole_torus ? " --whole-torus" : "") + " --seed " +
                              std::to_string(o.run.seed) + " --first ";
    if (o.json) {
        nlohmann::json j{{"soup", *o.soup},
                         {"density", o.density},
                         {"rule", rule.to_string()},
                         {"seed", o.run.seed},
                         {"first", o.first},
                         {"count", report.soups.size()},
                         {"stabilised", report.stabilised}};
        nlohmann::json table = nlohmann::json::array(), longest = nlohmann::json::array();
        for (const MethuselahSoup& s : report.soups) {
            nlohmann::json e = to_json(s.result, false);
            e["soup"] = s.index;
            e["soup_seed"] = s.soup_seed;
            table.push_back(e);
        }
        for (const std::size_t i : ranked) longest.push_back(report.soups[i].index);
        j["soups"] = table;
        j["longest_soups"] = longest;
        frontend::print_json(j);
        return report.interrupted ? 1 : 0;
    }
    std::printf(
        "%llu soups %s, density %g, rule %s, seed %llu: %llu stabilised, mean lifespan %.1f\n",
        (unsigned long long)report.soups.size(), o.soup->c_str(), o.density,
        rule.to_string().c_str(), (unsigned long long)o.run.seed,
        (unsigned long long)report.stabilised, report.mean_lifespan);
    std::printf("%12s %20s %9s %10s %7s %6s %9s\n", "soup", "soup seed", "lifespan", "final pop",
                "period", "ships", "time (s)");
    for (const std::size_t i : ranked) {
        const MethuselahSoup& s = report.soups[i];
        const MethuselahResult& r = s.result;
        if (r.stabilised)
            std::printf("%12llu %20llu %9llu %10llu %7llu %6llu %9.3f\n",
                        (unsigned long long)s.index, (unsigned long long)s.soup_seed,
                        (unsigned long long)r.lifespan, (unsigned long long)r.final_population,
                        (unsigned long long)r.period, (unsigned long long)r.ships, r.seconds);
        else
            std::printf("%12llu %20llu  did not stabilise within %llu generations\n",
                        (unsigned long long)s.index, (unsigned long long)s.soup_seed,
                        (unsigned long long)r.generations_run);
    }
    if (!ranked.empty())
        std::printf("rerun the longest: %s%llu --count 1\n", rerun.c_str(),
                    (unsigned long long)report.soups[ranked.front()].index);
    if (report.interrupted)
        std::fprintf(stderr, "interrupted after %zu soups\n", report.soups.size());
    return report.interrupted ? 1 : 0;
}

int run_patterns(const Options& o) {
    if (o.patterns.empty())
        throw InputError(
            "nothing to analyse: give pattern names or files (e.g. acorn), or --soup WxH");
    if (!o.plot.empty() && o.patterns.size() != 1)
        throw InputError("--plot needs exactly one pattern");
    if (!o.plot.empty() && (o.whole_torus || o.run.backend == "hashlife"))
        throw InputError(
            "--plot draws the plane analysis's population curve: not available for "
            "the lifespan of a whole torus (--whole-torus, --backend hashlife)");
    if ((!o.checkpoint.empty() || !o.resume.empty()) && o.patterns.size() != 1)
        throw InputError("--checkpoint and --resume need exactly one pattern");
    if (o.every > 0 && o.checkpoint.empty()) throw InputError("--every needs --checkpoint FILE");
    // Every file the run will write, checked before it starts (output_file.hpp).
    if (!o.plot.empty()) {
        check_chart_path(o.plot);
        check_output_file(o.plot, "--plot");
    }
    if (!o.checkpoint.empty()) check_output_file(o.checkpoint, "--checkpoint");
    MethuselahOptions m = engine_options(o);
    m.checkpoint_path = o.checkpoint;
    m.checkpoint_every = o.every;
    m.resume_path = o.resume;
    std::vector<frontend::NamedPattern> inputs;
    for (const auto& p : o.patterns) {
        inputs.push_back(frontend::find_pattern(p));  // all names and rules checked before any run
        const Pattern& pattern = inputs.back().pattern;
        if (pattern.refused_rule && !o.rule)
            throw InputError(p + ": " + *pattern.refused_rule +
                             "; give --rule to analyse its cells under a rule toroid simulates");
    }
    std::vector<MethuselahResult> results;
    Progress progress;
    m.progress = [&](const MethuselahProgress& p) { return progress(p); };
    for (const auto& in : inputs) {
        const Rule rule = o.rule ? Rule::parse(*o.rule) : in.pattern.rule.value_or(Rule());
        progress.start(in.name + ":");
        results.push_back(analyse_methuselah(in.pattern.cells, in.name, rule, m));
        progress.line.clear();
        if (results.back().interrupted) break;
    }
    const MethuselahResult& first = results.front();
    if (!o.plot.empty() && !first.interrupted) {
        PlotOptions po;
        if (first.stabilised) po.mark = first.lifespan;
        po.title = first.name + " (" + first.rule + ")";
        write_population_plot(o.plot, first.population, po);
    }
    if (o.json) {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& r : results) j.push_back(to_json(r, false));
        frontend::print_json(results.size() == 1 ? j[0] : j);
    } else if (results.size() == 1) {
        const std::string title =
            inputs[0].pattern.name.empty() || inputs[0].pattern.name == first.name
                ? first.name
                : first.name + " (" + inputs[0].pattern.name + ")";
        print_one(first, title);
    } else {
        print_table(results);
    }
    std::fflush(stdout);
    if (results.back().interrupted) {
        std::fprintf(stderr, "interrupted at generation %llu%s\n",
                     (unsigned long long)results.back().generations_run,
                     o.checkpoint.empty() ? " (no --checkpoint given: nothing saved)"
                                          : ("; checkpoint written to " + o.checkpoint +
                                             ", continue with --resume " + o.checkpoint)
                                                .c_str());
        return 1;
    }
    return 0;
}

}  // namespace

int print_methuselah_table(const std::vector<std::string>& names) {
    Options o;
    o.patterns = names;
    return run_patterns(o);
}

void add_methuselah_commands(CLI::App& app) {
    auto o = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand("methuselah",
                                       "Lifespan of patterns (names from patterns/ or files) or "
                                       "random soups: the generation from which "
                                       "they are still lifes, oscillators and escaping ships");
    cmd->add_option("patterns", o->patterns,
                    "Pattern names (acorn, r-pentomino, ...) or files; several give one table");
    cmd->add_option("--rule", o->rule, "Rule (default: the pattern's, else B3/S23)");
    frontend::add_generations_option(*cmd, "--max-gens", o->max_gens,
                                     "Give up after this many generations (default 100000)", 1);
    cmd->add_option("--torus", o->torus,
                    "Torus WxH, or auto (sized from the pattern, grown as its debris grows)");
    frontend::RunOptionsSpec run;
    run.backend_help =
        "auto or cpu (the CPU backend's small tiles), cuda; sparse = cpu; hashlife: the lifespan "
        "of the whole torus (--torus WxH, powers of two)";
    run.memory = true;
    run.seed_help =
        "Seed of the soups: soup i is the sweep's soup i of the rule under this seed "
        "(docs/methuselah.md)";
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_flag("--json", o->json, "Print the result as JSON");
    cmd->add_flag("--whole-torus", o->whole_torus,
                  "The lifespan of the whole torus (gliders wrap and crash), not the plane's");
    cmd->add_option("--plot", o->plot, "Write the population curve as a PNG, stabilisation marked");
    cmd->add_option("--soup", o->soup,
                    "Analyse random soups of this size (WxH) instead of patterns");
    frontend::add_number_option(*cmd, "--density", o->density, "Soup density (default 0.5)", 0.0,
                                1.0);
    frontend::add_number_option(*cmd, "--first", o->first, "Number of the first soup (default 0)");
    frontend::add_number_option(*cmd, "--count", o->count,
                                "Number of soups (default 1): soups first .. first+count-1",
                                std::uint64_t(1), std::numeric_limits<std::uint64_t>::max());
    frontend::add_number_option(*cmd, "--top", o->top, "Longest-lived soups to list (default 10)");
    cmd->add_option("--checkpoint", o->checkpoint,
                    "Write checkpoints to FILE (atomically), and on Ctrl-C");
    frontend::add_generations_option(*cmd, "--every", o->every, "Generations between checkpoints");
    cmd->add_option("--resume", o->resume,
                    "Continue from a checkpoint of the same pattern and rule");
    cmd->callback([o] {
        int rc = 0;
        {
            const frontend::InterruptScope ctrl_c;  // Ctrl-C stops the run cleanly
            rc = o->soup ? run_soups(*o) : run_patterns(*o);
        }
        if (rc != 0) {
            std::fflush(nullptr);
            std::exit(rc);
        }
    });
}

}  // namespace toroid::cli
