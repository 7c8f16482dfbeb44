#include "games_common.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "toroid/error.hpp"
#include "toroid/games/game_graph.hpp"
#include "toroid/games/graph_analysis.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/subtraction.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::cli {

using namespace toroid::games;

std::vector<std::uint64_t> parse_heaps(const std::vector<std::string>& args, bool allow_empty) {
    if (args.empty() && !allow_empty)
        throw InputError("no heaps given: expected heap sizes such as 3 5 7");
    std::vector<std::uint64_t> heaps;
    for (std::size_t i = 0; i < args.size(); ++i)
        heaps.push_back(parse_u64(args[i], "heap " + std::to_string(i + 1)));
    return heaps;
}

std::string octal_name(const std::string& code) {
    if (code == "0.77") return "Kayles";
    if (code == "0.07") return "Dawson's Kayles";
    if (code == "0.137") return "Dawson's chess";
    if (code == "0.007") return "Treblecross";
    return "";
}

void print_json(const nlohmann::json& j) {
    std::cout << j.dump(2) << "\n";
}

namespace {

constexpr std::uint64_t kMaxComponentHeap = 10'000'000;

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> w;
    for (std::string t; in >> t;) w.push_back(t);
    return w;
}

}  // namespace

SumComponent parse_component(const std::string& spec) {
    const auto w = words(spec);
    const std::string where = "game '" + spec + "': ";
    if (w.empty())
        throw InputError("empty game in the sum: expected e.g. \"nim 7\" or \"octal 0.07 12\"");
    const std::string& kind = w[0];
    if (kind == "nim") {
        if (w.size() != 2) throw InputError(where + "expected 'nim HEAP'");
        const auto h = parse_u64(w[1], "nim heap");
        return {spec, LoopyValue::of(h), [h](std::uint64_t t) -> std::optional<std::string> {
                    if (t >= h) return std::nullopt;
                    return "take " + std::to_string(h - t) + " (leaving " + std::to_string(t) + ")";
                }};
    }
    if (kind == "subtraction") {
        if (w.size() != 3)
            throw InputError(where + "expected 'subtraction SET HEAP', e.g. 'subtraction 1-3 9'");
        const auto set = SubtractionSet::parse(w[1]);
        const auto h = parse_u64_max(w[2], "subtraction heap", kMaxComponentHeap);
        const auto g = subtraction_grundy(set, h);
        return {spec, LoopyValue::of(g[h]),
                [set, g, h](std::uint64_t t) -> std::optional<std::string> {
                    for (const auto s : set.elements_upto(h))
                        if (g[h - s] == t)
                            return "take " + std::to_string(s) + " (leaving " +
                                   std::to_string(h - s) + ")";
                    return std::nullopt;
                }};
    }
    if (kind == "octal") {
        if (w.size() != 3)
            throw InputError(where + "expected 'octal CODE HEAP', e.g. 'octal 0.07 12'");
        const auto game = OctalGame::parse(w[1]);
        const auto h = parse_u64_max(w[2], "octal heap", kMaxComponentHeap);
        const auto g = octal_grundy(game, h, true, kMaxOctalWork).g;
        return {spec, LoopyValue::of(g[h]),
                [game, g, h](std::uint64_t t) -> std::optional<std::string> {
                    for (const auto& m : octal_moves(game, h))
                        if ((g[m.left] ^ g[m.right]) == t) return m.to_string();
                    return std::nullopt;
                }};
    }
    if (kind == "wythoff") {
        if (w.size() != 3) throw InputError(where + "expected 'wythoff A B'");
        const auto a = parse_u64_max(w[1], "Wythoff heap", 8191),
                   b = parse_u64_max(w[2], "Wythoff heap", 8191);
        const auto table = wythoff_grundy_table(std::max(a, b) + 1);
        return {spec, LoopyValue::of(table.at(a, b)),
                [table, a, b](std::uint64_t t) -> std::optional<std::string> {
                    for (std::uint64_t k = 1; k <= a; ++k)
                        if (table.at(a - k, b) == t)
                            return "take " + std::to_string(k) + " from the first heap";
                    for (std::uint64_t k = 1; k <= b; ++k)
                        if (table.at(a, b - k) == t)
                            return "take " + std::to_string(k) + " from the second heap";
                    for (std::uint64_t k = 1; k <= std::min(a, b); ++k)
                        if (table.at(a - k, b - k) == t)
                            return "take " + std::to_string(k) + " from both heaps";
                    return std::nullopt;
                }};
    }
    if (kind == "graph") {
        if (w.size() != 3) throw InputError(where + "expected 'graph FILE VERTEX'");
        auto graph = std::make_shared<GameGraph>(read_game_graph(w[1]));
        const auto v = graph->find(w[2]);
        if (!v) throw InputError(where + "vertex '" + w[2] + "' is not in " + w[1]);
        auto analysis = std::make_shared<GraphAnalysis>(analyze_graph(*graph));
        const auto id = *v;
        return {spec, analysis->value[id],
                [graph, analysis, id](std::uint64_t t) -> std::optional<std::string> {
                    for (const auto x : graph->moves(id))
                        if (analysis->value[x] == LoopyValue::of(t))
                            return "move to " + graph->name(x);
                    return std::nullopt;
                }};
    }
    throw InputError(where + "unknown game '" + kind +
                     "': expected nim, subtraction, octal, wythoff or graph");
}

}  // namespace toroid::cli
