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
#include "toroid/games/solver.hpp"

namespace toroid::games {

struct MisereComparison {
    std::vector<Outcome> normal;
    std::vector<Outcome> misere;
    std::vector<std::size_t> differing;  // vertices whose outcomes differ
    // e.g. "misère and normal play differ at 3 of 10 positions: ..."
    std::string statement(const GameGraph& graph, std::size_t max_listed = 20) const;
};

MisereComparison compare_misere(const GameGraph& graph);

// One position of a finite game in misère play, by brute force (solve() and
// compare_misere over every position reachable from it): its normal-play
// value and outcome, its misère outcome, the moves to misère P-positions
// (the misère winning moves), and every reachable position where the two
// outcomes differ.
struct MiserePositionAnalysis {
    std::size_t positions = 0;  // reachable, solved
    LoopyValue normal_value;
    Outcome normal = Outcome::P;
    Outcome misere = Outcome::P;
    std::vector<Position> misere_winning_moves;  // the positions moved to
    std::vector<Position> differing;
};
MiserePositionAnalysis analyze_misere_position(const ImpartialGame& game, const Position& start);

// Misère Grundy values (Conway; CGSuite's misère nim value) of the single
// heaps n = 0..upto of a heap game (heap_games.hpp: positions are sorted
// heap sizes without zeros): g-(terminal) = 1, g-(G) = mex of g-(options);
// the position is a misère P-position iff g- = 0. Unlike normal play, the
// value of a split (two heaps) is not the xor of the parts, so every
// multi-heap position reachable from the heaps is solved by brute force
// (memoised, iterative). Throws InputError when more than max_positions
// positions are needed, naming the heap size reached.
// The number of multisets of non-empty heaps with total at most n (sum of the
// partition numbers p(0..n)): the most positions a heap game whose moves
// never add tokens can reach from one heap of n. Saturates at 2^64-1.
std::uint64_t heap_positions_bound(std::size_t n);

std::vector<std::uint32_t> misere_heap_values(const ImpartialGame& heaps_game, std::size_t upto,
                                              std::size_t max_positions = 2'000'000);

}  // namespace toroid::games
