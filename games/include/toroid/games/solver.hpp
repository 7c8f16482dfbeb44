// Generic solver for any impartial game given by a move generator.
//
// A game implements ImpartialGame: positions are small integer vectors
// (heap sizes, coordinates, a total and a last tile, ...) and moves() lists
// the positions reachable in one move. solve() explores every position
// reachable from a start position (breadth first, memoised in a hash map, no
// recursion, so no depth limit), builds the game graph and analyses it with
// graph_analysis.hpp: Grundy values (loopy values if the game has cycles),
// outcomes, all winning moves, and misère outcomes by brute force.
//
// Exploration stops with InputError when more than options.max_positions
// positions are reachable: the message gives the bound and asks for a smaller
// game or a larger --limit, so a huge game never runs away.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "toroid/games/game_graph.hpp"
#include "toroid/games/graph_analysis.hpp"

namespace toroid::games {

using Position = std::vector<std::int64_t>;

struct PositionHash {
    std::size_t operator()(const Position& p) const noexcept;
};

class ImpartialGame {
  public:
    virtual ~ImpartialGame() = default;
    virtual std::vector<Position> moves(const Position& p) const = 0;
    // Human-readable position, default "(a, b, c)".
    virtual std::string describe(const Position& p) const;
    // Human-readable move as a verb phrase ("I " + it reads as a sentence),
    // default "move to (a, b, c)".
    virtual std::string describe_move(const Position& from, const Position& to) const;
};

struct SolveOptions {
    std::size_t max_positions = 5'000'000;
};

class SolvedGame {
  public:
    bool contains(const Position& p) const { return index_.count(p) != 0; }
    // Throws InputError if p was not reached from the start position.
    std::size_t id(const Position& p) const;
    const Position& position(std::size_t id) const { return positions_[id]; }
    std::size_t size() const { return positions_.size(); }
    const GameGraph& graph() const { return graph_; }
    const GraphAnalysis& analysis() const { return analysis_; }

    LoopyValue value(const Position& p) const { return analysis_.value[id(p)]; }
    Outcome outcome(const Position& p) const { return analysis_.outcome[id(p)]; }
    // Winning moves from an N-position (to P-positions), draw-keeping moves from a draw.
    std::vector<Position> winning_moves(const Position& p) const;
    // Misère outcome (last mover loses), brute force.
    Outcome misere_outcome(const Position& p) const;

  private:
    friend SolvedGame solve(const ImpartialGame&, const Position&, SolveOptions);
    std::vector<Position> positions_;
    std::unordered_map<Position, std::size_t, PositionHash> index_;
    GameGraph graph_;
    GraphAnalysis analysis_;
    mutable std::vector<Outcome> misere_;
};

SolvedGame solve(const ImpartialGame& game, const Position& start, SolveOptions options = {});

}  // namespace toroid::games
