// toroid info: what a pattern file holds.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <vector>

#include "command.hpp"
#include "toroid/frontend/json_output.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/pattern_torus.hpp"

namespace toroid::cli {
namespace {

std::string rule_text(const Pattern& p) {
    if (p.refused_rule) return p.rule_text + " (refused: " + *p.refused_rule + ")";
    return p.rule ? p.rule->to_string() : "(none given; B3/S23 is assumed)";
}

void info(const std::string& path, bool json) {
    const Pattern p = read_pattern_file(path);
    Rect box = p.cells.bounding_box();
    std::int64_t width = p.cells.width(), height = p.cells.height();
    WideCount population = p.cells.population();
    if (p.tree) {  // a whole torus too large for a grid: counted on the file's tree
        const TorusSize t = p.rule->torus().value();
        width = t.width, height = t.height;
        const MacrocellSummary s = summarize_macrocell(*p.tree);
        population = s.population;
        box = s.has_box
                  ? Rect{s.x0 + t.width / 2, s.y0 + t.height / 2, s.x1 - s.x0 + 1, s.y1 - s.y0 + 1}
                  : Rect{};
    }
    const nlohmann::json population_json = population <= kMaxNarrowCount
                                               ? nlohmann::json(std::uint64_t(population))
                                               : nlohmann::json(to_string(population));
    const std::string topology = describe_topology(p);
    // Cell states: the rule's (2 when none is given), and the cells per state.
    const int states = p.rule ? p.rule->states() : 2;
    std::vector<std::uint64_t> per_state;
    if (states > 2 || p.cells.state_planes() > 0) {
        per_state = p.cells.state_counts();
        per_state.resize(std::size_t(std::max(states, p.cells.max_state() + 1)));
    }
    if (json) {
        nlohmann::json j{
            {"file", path},
            {"format", format_name(p.format)},
            {"compression", p.compressed ? "gzip" : "none"},
            {"name", p.name},
            {"width", width},
            {"height", height},
            {"population", population_json},
            {"rule", p.rule ? nlohmann::json(p.rule->to_string()) : nlohmann::json(nullptr)},
            {"rule_in_file",
             p.rule_text.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.rule_text)},
            {"rule_refused",
             p.refused_rule ? nlohmann::json(*p.refused_rule) : nlohmann::json(nullptr)},
            {"topology", topology},
            {"whole_torus", p.whole_torus},
            {"comments", p.comments}};
        if (!p.generation.empty()) j["generation"] = p.generation;
        if (p.rule && p.rule->named()) {
            const StateRule& r = *p.rule->state_rule();
            j["rule_origin"] = r.origin();
            j["rule_neighbourhood"] = to_string(r.neighbourhood());
        }
        j["states"] = states;
        if (!per_state.empty()) j["state_counts"] = per_state;
        j["bounding_box"] =
            box.empty()
                ? nlohmann::json(nullptr)
                : nlohmann::json{
                      {"x", box.x}, {"y", box.y}, {"width", box.width}, {"height", box.height}};
        frontend::print_json(j);
        return;
    }
    std::printf("file          %s\n", path.c_str());
    std::printf("format        %s%s\n", format_name(p.format),
                p.compressed ? ", gzip-compressed" : "");
    if (!p.name.empty()) std::printf("name          %s\n", p.name.c_str());
    std::printf("size          %lld x %lld%s\n", static_cast<long long>(width),
                static_cast<long long>(height), p.whole_torus ? " (a whole torus)" : "");
    std::printf("population    %s\n", to_string(population).c_str());
    std::printf("rule          %s\n", rule_text(p).c_str());
    if (p.rule && p.rule->named()) {  // where the named rule was found
        const StateRule& r = *p.rule->state_rule();
        std::printf("rule from     %s (%s neighbourhood)\n", r.origin().c_str(),
                    to_string(r.neighbourhood()));
    }
    std::printf("topology      %s\n", topology.c_str());
    std::printf("states        %d", states);
    if (!per_state.empty()) {
        std::printf(" (cells per non-zero state:");
        for (std::size_t s = 1; s < per_state.size(); ++s)
            if (per_state[s])
                std::printf(" %zu:%llu", s, static_cast<unsigned long long>(per_state[s]));
        std::printf(")");
    }
    std::printf("\n");
    if (!p.generation.empty()) std::printf("generation    %s\n", p.generation.c_str());
    if (box.empty())
        std::printf("bounding box  (empty)\n");
    else
        std::printf("bounding box  %lld x %lld at (%lld, %lld)\n",
                    static_cast<long long>(box.width), static_cast<long long>(box.height),
                    static_cast<long long>(box.x), static_cast<long long>(box.y));
    for (const auto& c : p.comments) std::printf("comment       %s\n", c.c_str());
}

}  // namespace

void add_info_command(CLI::App& app) {
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    CLI::App* cmd = app.add_subcommand(
        "info", "Format, size, population, rule, topology and bounding box of a pattern file");
    cmd->add_option("file", *path,
                    "Pattern file (.rle, .cells, .lif, .mc; each maybe .gz), or - for standard "
                    "input")
        ->required();
    cmd->add_flag("--json", *json, "Print as JSON");
    cmd->callback([path, json] { info(*path, *json); });
}

}  // namespace toroid::cli
