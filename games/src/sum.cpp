#include "toroid/games/sum.hpp"

#include <algorithm>
#include <memory>
#include <sstream>

#include "toroid/error.hpp"
#include "toroid/games/game_graph.hpp"
#include "toroid/games/graph_analysis.hpp"
#include "toroid/games/parse.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::games {

SumComponent heap_component(HeapRulePtr rule, std::uint64_t heap, std::string name) {
    if (name.empty()) name = rule->name() + " " + std::to_string(heap);
    SumComponent c;
    c.name = std::move(name);
    c.value = LoopyValue::of(rule->value(heap));
    c.rule = rule;
    c.heap = heap;
    c.moves_to = [rule, heap](std::uint64_t target) {
        std::vector<ComponentMove> out;
        for (const auto& m : rule->moves_to_value(heap, target)) out.push_back({m.to_string(), m});
        return out;
    };
    return c;
}

SumAnalysis analyze_sum(const std::vector<SumComponent>& components) {
    SumAnalysis a;
    a.value = LoopyValue::of(0);
    std::size_t infinite = 0;
    for (const auto& c : components) {
        a.value = loopy_sum(a.value, c.value);
        if (!c.value.finite) ++infinite;
    }
    a.outcome = a.value.outcome();
    if (a.outcome != Outcome::N) return a;
    for (std::size_t i = 0; i < components.size(); ++i) {
        const auto& c = components[i];
        std::uint64_t target = 0;
        if (infinite == 0) {
            // Every option of value g ^ x, whether below g or above it.
            target = c.value.value ^ a.value.value;
        } else {
            if (c.value.finite) continue;  // exactly one infinite component
            for (std::size_t j = 0; j < components.size(); ++j)
                if (j != i) target ^= components[j].value.value;
        }
        if (!c.moves_to) continue;
        for (auto& m : c.moves_to(target))
            a.winning_moves.push_back({i, target, std::move(m.description), m.heap_move});
    }
    return a;
}

SumComponent parse_sum_component(const std::string& spec, std::uint64_t max_octal_work) {
    const auto w = split_words(spec);
    const std::string where = "game '" + spec + "': ";
    if (w.empty())
        throw InputError("empty game in the sum: expected e.g. \"nim 7\" or \"octal 0.07 12\"");
    const std::string& kind = w[0];
    if (kind == "nim") {
        if (w.size() != 2) throw InputError(where + "expected 'nim HEAP'");
        return heap_component(nim_rule(), parse_u64(w[1], "nim heap"), spec);
    }
    if (kind == "subtraction") {
        if (w.size() != 3)
            throw InputError(where + "expected 'subtraction SET HEAP', e.g. 'subtraction 1-3 9'");
        const auto h = parse_u64_max(w[2], "subtraction heap", kMaxComponentHeap);
        return heap_component(subtraction_rule(SubtractionSet::parse(w[1]), h), h, spec);
    }
    if (kind == "octal") {
        if (w.size() != 3)
            throw InputError(where + "expected 'octal CODE HEAP', e.g. 'octal 0.07 12'");
        const auto h = parse_u64_max(w[2], "octal heap", kMaxComponentHeap);
        return heap_component(octal_rule(OctalGame::parse(w[1]), h, max_octal_work), h, spec);
    }
    if (kind == "grundy" || kind == "split") {
        const bool grundy = kind == "grundy";
        if (w.size() != (grundy ? 2u : 3u))
            throw InputError(where + (grundy ? "expected 'grundy HEAP' (Grundy's game)"
                                             : "expected 'split D HEAP' (split into two heaps "
                                               "differing by at least D)"));
        const auto d = grundy ? 1 : parse_u64_max(w[1], "split difference D", kMaxSplitHeap);
        const auto h = parse_u64_max(w.back(), "heap", kMaxSplitHeap);
        return heap_component(split_rule(SplitGame(d), h), h, spec);
    }
    if (kind == "wythoff") {
        if (w.size() != 3) throw InputError(where + "expected 'wythoff A B'");
        const auto a = parse_u64_max(w[1], "Wythoff heap", 8191),
                   b = parse_u64_max(w[2], "Wythoff heap", 8191);
        auto table = std::make_shared<WythoffTable>(wythoff_grundy_table(std::max(a, b) + 1));
        SumComponent c;
        c.name = spec;
        c.value = LoopyValue::of(table->at(a, b));
        c.moves_to = [table, a, b](std::uint64_t t) {
            std::vector<ComponentMove> out;
            for (std::uint64_t k = 1; k <= a; ++k)
                if (table->at(a - k, b) == t)
                    out.push_back({"take " + std::to_string(k) + " from the first heap", {}});
            for (std::uint64_t k = 1; k <= b; ++k)
                if (table->at(a, b - k) == t)
                    out.push_back({"take " + std::to_string(k) + " from the second heap", {}});
            for (std::uint64_t k = 1; k <= std::min(a, b); ++k)
                if (table->at(a - k, b - k) == t)
                    out.push_back({"take " + std::to_string(k) + " from both heaps", {}});
            return out;
        };
        return c;
    }
    if (kind == "graph") {
        if (w.size() != 3) throw InputError(where + "expected 'graph FILE VERTEX'");
        auto graph = std::make_shared<GameGraph>(read_game_graph(w[1]));
        const auto v = graph->find(w[2]);
        if (!v) throw InputError(where + "vertex '" + w[2] + "' is not in " + w[1]);
        auto analysis = std::make_shared<GraphAnalysis>(analyze_graph(*graph));
        const auto id = *v;
        SumComponent c;
        c.name = spec;
        c.value = analysis->value[id];
        c.moves_to = [graph, analysis, id](std::uint64_t t) {
            std::vector<ComponentMove> out;
            for (const auto x : graph->moves(id))
                if (analysis->value[x] == LoopyValue::of(t))
                    out.push_back({"move to " + graph->name(x), {}});
            return out;
        };
        return c;
    }
    throw InputError(where + "unknown game '" + kind +
                     "': expected nim, subtraction, octal, grundy, split, wythoff or graph");
}

}  // namespace toroid::games
