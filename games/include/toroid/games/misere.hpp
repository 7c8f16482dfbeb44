// Misère play (the player who makes the last move loses) for any finite game
// given as a graph, by brute force (retrograde analysis with terminal
// positions winning for the mover), compared with normal play.
//
// Misère play does NOT reduce to Grundy values: a sum's misère outcome is not
// a function of the components' nim-values. The comparison lists the
// positions where the two outcomes differ; the statement says so in words.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "toroid/games/game_graph.hpp"
#include "toroid/games/outcome.hpp"

namespace toroid::games {

struct MisereComparison {
    std::vector<Outcome> normal;
    std::vector<Outcome> misere;
    std::vector<std::size_t> differing;  // vertices whose outcomes differ
    // e.g. "misère and normal play differ at 3 of 10 positions: ..."
    std::string statement(const GameGraph& graph, std::size_t max_listed = 20) const;
};

MisereComparison compare_misere(const GameGraph& graph);

}  // namespace toroid::games
