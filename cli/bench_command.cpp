// toroid bench: the standard workloads on every backend present.
//
// Dense workloads count every cell of every generation (the backend is told
// not to skip unchanged tiles, so settled ash costs as much as chaos); the
// sparse workloads run Acorn to its stabilisation on a small and a huge
// torus, with skipping, to show that empty space costs nothing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "command.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/run_options.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/output_file.hpp"

namespace toroid::cli {
namespace {

struct Workload {
    std::string name;
    std::string rule;
    std::int64_t size;
    bool acorn;               // sparse: Acorn at the centre instead of a 50% soup
    bool on_request = false;  // only with --only (minutes of set-up, gigabytes)
};

const std::vector<Workload> kWorkloads = {
    {"life-soup-4096", "B3/S23", 4096, false},
    {"life-soup-16384", "B3/S23", 16384, false},
    {"life-soup-65536", "B3/S23", 65536, false, true},
    {"hex-B2/S34H-4096", "B2/S34H", 4096, false},
    {"vonneumann-B2/S013V-4096", "B2/S013V", 4096, false},
    {"stochastic-B2(1/3)/S12H-4096", "B2(1/3)/S12H", 4096, false},
    // Rules beyond counts run as their table's circuit (rule_circuit.hpp).
    {"isotropic-B2-a/S12-4096", "B2-a/S12", 4096, false},
    {"isotropic-B3/S23-q-4096", "B3/S23-q", 4096, false},
    {"map-random-4096",
     "MAPPoNc1+4eAKOkM5B+oaygstwJrLlk6SnDvu72Lz/O2+yh19DcQGN28S9dP68gzn9z3ZliBET6+uZh+7/3Elo6M4",
     4096, false},
    {"isotropic-hex-4096", "B2o3m/S2pH", 4096, false},
    // Multi-state rules (Generations; 50% soups of state 1): the backends
    // that run them (the CPU's multi-state backend), the others are skipped.
    {"brians-brain-4096", "/2/3", 4096, false},
    {"star-wars-4096", "345/2/4", 4096, false},
    // Larger than Life: Bosco's rule, and range 50 with the same fractions
    // of its 101^2 cells (the cost per cell of a box does not grow with r).
    {"ltl-bosco-4096", "R5,C0,M1,S34..58,B34..45,NM", 4096, false},
    {"ltl-r50-4096", "R50,C0,M1,S2866..4889,B2866..3793,NM", 4096, false},
    // A named rule (a rule table, rules/WireWorld.rule): 50% soups of its
    // states 1..3, chaotic for thousands of generations.
    {"wireworld-4096", "WireWorld", 4096, false},
    {"acorn-1024", "B3/S23", 1024, true},
    {"acorn-16384", "B3/S23", 16384, true},
    {"acorn-65536", "B3/S23", 65536, true},
};

// Sweep workload: many small tori through the batch backends (analysis/sweep.hpp).
constexpr const char* kSweepWorkload = "sweep-life-64";

struct Result {
    std::string backend, workload, rule;
    std::int64_t size;
    std::uint64_t gens;
    double seconds;
    double rate;            // cell updates per second (size^2 x gens / s)
    double gens_rate;       // generations per second
    double soups_rate = 0;  // sweep workload: soups per second (the other rates are 0)
};

bool wanted(const std::vector<std::string>& only, const std::string& name) {
    return only.empty() || std::find(only.begin(), only.end(), name) != only.end();
}

// B3/S23 50% soups on 64x64 tori, each run until it settles or 1000 generations.
Result measure_sweep(const std::string& backend_name, double min_seconds, int threads) {
    const SweepBenchResult r = bench_sweep_life_64(backend_name, threads, min_seconds);
    return Result{r.backend, kSweepWorkload,    "B3/S23", 64, r.soups, r.seconds, 0,
                  0,         r.soups_per_second};
}

// The start: a 50% soup loaded whole, or Acorn written into an empty torus
// (Backend::reset + write_region: no grid of the torus's size).
void start(Backend& b, const Workload& w) {
    if (!w.acorn) {
        b.check_fits(w.size, w.size, 1);
        Grid g(w.size, w.size);
        if (b.rule().named())  // every state of a named rule, e.g. WireWorld's wires
            fill_state_soup(g, 0.5, b.rule().states(), 1);
        else
            fill_soup(g, 0.5, 1);
        b.load(g);
        return;
    }
    b.check_fits(w.size, w.size, 0);
    Grid acorn(7, 3);
    for (auto [x, y] : {std::pair{1, 0}, {3, 1}, {0, 2}, {1, 2}, {4, 2}, {5, 2}, {6, 2}})
        acorn.set(x, y, true);
    b.reset(w.size, w.size);
    b.write_region(acorn, w.size / 2, w.size / 2);
}

Result measure(const std::string& backend_name, const Workload& w, double min_seconds,
               int threads) {
    // Dense workloads are brute force (every cell, every generation); the
    // sparse ones measure what skipping unchanged space buys.
    auto b = frontend::make_backend(backend_name, Rule::parse(w.rule), threads, 1,
                                    /*skip_unchanged=*/w.acorn);
    start(*b, w);
    std::uint64_t gens = 0;
    double seconds = 0;
    if (w.acorn) {
        // Acorn settles at 5206; time the whole run, as an analysis would.
        const auto t0 = std::chrono::steady_clock::now();
        b->step(5206);
        (void)b->population();
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        gens = 5206;
    } else {
        b->step(2);  // warm-up: first allocation, first full steps
        (void)b->population();
        std::uint64_t batch = 1;
        const auto t0 = std::chrono::steady_clock::now();
        while (seconds < min_seconds) {
            b->step(batch);
            (void)b->population();  // synchronises a device backend
            gens += batch;
            seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (seconds < min_seconds / 4) batch *= 2;
        }
    }
    const double cells = double(w.size) * double(w.size);
    return Result{b->describe(),
                  w.name,
                  w.rule,
                  w.size,
                  gens,
                  seconds,
                  cells * double(gens) / seconds,
                  double(gens) / seconds};
}

std::string machine_description() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line, model = "unknown CPU";
    while (std::getline(cpuinfo, line))
        if (line.rfind("model name", 0) == 0) {
            model = line.substr(line.find(':') + 2);
            break;
        }
    return model + ", " + std::to_string(std::thread::hardware_concurrency()) + " hardware threads";
}

std::string markdown_table(const std::vector<Result>& results, const std::string& command) {
    std::ostringstream md;
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    md << "Machine: " << machine_description() << "  \nCommand: `" << command
       << "`  \nDate: " << date << "\n\n";
    md << "| backend | workload | rule | torus | generations | seconds | cell updates/s | "
          "generations/s |\n";
    md << "|---|---|---|---|---:|---:|---:|---:|\n";
    for (const auto& r : results) {
        if (r.soups_rate > 0) continue;  // sweep rows: their own table below
        char line[512];
        std::snprintf(line, sizeof line,
                      "| %s | %s | `%s` | %lldx%lld | %llu | %.3f | %.3g | %.1f |\n",
                      r.backend.c_str(), r.workload.c_str(), r.rule.c_str(),
                      static_cast<long long>(r.size), static_cast<long long>(r.size),
                      static_cast<unsigned long long>(r.gens), r.seconds, r.rate, r.gens_rate);
        md << line;
    }
    bool sweep_header = false;
    for (const auto& r : results) {
        if (r.soups_rate <= 0) continue;
        if (!sweep_header)
            md << "\n| backend | workload | soups (64x64, <= 1000 gens each) | seconds | soups/s "
                  "|\n|---|---|---:|---:|---:|\n";
        sweep_header = true;
        char line[512];
        std::snprintf(line, sizeof line, "| %s | %s | %llu | %.3f | %.3g |\n", r.backend.c_str(),
                      r.workload.c_str(), static_cast<unsigned long long>(r.gens), r.seconds,
                      r.soups_rate);
        md << line;
    }
    return md.str();
}

// Replaces the text between the bench markers of `path` (appends them if absent).
void record(const std::string& path, const std::string& section) {
    const std::string begin = "<!-- toroid bench: begin -->", end = "<!-- toroid bench: end -->";
    std::string text;
    try {
        text = read_text_file(path);
    } catch (const InputError&) {
        text = "# Benchmarks\n\n";
    }
    const std::size_t b = text.find(begin), e = text.find(end);
    const std::string block = begin + "\n" + section + end;
    if (b != std::string::npos && e != std::string::npos && e > b)
        text.replace(b, e + end.size() - b, block);
    else
        text += "\n" + block + "\n";
    write_file_atomic(path, text);
}

struct BenchOptions {
    frontend::RunOptions run;  // --backend (several) --threads
    std::vector<std::string> only;
    double seconds = 1.0;
    bool json = false;
    std::string write;
};

void bench(const BenchOptions& o, const std::string& command) {
    if (!(o.seconds > 0) || o.seconds > 3600)
        throw InputError("--seconds " + std::to_string(o.seconds) +
                         " is invalid: expected a time in (0, 3600]");
    // The table's file, checked before the measurements (output_file.hpp).
    if (!o.write.empty()) check_output_file(o.write, "--write");
    std::vector<std::string> backends =
        o.run.backends.empty() ? backend_registry().available() : o.run.backends;
    if (o.run.backends.empty())  // say which compiled-in backends cannot run here, and why
        for (const auto& name : backend_registry().registered())
            if (std::find(backends.begin(), backends.end(), name) == backends.end())
                std::fprintf(stderr, "toroid bench: skipping backend %s: %s\n", name.c_str(),
                             backend_registry().unusable_reason(name).c_str());
    std::vector<Result> results;
    for (const auto& w : kWorkloads) {
        if (!wanted(o.only, w.name) || (w.on_request && o.only.empty())) continue;
        for (const auto& name : backends) {
            try {
                results.push_back(measure(name, w, o.seconds, o.run.threads));
            } catch (const UnsupportedRule& e) {
                std::fprintf(stderr, "toroid bench: skipping %s on backend %s: %s\n",
                             w.name.c_str(), name.c_str(), e.what());
                continue;
            }
            const Result& r = results.back();
            if (!o.json)
                std::printf(
                    "%-28s %-30s %6lldx%-6lld %8llu gens %8.3f s %10.3g cells/s %10.1f gens/s\n",
                    r.backend.c_str(), r.workload.c_str(), static_cast<long long>(r.size),
                    static_cast<long long>(r.size), static_cast<unsigned long long>(r.gens),
                    r.seconds, r.rate, r.gens_rate);
            std::fflush(stdout);
        }
    }
    if (wanted(o.only, kSweepWorkload)) {
        const std::vector<std::string> batch = batch_backend_registry().available();
        for (const auto& name : backends) {
            if (std::find(batch.begin(), batch.end(), name) == batch.end()) continue;
            results.push_back(measure_sweep(name, o.seconds, o.run.threads));
            const Result& r = results.back();
            if (!o.json)
                std::printf("%-28s %-30s %6lldx%-6lld %8llu soups %7.3f s %10.3g soups/s\n",
                            r.backend.c_str(), r.workload.c_str(), 64LL, 64LL,
                            static_cast<unsigned long long>(r.gens), r.seconds, r.soups_rate);
            std::fflush(stdout);
        }
    }
    if (results.empty()) {
        std::string known;
        for (const auto& w : kWorkloads) known += w.name + ", ";
        throw InputError("no workload matched --only; known workloads: " + known + kSweepWorkload);
    }
    if (o.json) {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& r : results) {
            if (r.soups_rate > 0) {
                j.push_back({{"backend", r.backend},
                             {"workload", r.workload},
                             {"rule", r.rule},
                             {"torus", "64x64"},
                             {"soups", r.gens},
                             {"seconds", r.seconds},
                             {"soups_per_second", r.soups_rate}});
                continue;
            }
            j.push_back({{"backend", r.backend},
                         {"workload", r.workload},
                         {"rule", r.rule},
                         {"size", r.size},
                         {"generations", r.gens},
                         {"seconds", r.seconds},
                         {"cell_updates_per_second", r.rate},
                         {"generations_per_second", r.gens_rate}});
        }
        frontend::print_json(j);
    }
    if (!o.write.empty()) {
        record(o.write, markdown_table(results, command));
        if (!o.json) std::printf("recorded in %s\n", o.write.c_str());
    }
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto o = std::make_shared<BenchOptions>();
    CLI::App* cmd = app.add_subcommand("bench", "Standard workloads on every backend present");
    frontend::RunOptionsSpec run;
    run.backend = frontend::RunOptionsSpec::Backend::Several;
    run.backend_help = "Backends to measure (default: every usable one)";
    run.seed = false;
    frontend::add_run_options(*cmd, o->run, run);
    cmd->add_option("--only", o->only,
                    "Workloads to run (default: all but life-soup-65536, which needs 1.5 GB "
                    "and a minute of set-up)");
    frontend::add_number_option(*cmd, "--seconds", o->seconds,
                                "Minimum time per dense workload (at most 3600)", 0.0, 3600.0)
        ->capture_default_str();
    cmd->add_flag("--json", o->json, "Print the results as JSON");
    cmd->add_option("--write", o->write,
                    "Record the table in this Markdown file (e.g. BENCHMARKS.md)");
    cmd->callback([o] {
        std::string command = "toroid bench";
        for (const auto& b : o->run.backends) command += " --backend " + b;
        for (const auto& w : o->only) command += " --only " + w;
        if (o->seconds != 1.0) command += " --seconds " + CLI::detail::to_string(o->seconds);
        if (!o->write.empty()) command += " --write " + o->write;
        bench(*o, command);
    });
}

}  // namespace toroid::cli
