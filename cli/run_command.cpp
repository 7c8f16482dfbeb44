// toroid run: advance a soup or a pattern on a torus and report.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "command.hpp"
#include "toroid/core/generation_count.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/start_options.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/pattern_torus.hpp"
#include "toroid/output_file.hpp"

namespace toroid::cli {
namespace {

struct RunOptions {
    frontend::StartOptions start;  // --rule --size --soup --seed --pattern --backend --threads
    std::string gens = "100";      // exact: 10^15, 2^40 (core/generation_count.hpp)
    std::string out;
    bool crop = false;
    bool json = false;
};

void run(const RunOptions& o) {
    const std::uint64_t gens = parse_generation_count(o.gens, "--gens");
    // Refuse an unwritable --out before the run, not after it.
    if (!o.out.empty()) {
        check_writable_pattern_path(o.out);
        check_output_file(o.out, "--out");
    }

    const frontend::StartState st = frontend::resolve_start(o.start, /*require_input=*/true, gens);
    const Rule& rule = st.rule;
    const frontend::Size size = st.size;

    // Refused before anything is allocated; a pattern costs its own size.
    const auto backend = frontend::start_backend(st, o.start);
    const auto t0 = std::chrono::steady_clock::now();
    backend->step(gens);
    const WideCount population = backend->population_wide();  // waits for the device too
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // The hash lets runs on different backends be compared; it costs a pass
    // over the live words, so it is skipped on tori no other backend could
    // hold (more than 2^48 cells: hashlife only).
    const bool hashed = double(size.width) * double(size.height) <= 0x1p48;
    const std::uint64_t hash = hashed ? backend->hash() : 0;
    const double rate =
        seconds > 0 ? double(size.width) * double(size.height) * double(gens) / seconds : 0.0;

    // Multi-state rules: cells per state 0..states-1 (population counts every
    // non-zero state, as Golly's does).
    std::vector<std::uint64_t> per_state;
    if (rule.multi_state()) {
        per_state = backend->grid().state_counts();
        per_state.resize(std::size_t(rule.states()));
    }

    if (!o.out.empty()) {
        WriteOptions wo;
        wo.crop = o.crop;
        wo.name = st.pattern && !st.pattern->pattern.name.empty() ? st.pattern->pattern.name
                                                                  : "toroid run";
        wo.comments.push_back("generation " + std::to_string(backend->generation()) +
                              ", population " + to_string(population) + ", rule " +
                              rule.to_string());
        write_backend_pattern(o.out, *backend, wo);  // hashlife: macrocell from its tree
    }

    if (o.json) {
        nlohmann::json j{
            {"rule", rule.to_string()},
            {"width", size.width},
            {"height", size.height},
            {"backend", backend->describe()},
            {"generation", backend->generation()},
            {"population", population <= kMaxNarrowCount ? nlohmann::json(std::uint64_t(population))
                                                         : nlohmann::json(to_string(population))},
            {"hash", hashed ? nlohmann::json(frontend::hex64(hash)) : nlohmann::json(nullptr)},
            {"seconds", seconds},
            {"cell_updates_per_second", rate}};
        if (!per_state.empty()) {
            j["states"] = rule.states();
            j["state_counts"] = per_state;
        }
        if (!o.out.empty()) j["out"] = o.out;
        if (!st.note.empty()) j["note"] = st.note;
        frontend::print_json(j);
        return;
    }
    std::printf("rule        %s\n", rule.to_string().c_str());
    std::printf("torus       %lld x %lld\n", static_cast<long long>(size.width),
                static_cast<long long>(size.height));
    if (!st.note.empty()) std::printf("note        %s\n", st.note.c_str());
    std::printf("backend     %s\n", backend->describe().c_str());
    std::printf("generation  %llu\n", static_cast<unsigned long long>(backend->generation()));
    std::printf("population  %s\n", to_string(population).c_str());
    if (!per_state.empty()) {
        std::string counts;
        for (std::size_t s = 1; s < per_state.size(); ++s)
            if (per_state[s])
                counts += " " + std::to_string(s) + ":" + std::to_string(per_state[s]);
        std::printf("states      %d (cells per non-zero state:%s)\n", rule.states(),
                    counts.empty() ? " none" : counts.c_str());
    }
    std::printf("hash        %s\n",
                hashed ? frontend::hex64(hash).c_str() : "(not computed on more than 2^48 cells)");
    std::printf("seconds     %.3f\n", seconds);
    std::printf("cells/s     %s\n", frontend::format_rate(rate).c_str());
    if (!o.out.empty()) std::printf("written     %s\n", o.out.c_str());
}

}  // namespace

void add_run_command(CLI::App& app) {
    auto o = std::make_shared<RunOptions>();
    CLI::App* cmd = app.add_subcommand("run", "Advance a random soup or a pattern on a torus");
    frontend::add_start_options(*cmd, o->start);
    frontend::add_generations_option(*cmd, "--gens", o->gens,
                                     "Generations to run (exact: 1000000, 10^15, 2^40, 3e9)")
        ->capture_default_str();
    cmd->add_option("--out", o->out,
                    "Write the final torus to FILE (.rle, .cells, .lif, .mc; + .gz)");
    cmd->add_flag("--crop", o->crop,
                  "With --out: write the bounding box only, not the whole torus");
    cmd->add_flag("--json", o->json, "Print the result as JSON");
    cmd->callback([o] { run(*o); });
}

}  // namespace toroid::cli
