#include "toroid/games/misere.hpp"

#include "toroid/games/graph_analysis.hpp"

namespace toroid::games {

MisereComparison compare_misere(const GameGraph& graph) {
    MisereComparison c;
    c.normal = retrograde_outcomes(graph, false);
    c.misere = retrograde_outcomes(graph, true);
    for (std::size_t v = 0; v < graph.size(); ++v)
        if (c.normal[v] != c.misere[v]) c.differing.push_back(v);
    return c;
}

std::string MisereComparison::statement(const GameGraph& graph, std::size_t max_listed) const {
    if (differing.empty()) {
        return "misère and normal play have the same outcome at all " +
               std::to_string(graph.size()) + " positions";
    }
    std::string s = "misère and normal play differ at " + std::to_string(differing.size()) +
                    " of " + std::to_string(graph.size()) + " positions:";
    for (std::size_t i = 0; i < differing.size() && i < max_listed; ++i) {
        const auto v = differing[i];
        s += " " + graph.name(v) + " (normal " + to_string(normal[v]) + ", misère " +
             to_string(misere[v]) + ")";
    }
    if (differing.size() > max_listed) s += " ...";
    return s;
}

}  // namespace toroid::games
