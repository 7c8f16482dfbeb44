#include "toroid/games/lecture_games.hpp"

#include <algorithm>
#include <bit>

#include "toroid/error.hpp"

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
    return std::to_string(p[0]) + (p[0] == 1 ? " stone" : " stones") +
           " left; the player to move holds an " + (p[1] ? "odd" : "even") +
           " number of stones, the other player an " + (p[2] ? "odd" : "even") + " number";
}

std::string ParityGame::describe_move(const Position& from, const Position& to) const {
    if (to[0] < 0) return "claim the win (even total)";
    return "take " + std::to_string(from[0] - to[0]);
}

std::vector<ParityPPosition> ParityAnalysis::odd_total_p_positions(std::size_t upto) const {
    if (upto >= value.size())
        throw InputError("P-positions up to " + std::to_string(upto) +
                         " stones need the values up to " + std::to_string(upto) +
                         " (analysed up to " + std::to_string(value.size() - 1) + ")");
    std::vector<ParityPPosition> out;
    for (std::int64_t m = 0; m <= static_cast<std::int64_t>(upto); ++m)
        for (std::int64_t mover = 0; mover < 2; ++mover) {
            const std::int64_t other = (1 + m + mover) % 2;
            if (at(m, mover, other) == 0) out.push_back({m, mover, other});
        }
    return out;
}

ParityAnalysis analyze_parity_game(std::int64_t max_take, std::size_t upto) {
    if (max_take < 1 || max_take > 32)
        throw InputError("the parity game's largest take must be 1..32 (got " +
                         std::to_string(max_take) + ")");
    if (upto > 10'000'000)
        throw InputError("--upto " + std::to_string(upto) + " is too large (at most 10000000)");
    ParityAnalysis a;
    a.max_take = max_take;
    a.value.resize(upto + 1);
    // n = 0: the mover with an even number claims the win (one move to the
    // terminal END, value 0), with an odd one cannot move.
    for (int mover = 0; mover < 2; ++mover)
        for (int other = 0; other < 2; ++other) a.value[0][2 * mover + other] = mover == 0 ? 1 : 0;
    for (std::size_t n = 1; n <= upto; ++n)
        for (std::size_t mover = 0; mover < 2; ++mover)
            for (std::size_t other = 0; other < 2; ++other) {
                std::uint64_t seen = 0;
                for (std::size_t s = 1; s <= static_cast<std::size_t>(max_take) && s <= n; ++s)
                    seen |= std::uint64_t{1} << a.value[n - s][2 * other + (mover + s) % 2];
                a.value[n][2 * mover + other] = static_cast<std::uint32_t>(std::countr_one(seen));
            }
    // The smallest period the table proves, with its smallest pre-period.
    const std::size_t k = static_cast<std::size_t>(max_take);
    for (std::size_t p = 1; p + k <= upto + 1 && a.period == 0; ++p) {
        // n0 = smallest n such that value[m + p] == value[m] for all m >= n with m + p <= upto.
        std::size_t n0 = upto + 1 - p;
        while (n0 > 0 && a.value[n0 - 1 + p] == a.value[n0 - 1]) --n0;
        if (n0 + p + k - 1 <= upto) {
            a.period = p;
            a.preperiod = n0;
            a.proved_at = n0 + p + k - 1;
        }
    }
    return a;
}

std::string ParityAnalysis::proof() const {
    if (period == 0)
        return "no period proved up to n = " + std::to_string(value.empty() ? 0 : value.size() - 1);
    const std::string k = std::to_string(max_take), p = std::to_string(period);
    return "g(n + " + p + ") = g(n) for n = " + std::to_string(preperiod) + ".." +
           std::to_string(preperiod + static_cast<std::size_t>(max_take) - 1) +
           " and every parity of the two players' stones; a position with n stones moves only to "
           "n - 1 .. n - " +
           k + " stones, so g at n depends only on the " + k +
           " previous heap sizes, and by induction g(n + " + p +
           ") = g(n) for every n >= " + std::to_string(preperiod) + " (period " + p + " from " +
           std::to_string(preperiod) + ", proved at n = " + std::to_string(proved_at) + ")";
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

std::string ChocolateBar::describe_move(const Position& from, const Position& to) const {
    const bool rows = to[0] != from[0];
    const std::int64_t off = rows ? from[0] - to[0] : from[1] - to[1];
    return "break off " + std::to_string(off) + (rows ? " row" : " column") +
           (off == 1 ? "" : "s") + ", leaving a " + describe(to);
}

std::uint64_t chocolate_closed_form(std::int64_t m, std::int64_t n) {
    return static_cast<std::uint64_t>(m - 1) ^ static_cast<std::uint64_t>(n - 1);
}

ChocolatePiecesTable chocolate_pieces_values(std::size_t size) {
    if (size < 1 || size > 300)
        throw InputError(
            "chocolate bars with both pieces in play are tabulated up to 300 x 300 (got " +
            std::to_string(size) + ")");
    ChocolatePiecesTable t;
    t.size = size;
    t.g.assign(size * size, 0);
    for (std::size_t m = 1; m <= size; ++m)
        for (std::size_t n = 1; n <= size; ++n) {
            std::uint64_t seen = 0;  // values are 0 or 1 (parity), one word is plenty
            for (std::size_t a = 1; a < m; ++a)
                seen |= std::uint64_t{1} << (t.at(a, n) ^ t.at(m - a, n));
            for (std::size_t b = 1; b < n; ++b)
                seen |= std::uint64_t{1} << (t.at(m, b) ^ t.at(m, n - b));
            t.g[(m - 1) * size + (n - 1)] = static_cast<std::uint32_t>(std::countr_one(seen));
        }
    return t;
}

std::vector<ChocolateBreak> chocolate_pieces_winning_moves(const ChocolatePiecesTable& t,
                                                           std::uint64_t m, std::uint64_t n) {
    if (m < 1 || n < 1 || m > t.size || n > t.size)
        throw InputError("bar " + std::to_string(m) + " x " + std::to_string(n) +
                         " is outside the table (1.." + std::to_string(t.size) + ")");
    std::vector<ChocolateBreak> out;
    auto add = [&](std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
        if ((t.at(a, b) ^ t.at(c, d)) == 0) out.push_back({a, b, c, d});
    };
    for (std::uint64_t a = 1; 2 * a <= m; ++a) add(a, n, m - a, n);
    for (std::uint64_t b = 1; 2 * b <= n; ++b) add(m, b, m, n - b);
    return out;
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
           " to cell " + std::to_string(to[i]) + " (" + std::to_string(d) +
           (d == 1 ? " cell" : " cells") + " to the left)";
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
