#include "toroid/games/solver.hpp"

#include "toroid/error.hpp"

namespace toroid::games {

std::size_t PositionHash::operator()(const Position& p) const noexcept {
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ p.size();
    for (const auto x : p) {
        h ^= static_cast<std::uint64_t>(x) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdull;
    }
    return static_cast<std::size_t>(h ^ (h >> 33));
}

std::string ImpartialGame::describe(const Position& p) const {
    std::string s = "(";
    for (std::size_t i = 0; i < p.size(); ++i) s += (i ? ", " : "") + std::to_string(p[i]);
    return s + ")";
}

std::string ImpartialGame::describe_move(const Position&, const Position& to) const {
    return "move to " +
           describe(to);  // a verb phrase: "I move to ...", "winning move: move to ..."
}

std::size_t SolvedGame::id(const Position& p) const {
    auto it = index_.find(p);
    if (it == index_.end()) throw InputError("position is not reachable in this game");
    return it->second;
}

std::vector<Position> SolvedGame::winning_moves(const Position& p) const {
    std::vector<Position> out;
    for (const auto w : good_moves(graph_, analysis_.outcome, id(p))) out.push_back(positions_[w]);
    return out;
}

Outcome SolvedGame::misere_outcome(const Position& p) const {
    if (misere_.empty()) misere_ = retrograde_outcomes(graph_, true);
    return misere_[id(p)];
}

SolvedGame solve(const ImpartialGame& game, const Position& start, SolveOptions options) {
    SolvedGame s;
    auto intern = [&](const Position& p) -> std::size_t {
        auto [it, inserted] = s.index_.emplace(p, s.positions_.size());
        if (inserted) {
            if (s.positions_.size() >= options.max_positions) {
                throw InputError("game too large to enumerate: more than " +
                                 std::to_string(options.max_positions) +
                                 " positions reachable from " + game.describe(start) +
                                 "; give a smaller position or a larger bound (--limit)");
            }
            s.positions_.push_back(p);
            s.graph_.add_vertex(std::to_string(s.positions_.size() - 1));
        }
        return it->second;
    };
    intern(start);
    for (std::size_t next = 0; next < s.positions_.size(); ++next) {
        const Position p = s.positions_[next];
        for (const auto& q : game.moves(p)) {
            const std::size_t to = intern(q);
            s.graph_.add_edge(next, to);
        }
    }
    s.analysis_ = analyze_graph(s.graph_);
    return s;
}

}  // namespace toroid::games
