#include "toroid/games/misere.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>

#include "toroid/error.hpp"
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

MiserePositionAnalysis analyze_misere_position(const ImpartialGame& game, const Position& start) {
    const SolvedGame s = solve(game, start);
    const MisereComparison cmp = compare_misere(s.graph());
    MiserePositionAnalysis a;
    a.positions = s.size();
    a.normal_value = s.value(start);
    a.normal = s.outcome(start);
    a.misere = s.misere_outcome(start);
    for (const auto w : s.graph().moves(s.id(start)))
        if (cmp.misere[w] == Outcome::P) a.misere_winning_moves.push_back(s.position(w));
    for (const auto v : cmp.differing) a.differing.push_back(s.position(v));
    return a;
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

std::uint64_t heap_positions_bound(std::size_t n) {
    // p(k) by the coin-change recurrence over part sizes, in long double to
    // saturate instead of overflowing.
    std::vector<long double> p(n + 1, 0);
    p[0] = 1;
    for (std::size_t part = 1; part <= n; ++part)
        for (std::size_t k = part; k <= n; ++k) p[k] += p[k - part];
    long double total = 0;
    for (const auto x : p) total += x;
    return total >= 1.8e19L ? ~std::uint64_t{0} : static_cast<std::uint64_t>(total);
}

std::vector<std::uint32_t> misere_heap_values(const ImpartialGame& game, std::size_t upto,
                                              std::size_t max_positions) {
    std::unordered_map<Position, std::uint32_t, PositionHash> memo;
    std::vector<std::uint32_t> out;
    // Depth-first with an explicit stack: a position is valued once all its
    // options are.
    struct Frame {
        Position p;
        std::vector<Position> options;
        std::size_t next = 0;
    };
    std::vector<Frame> stack;
    for (std::size_t n = 0; n <= upto; ++n) {
        const Position start = n == 0 ? Position{} : Position{static_cast<std::int64_t>(n)};
        if (!memo.count(start)) stack.push_back({start, game.moves(start), 0});
        while (!stack.empty()) {
            auto& f = stack.back();
            if (f.next < f.options.size()) {
                Position q = f.options[f.next++];  // a copy: push_back may move f
                if (!memo.count(q)) {
                    auto moves = game.moves(q);
                    stack.push_back({std::move(q), std::move(moves), 0});
                }
                continue;
            }
            std::vector<bool> seen(f.options.size() + 2, false);
            for (const auto& q : f.options) {
                const auto v = memo.at(q);
                if (v < seen.size()) seen[v] = true;
            }
            std::uint32_t mex = 0;
            if (f.options.empty()) {
                mex = 1;  // the player to move has no move: wins in misère play
            } else {
                while (seen[mex]) ++mex;
            }
            memo.emplace(std::move(f.p), mex);
            stack.pop_back();
            if (memo.size() > max_positions) {
                throw InputError("misère values by brute force need more than " +
                                 std::to_string(max_positions) + " positions for heaps up to " +
                                 std::to_string(n) + "; ask for a smaller --upto");
            }
        }
        out.push_back(memo.at(start));
    }
    return out;
}

}  // namespace toroid::games
