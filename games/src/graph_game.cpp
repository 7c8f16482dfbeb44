#include "toroid/games/graph_game.hpp"

#include "toroid/error.hpp"

namespace toroid::games {

std::vector<Position> GraphGame::moves(const Position& p) const {
    std::vector<Position> out;
    for (const auto w : graph_.moves(static_cast<std::size_t>(p[0])))
        out.push_back({static_cast<std::int64_t>(w)});
    return out;
}

std::string GraphGame::describe(const Position& p) const {
    return graph_.name(static_cast<std::size_t>(p[0]));
}

std::string GraphGame::describe_move(const Position&, const Position& to) const {
    return "move to " + describe(to);
}

Position GraphGame::position_of(const std::string& name, const std::string& source) const {
    const auto v = graph_.find(name);
    if (!v) throw InputError("vertex '" + name + "' is not in " + source);
    return {static_cast<std::int64_t>(*v)};
}

}  // namespace toroid::games
