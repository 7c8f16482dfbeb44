// `toroid eca`: elementary (1-D) cellular automata.
//
//   toroid eca RULE --width W --steps N [--init SPEC] [--time up|down]
//                   [--format text|png|rle|json] [--out FILE] [--backend auto|cpu|cuda]
//   toroid eca RULE --explain
//   toroid eca --formula "x ^ y ^ z"
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "toroid/atomic_file.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_formula.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/eca/eca_rule.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/generations.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/run_options.hpp"
#include "toroid/io/json_text.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/png_writer.hpp"
#include "toroid/output_file.hpp"

namespace toroid::cli {
namespace {

struct EcaArgs {
    std::string rule_text;
    std::string formula;
    bool explain = false;
    bool json = false;
    bool summary = false;
    std::int64_t width = 80;
    std::int64_t steps = 40;
    std::string init = "center";
    std::string time = "down";
    std::string format;  // empty: from --out's extension, else text
    std::string out;
    frontend::RunOptions run;  // --backend --threads
};

// The space-time diagram: generation g is rows[g], in canonical words.
struct Diagram {
    std::int64_t width = 0;
    std::vector<EcaRing> rows;
};

void check_steps(const EcaArgs& a) {
    if (a.steps < 0)
        throw InputError("--steps " + std::to_string(a.steps) + " is negative; expected 0 or more");
    if (a.width < 1)
        throw InputError("--width " + std::to_string(a.width) + " is invalid; expected at least 1");
}

Diagram simulate(int rule, const EcaArgs& a) {
    check_steps(a);
    auto backend = create_eca_backend(a.run.backend, rule, {a.run.threads});
    // Every generation is kept (the diagram), plus the working ring.
    backend->check_fits(a.width, static_cast<std::uint64_t>(a.steps) + 2);
    Diagram d;
    d.width = a.width;
    d.rows.reserve(static_cast<std::size_t>(a.steps) + 1);
    d.rows.push_back(eca_initial_ring(a.width, a.init));
    EcaRing ring = d.rows.back();
    backend->load(ring);
    for (std::int64_t g = 0; g < a.steps; ++g) {
        backend->step(1);
        backend->read(ring);
        d.rows.push_back(ring);
    }
    return d;
}

// --summary: only the final state's statistics, no diagram kept (for huge rings).
void run_summary(int rule, const EcaArgs& a) {
    check_steps(a);
    auto backend = create_eca_backend(a.run.backend, rule, {a.run.threads});
    backend->check_fits(a.width, 1);
    EcaRing ring = eca_initial_ring(a.width, a.init);
    backend->load(ring);  // upload and start-up are not timed
    ring = EcaRing();     // the backend holds the state now
    backend->synchronize();
    using Clock = std::chrono::steady_clock;
    const Clock::time_point t0 = Clock::now();
    backend->step(a.steps);
    backend->synchronize();
    const Clock::time_point t1 = Clock::now();
    backend->read(ring);
    const std::string description = backend->describe();
    const double seconds = std::chrono::duration<double>(t1 - t0).count();
    const double updates = static_cast<double>(a.width) * static_cast<double>(a.steps);
    const double rate = seconds > 0 ? updates / seconds : 0.0;
    if (a.json) {
        nlohmann::json j;
        j["rule"] = rule;
        j["width"] = a.width;
        j["steps"] = a.steps;
        j["init"] = a.init;
        j["backend"] = description;
        j["population"] = ring.population();
        j["seconds"] = seconds;
        j["cell_updates_per_second"] = rate;
        frontend::print_json(j, 1);
        return;
    }
    std::printf("rule %d, width %lld, %lld steps from %s on %s\n", rule,
                static_cast<long long>(a.width), static_cast<long long>(a.steps), a.init.c_str(),
                description.c_str());
    std::printf("population %llu at generation %lld\n",
                static_cast<unsigned long long>(ring.population()),
                static_cast<long long>(a.steps));
    std::printf(
        "%.3f s, %.3g cell updates per second%s\n", seconds, rate,
        backend->device_resident() ? " (device time; upload and download not counted)" : "");
}

// Display order of the generations: time down = generation 0 on top.
std::vector<std::size_t> display_order(const Diagram& d, bool time_up) {
    std::vector<std::size_t> order(d.rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = time_up ? order.size() - 1 - i : i;
    return order;
}

void write_text_file(const std::string& path, const std::string& text) {
    if (path.empty() || path == "-") {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return;
    }
    write_file_atomic(path, text);  // checked before the run (check_output_file)
}

// --explain / --formula as JSON: the same facts as the text, as fields.
nlohmann::json rule_json(int rule) {
    nlohmann::json j;
    j["rule"] = rule;
    nlohmann::json table = nlohmann::json::object();
    for (int i = 7; i >= 0; --i) {
        const std::string key{char('0' + ((i >> 2) & 1)), char('0' + ((i >> 1) & 1)),
                              char('0' + (i & 1))};
        table[key] = (rule >> i) & 1;
    }
    j["table"] = table;
    j["sum_of_products"] = eca_minimal_sop(rule);
    j["algebraic_normal_form"] = eca_anf(rule);
    j["mirror"] = eca_mirror(rule);
    j["complement"] = eca_complement(rule);
    j["mirror_complement"] = eca_mirror_complement(rule);
    return j;
}

std::string output_format(const EcaArgs& a) {
    if (a.json) return "json";
    if (!a.format.empty()) return a.format;
    auto ends = [&](const char* ext) {
        const std::string e(ext);
        return a.out.size() > e.size() && a.out.compare(a.out.size() - e.size(), e.size(), e) == 0;
    };
    if (ends(".png")) return "png";
    if (ends(".rle")) return "rle";
    if (ends(".json")) return "json";
    return "text";
}

void run_eca(const EcaArgs& a) {
    if (!a.formula.empty()) {
        if (!a.rule_text.empty())
            throw InputError("give either a RULE number or --formula, not both (got \"" +
                             a.rule_text + "\" and --formula \"" + a.formula + "\")");
        const int rule = eca_rule_from_formula(a.formula);
        if (a.json) {
            nlohmann::json j = rule_json(rule);
            j["formula"] = a.formula;
            frontend::print_json(j, 1);
            return;
        }
        std::cout << "formula " << a.formula << "  ->  rule " << rule << "\n\n"
                  << eca_explain(rule);
        return;
    }
    if (a.rule_text.empty())
        throw InputError(
            "toroid eca needs a RULE number 0..255 (or --formula \"...\"); e.g. toroid eca 110 "
            "--width 80 --steps 40");
    const int rule = parse_eca_rule(a.rule_text);
    if (a.explain) {
        if (a.json)
            frontend::print_json(rule_json(rule), 1);
        else
            std::cout << eca_explain(rule);
        return;
    }
    if (a.summary) {
        run_summary(rule, a);
        return;
    }
    const std::string format = output_format(a);
    if (format == "png" && (a.out.empty() || a.out == "-"))
        throw InputError("--format png writes a binary file; give --out FILE.png");
    // The diagram's file, checked before the run (output_file.hpp).
    if (!a.out.empty() && a.out != "-") check_output_file(a.out, "--out");
    const Diagram d = simulate(rule, a);
    const bool up = a.time == "up";
    const auto order = display_order(d, up);
    if (format == "text") {
        std::string text;
        text.reserve(order.size() * (static_cast<std::size_t>(d.width) + 1));
        for (std::size_t g : order) text += d.rows[g].to_string('#', '.') + '\n';
        write_text_file(a.out, text);
    } else if (format == "png") {
        PngWriter png(a.out, d.width, static_cast<std::int64_t>(d.rows.size()),
                      PngWriter::Pixel::Bit1);
        for (std::size_t g : order) png.write_bits(d.rows[g].words());
        png.finish();
    } else if (format == "rle") {
        Grid grid(d.width, static_cast<std::int64_t>(d.rows.size()));
        for (std::size_t y = 0; y < order.size(); ++y) {
            const auto src = d.rows[order[y]].words();
            auto dst = grid.row(static_cast<std::int64_t>(y));
            std::copy(src.begin(), src.end(), dst.begin());
        }
        WriteOptions opts;
        opts.name = "Elementary rule " + std::to_string(rule);
        opts.comments.push_back(
            "Space-time diagram of elementary (1-D) rule " + std::to_string(rule) + ", width " +
            std::to_string(d.width) + ", generations 0.." + std::to_string(a.steps) +
            (up ? " from the bottom row up" : " from the top row down") + ", init " + a.init +
            "; written by toroid eca (the rule line is only a placeholder).");
        write_text_file(a.out, format_rle(grid, std::nullopt, opts));
    } else {  // json
        nlohmann::json j;
        j["rule"] = rule;
        j["width"] = d.width;
        j["steps"] = a.steps;
        j["init"] = a.init;
        auto rows = nlohmann::json::array();
        auto pops = nlohmann::json::array();
        for (const auto& r : d.rows) {
            rows.push_back(r.to_string('1', '0'));
            pops.push_back(r.population());
        }
        j["rows"] = rows;  // generation order (row g = generation g), whatever --time says
        j["population"] = pops;
        write_text_file(a.out, json_text(j, 1) + "\n");
    }
}

}  // namespace

void add_eca_commands(CLI::App& app) {
    auto args = std::make_shared<EcaArgs>();
    CLI::App* cmd = app.add_subcommand(
        "eca", "Elementary (1-D) cellular automata: space-time diagrams, rule tables, formulas");
    cmd->add_option("rule", args->rule_text, "Wolfram rule number 0..255");
    frontend::add_number_option(*cmd, "--width,-w", args->width,
                                "Ring width in cells (>= 1; the ring wraps)", std::int64_t(1),
                                std::numeric_limits<std::int64_t>::max())
        ->capture_default_str();
    frontend::add_generations_option(*cmd, "--steps,-n", args->steps,
                                     "Generations to compute after generation 0")
        ->capture_default_str();
    cmd->add_option("--init", args->init,
                    "center | left | right | random:SEED | a string of 0/1 of --width cells")
        ->capture_default_str();
    cmd->add_option("--time", args->time,
                    "down: generation 0 on top; up: generation 0 at the bottom")
        ->check(CLI::IsMember({"up", "down"}))
        ->capture_default_str();
    cmd->add_option("--format", args->format,
                    "text | png | rle | json (default: from --out's extension, else text)")
        ->check(CLI::IsMember({"text", "png", "rle", "json"}));
    cmd->add_option("--out,-o", args->out, "Output file (default: stdout; required for png)");
    frontend::RunOptionsSpec run;
    run.backend_help = "auto | cpu | cuda (auto: the GPU when one is usable, else the CPU)";
    run.seed = false;
    frontend::add_run_options(*cmd, args->run, run);
    cmd->add_flag(
        "--explain", args->explain,
        "Print the rule's truth table as cell pictures, its Boolean formulas and related rules");
    cmd->add_flag("--summary", args->summary,
                  "Keep no diagram: run all steps at once, print the final population and the "
                  "speed (huge rings)");
    cmd->add_flag("--json", args->json,
                  "JSON output (same as --format json; also for --explain and --formula)");
    cmd->add_option("--formula", args->formula,
                    "Boolean formula in x (left), y (cell), z (right), e.g. \"x ^ y ^ z\": print "
                    "its rule number");
    cmd->callback([args] { run_eca(*args); });
}

}  // namespace toroid::cli
