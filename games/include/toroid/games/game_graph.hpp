// An impartial game as an explicit directed graph: vertices are positions,
// an edge u -> v is a legal move from u to v. Cycles are allowed (loopy games);
// see graph_analysis.hpp for what is computed on them.
//
// Edge-list file format (read_game_graph), one item per line:
//   # comment                     blank lines and text after '#' are ignored
//   vertices a b c ...            declares vertices by name (several lines ok)
//   vertices 10                   declares vertices 0 .. 9
//   a b      or   a -> b          a move from a to b
//   a: b c d                      moves from a to each of b, c, d
// Every vertex must be declared before it is used in an edge. Errors name the
// file and line and say what was expected (toroid::InputError).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace toroid::games {

class GameGraph {
  public:
    // Adds a vertex; throws InputError if the name is taken.
    std::size_t add_vertex(const std::string& name);
    // Adds the move from -> to (duplicates are ignored).
    void add_edge(std::size_t from, std::size_t to);

    std::size_t size() const { return names_.size(); }
    const std::string& name(std::size_t v) const { return names_[v]; }
    const std::vector<std::uint32_t>& moves(std::size_t v) const { return moves_[v]; }
    std::optional<std::size_t> find(const std::string& name) const;
    // Predecessor lists (computed on demand).
    std::vector<std::vector<std::uint32_t>> predecessors() const;

  private:
    std::vector<std::string> names_;
    std::vector<std::vector<std::uint32_t>> moves_;
    std::unordered_map<std::string, std::size_t> index_;
};

GameGraph parse_game_graph(std::istream& in, const std::string& source_name);
GameGraph read_game_graph(const std::string& path);

}  // namespace toroid::games
