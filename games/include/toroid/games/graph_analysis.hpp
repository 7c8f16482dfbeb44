// Solving a game graph (game_graph.hpp), acyclic or not. Everything here is
// iterative (work lists, no recursion), linear per pass.
//
// * retrograde_outcomes: win/loss/draw by retrograde analysis. Terminal
//   positions are P in normal play (mover cannot move and loses) and N in
//   misère play; a position with a move to a P is N; one whose moves all lead
//   to N is P; whatever is left is a Draw (play can be kept going for ever).
// * analyze_graph: generalised Sprague-Grundy values (Smith 1966; algorithm of
//   Fraenkel & Yesha). On an acyclic graph these are the ordinary mex values.
//   Positions that cannot be given a finite value get infinity(K) (see
//   outcome.hpp). The outcome derived from the values equals the retrograde
//   outcome (tests check this).
// * good_moves: from an N-position the moves to P-positions (all winning
//   moves); from a draw the moves that keep the draw; from P none.
#pragma once

#include <cstddef>
#include <vector>

#include "toroid/games/game_graph.hpp"
#include "toroid/games/outcome.hpp"

namespace toroid::games {

struct GraphAnalysis {
    std::vector<LoopyValue> value;
    std::vector<Outcome> outcome;
    bool acyclic = true;
};

std::vector<Outcome> retrograde_outcomes(const GameGraph& graph, bool misere = false);
GraphAnalysis analyze_graph(const GameGraph& graph);
std::vector<std::size_t> good_moves(const GameGraph& graph, const std::vector<Outcome>& outcome,
                                    std::size_t v);

}  // namespace toroid::games
