#include "toroid/games/lecture_games.hpp"

#include <algorithm>

namespace toroid::games {

namespace {
// Index of the single coordinate that changed, and by how much it dropped.
std::pair<std::size_t, std::int64_t> changed(const Position& a, const Position& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        if (a[i] != b[i]) return {i, a[i] - b[i]};
    return {0, 0};
}
}  // namespace

std::vector<Position> TakeHeapsGame::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::int64_t s = 1; s <= k_ && s <= p[i]; ++s) {
            Position q = p;
            q[i] -= s;
            out.push_back(std::move(q));
        }
    return out;
}

std::string TakeHeapsGame::describe_move(const Position& from, const Position& to) const {
    const auto [i, d] = changed(from, to);
    return "take " + std::to_string(d) + " from heap " + std::to_string(i + 1);
}

std::uint64_t take_heaps_closed_form(std::int64_t k, const Position& heaps) {
    std::uint64_t x = 0;
    for (const auto h : heaps) x ^= static_cast<std::uint64_t>(h % (k + 1));
    return x;
}

std::vector<Position> CompoundGame::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::int64_t s = 1; s <= p[i]; ++s) {
            if (i == 0 && s > 3) break;
            if (i == 1 && s % 2 == 0) continue;
            Position q = p;
            q[i] -= s;
            out.push_back(std::move(q));
        }
    return out;
}

std::string CompoundGame::describe_move(const Position& from, const Position& to) const {
    const auto [i, d] = changed(from, to);
    return "take " + std::to_string(d) + " from heap " + std::to_string(i + 1);
}

std::uint64_t compound_closed_form(const Position& p) {
    std::uint64_t x = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const auto v = static_cast<std::uint64_t>(p[i]);
        x ^= i == 0 ? v % 4 : i == 1 ? v % 2 : v;
    }
    return x;
}

std::vector<Position> ParityGame::moves(const Position& p) const {
    std::vector<Position> out;
    if (p[0] < 0) return out;  // END
    if (p[0] == 0) {
        if (p[1] == 0) out.push_back({-1, 0, 0});  // the mover holds an even number: wins
        return out;
    }
    for (std::int64_t s = 1; s <= max_take_ && s <= p[0]; ++s)
        out.push_back({p[0] - s, p[2], (p[1] + s) % 2});
    return out;
}

std::string ParityGame::describe(const Position& p) const {
    if (p[0] < 0) return "game over";
    return std::to_string(p[0]) + " stones left, you hold an " + (p[1] ? "odd" : "even") +
           " number, the other player an " + (p[2] ? "odd" : "even") + " number";
}

std::string ParityGame::describe_move(const Position& from, const Position& to) const {
    if (to[0] < 0) return "claim the win (even total)";
    return "take " + std::to_string(from[0] - to[0]);
}

bool parity_game_closed_form_is_p(std::int64_t n, std::int64_t mover_parity) {
    const std::int64_t r = n % 6;
    return mover_parity % 2 == 0 ? r == 1 : (r == 0 || r == 5);
}

std::vector<Position> GameN::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::int64_t v = 1; v <= 5; ++v)
        if (v != p[1] && p[0] + v <= n_) out.push_back({p[0] + v, v});
    return out;
}

std::string GameN::describe(const Position& p) const {
    return "total " + std::to_string(p[0]) + " of " + std::to_string(n_) +
           (p[1] ? ", coin on tile " + std::to_string(p[1]) : ", coin not placed yet");
}

std::string GameN::describe_move(const Position&, const Position& to) const {
    return "put the coin on tile " + std::to_string(to[1]) + " (total " + std::to_string(to[0]) +
           ")";
}

std::vector<Position> ChocolateBar::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::int64_t m = 1; m < p[0]; ++m) out.push_back({m, p[1]});
    for (std::int64_t n = 1; n < p[1]; ++n) out.push_back({p[0], n});
    return out;
}

std::string ChocolateBar::describe(const Position& p) const {
    return std::to_string(p[0]) + " x " + std::to_string(p[1]) + " bar";
}

std::uint64_t chocolate_closed_form(std::int64_t m, std::int64_t n) {
    return static_cast<std::uint64_t>(m - 1) ^ static_cast<std::uint64_t>(n - 1);
}

std::vector<Position> CoinStrip::moves(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const std::int64_t lo = i == 0 ? 0 : p[i - 1] + 1;
        for (std::int64_t c = lo; c < p[i]; ++c) {
            Position q = p;
            q[i] = c;
            out.push_back(std::move(q));
        }
    }
    return out;
}

std::string CoinStrip::describe_move(const Position& from, const Position& to) const {
    const auto [i, d] = changed(from, to);
    return "move coin " + std::to_string(i + 1) + " from cell " + std::to_string(from[i]) +
           " to cell " + std::to_string(to[i]) + " (" + std::to_string(d) + " left)";
}

std::uint64_t coin_strip_closed_form(const Position& cells) {
    std::uint64_t x = 0;
    const std::size_t k = cells.size();
    for (std::size_t j = 0; j < k; ++j) {
        const std::size_t i = k - 1 - j;  // j = 0 is the rightmost coin
        if (j % 2 != 0) continue;
        const std::int64_t gap = cells[i] - (i == 0 ? 0 : cells[i - 1] + 1);
        x ^= static_cast<std::uint64_t>(gap);
    }
    return x;
}

}  // namespace toroid::games
