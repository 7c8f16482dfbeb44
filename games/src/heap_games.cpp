#include "toroid/games/heap_games.hpp"

#include <algorithm>

namespace toroid::games {

Position normalise_heaps(Position heaps) {
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
    std::sort(heaps.begin(), heaps.end());
    return heaps;
}

namespace {
std::string heaps_text(const Position& p) {
    if (p.empty()) return "no heaps";
    std::string s = "heaps";
    for (const auto h : p) {
        s.push_back(' ');
        s.append(std::to_string(h));
    }
    return s;
}
}  // namespace

std::vector<Position> OctalHeapsGame::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (i > 0 && p[i] == p[i - 1]) continue;  // same heap size: same moves
        for (const auto& m : octal_moves(game_, static_cast<std::uint64_t>(p[i]))) {
            Position q = p;
            q[i] = static_cast<std::int64_t>(m.right);
            if (m.left) q.push_back(static_cast<std::int64_t>(m.left));
            out.push_back(normalise_heaps(std::move(q)));
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string OctalHeapsGame::describe(const Position& p) const {
    return heaps_text(p);
}

std::vector<Position> SubtractionHeapsGame::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (i > 0 && p[i] == p[i - 1]) continue;
        for (const auto s : set_.elements_upto(static_cast<std::uint64_t>(p[i]))) {
            Position q = p;
            q[i] -= static_cast<std::int64_t>(s);
            out.push_back(normalise_heaps(std::move(q)));
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string SubtractionHeapsGame::describe(const Position& p) const {
    return heaps_text(p);
}

}  // namespace toroid::games
