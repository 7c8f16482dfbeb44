// GraphGame: a game graph (game_graph.hpp) as an ImpartialGame, so the
// generic solver (solver.hpp) and `toroid play graph FILE START` treat it
// like every other game. A position is {vertex id}; its moves are the
// vertex's edges; positions and moves are described by vertex names.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "toroid/games/game_graph.hpp"
#include "toroid/games/solver.hpp"

namespace toroid::games {

class GraphGame : public ImpartialGame {
  public:
    explicit GraphGame(GameGraph g) : graph_(std::move(g)) {}
    std::vector<Position> moves(const Position& p) const override;
    std::string describe(const Position& p) const override;  // the vertex's name
    std::string describe_move(const Position& from, const Position& to) const override;
    const GameGraph& graph() const { return graph_; }
    // The position of the vertex called `name`; InputError when there is none
    // (`source` names the graph in the message, e.g. its file).
    Position position_of(const std::string& name, const std::string& source) const;

  private:
    GameGraph graph_;
};

}  // namespace toroid::games
