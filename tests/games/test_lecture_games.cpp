#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "toroid/error.hpp"
#include "toroid/games/heap_games.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/misere.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/octal.hpp"

using namespace toroid::games;

TEST(Lecture, TakeOneToThreeHeapsMatchesClosedForm) {
    const TakeHeapsGame game(3);
    const Position start{9, 6, 5, 4};
    const auto s = solve(game, start);
    EXPECT_EQ(s.value(start), LoopyValue::of(2));
    for (std::size_t id = 0; id < s.size(); ++id)
        EXPECT_EQ(s.analysis().value[id],
                  LoopyValue::of(take_heaps_closed_form(3, s.position(id))));
    const auto w = s.winning_moves(start);
    // g = 1^2^1^0 = 2: take 2 from the 6 (DOMAIN.md), and also 2 from the 9,
    // the 5 or the 4 (each leaves xor 0 of the residues mod 4)
    ASSERT_EQ(w.size(), 4u);
    EXPECT_NE(std::find(w.begin(), w.end(), Position{9, 4, 5, 4}), w.end());
    EXPECT_EQ(game.describe_move(start, Position{9, 4, 5, 4}), "take 2 from heap 2");
    // Bash: 9 stones, leave a multiple of 4
    const auto b = solve(game, {9});
    EXPECT_EQ(b.value({9}), LoopyValue::of(1));
    EXPECT_EQ(b.winning_moves({9}), std::vector<Position>{{8}});
    // take 1..4 and 1..7 (the exercises)
    for (std::int64_t k : {4, 7}) {
        const TakeHeapsGame tk(k);
        const auto sk = solve(tk, {20, 13});
        for (std::size_t id = 0; id < sk.size(); ++id)
            EXPECT_EQ(sk.analysis().value[id],
                      LoopyValue::of(take_heaps_closed_form(k, sk.position(id))));
    }
}

TEST(Lecture, CompoundGameIsXorOfParts) {
    const CompoundGame game;
    const Position start{7, 6, 5, 3};
    const auto s = solve(game, start);
    for (std::size_t id = 0; id < s.size(); ++id)
        EXPECT_EQ(s.analysis().value[id], LoopyValue::of(compound_closed_form(s.position(id))));
}

TEST(Lecture, ParityGamePeriodSixAnd27TakeTwo) {
    const ParityGame game(4);
    const auto s = solve(game, ParityGame::start(61));
    for (std::int64_t n = 1; n <= 61; n += 2) {
        const Position p = ParityGame::start(n);
        EXPECT_EQ(s.outcome(p) == Outcome::P, parity_game_closed_form_is_p(n, 0)) << n;
    }
    for (std::size_t id = 0; id < s.size(); ++id) {
        const auto& p = s.position(id);
        if (p[0] < 0) continue;
        EXPECT_EQ(s.analysis().outcome[id] == Outcome::P, parity_game_closed_form_is_p(p[0], p[1]));
    }
    // period 6 of the outcome in n (mover even, opponent's parity fixed by n)
    for (std::int64_t n = 1; n + 6 <= 61; n += 2)
        EXPECT_EQ(s.outcome(ParityGame::start(n)), s.outcome(ParityGame::start(n + 6)));
    // the Grundy function itself has period 6 in n (both parities of the mover)
    for (std::int64_t a = 0; a < 2; ++a)
        for (std::int64_t n = 1; n + 6 <= 55; ++n) {
            const Position p{n, a, (1 + n + a) % 2}, q{n + 6, a, (1 + n + 6 + a) % 2};
            ASSERT_TRUE(s.contains(p) && s.contains(q));
            EXPECT_EQ(s.value(p), s.value(q)) << n << " " << a;
        }
    const auto s27 = solve(game, ParityGame::start(27));
    const auto w = s27.winning_moves(ParityGame::start(27));
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(game.describe_move(ParityGame::start(27), w[0]), "take 2");
}

namespace {
// Independent check for game N: plain memoised minimax (win = reach N exactly).
bool n_wins(std::int64_t n, std::int64_t total, std::int64_t last,
            std::map<std::pair<int, int>, bool>& memo) {
    const auto key = std::make_pair(static_cast<int>(total), static_cast<int>(last));
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool win = false;
    for (std::int64_t v = 1; v <= 5 && !win; ++v) {
        if (v == last || total + v > n) continue;
        if (total + v == n || !n_wins(n, total + v, v, memo)) win = true;
    }
    return memo[key] = win;
}
}  // namespace

TEST(Lecture, GameNAgreesWithMinimaxForAllN) {
    for (std::int64_t n = 1; n <= 60; ++n) {
        const GameN game(n);
        const auto s = solve(game, GameN::start());
        std::map<std::pair<int, int>, bool> memo;
        EXPECT_EQ(s.outcome(GameN::start()) == Outcome::N, n_wins(n, 0, 0, memo)) << n;
        for (std::size_t id = 0; id < s.size(); ++id) {
            const auto& p = s.position(id);
            std::map<std::pair<int, int>, bool> m2;
            EXPECT_EQ(s.analysis().outcome[id] == Outcome::N, n_wins(n, p[0], p[1], m2));
        }
    }
    // the asked values (first player: the winning first tiles)
    const std::map<std::int64_t, std::vector<std::int64_t>> expected{
        {2, {1, 2}}, {6, {3}}, {7, {}}, {13, {}}, {21, {1}}, {37, {4}}};
    for (const auto& [n, tiles] : expected) {
        const auto s = solve(GameN(n), GameN::start());
        EXPECT_EQ(s.outcome(GameN::start()), tiles.empty() ? Outcome::P : Outcome::N) << n;
        std::vector<std::int64_t> got;
        for (const auto& w : s.winning_moves(GameN::start())) got.push_back(w[1]);
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, tiles) << n;
    }
}

TEST(Lecture, ChocolateBarIsNimOnTheSides) {
    const ChocolateBar game;
    const auto s = solve(game, {9, 13});
    for (std::size_t id = 0; id < s.size(); ++id) {
        const auto& p = s.position(id);
        EXPECT_EQ(s.analysis().value[id], LoopyValue::of(chocolate_closed_form(p[0], p[1])));
    }
    EXPECT_EQ(s.outcome({5, 5}), Outcome::P);
}

TEST(Lecture, CoinStripIsStaircaseNim) {
    const CoinStrip game;
    const Position start{1, 4, 6, 10, 11};
    const auto s = solve(game, start);
    for (std::size_t id = 0; id < s.size(); ++id)
        EXPECT_EQ(s.analysis().outcome[id] == Outcome::P,
                  coin_strip_closed_form(s.position(id)) == 0);
}

TEST(Solver, MisereBruteForceMatchesMisereNim) {
    const TakeHeapsGame nim(100);  // take any number: plain Nim for heaps <= 100
    const Position start{3, 4, 5};
    const auto s = solve(nim, start);
    for (std::size_t id = 0; id < s.size(); ++id) {
        const auto& p = s.position(id);
        const std::vector<std::uint64_t> h(p.begin(), p.end());
        EXPECT_EQ(s.misere_outcome(p) == Outcome::P, misere_nim_is_p(h));
        EXPECT_EQ(s.outcome(p) == Outcome::P, nim_sum(h) == 0);
    }
}

TEST(Solver, DeepGameNeedsNoRecursion) {
    const TakeHeapsGame game(1);
    const auto s = solve(game, {200000});  // a path of 200001 positions
    EXPECT_EQ(s.value({200000}), LoopyValue::of(0));
    EXPECT_EQ(s.value({199999}), LoopyValue::of(1));
}

TEST(Solver, TooLargeGamesAreRefusedWithTheBound) {
    const TakeHeapsGame game(3);
    try {
        solve(game, {100, 100, 100, 100}, SolveOptions{1000});
        FAIL();
    } catch (const toroid::InputError& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("too large"), std::string::npos);
        EXPECT_NE(m.find("1000"), std::string::npos);
    }
    const auto s = solve(game, {5});
    EXPECT_THROW(s.id({6}), toroid::InputError);
}

TEST(HeapGames, SolverAgreesWithOctalSequenceOnSums) {
    const auto code = OctalGame::parse("0.07");
    const auto g = octal_grundy_naive(code, 40);
    const OctalHeapsGame game(code);
    const Position start{4, 7, 9};
    const auto s = solve(game, start);
    for (std::size_t id = 0; id < s.size(); ++id) {
        std::uint64_t x = 0;
        for (const auto h : s.position(id)) x ^= g[static_cast<std::size_t>(h)];
        EXPECT_EQ(s.analysis().value[id], LoopyValue::of(x));
    }
}

TEST(HeapGames, MisereKaylesDiffersFromNormalPlay) {
    const OctalHeapsGame kayles(OctalGame::parse("0.77"));
    const auto s = solve(kayles, {5, 3});
    // a single pin: normal play N (take it and win), misère P (taking it loses)
    EXPECT_EQ(s.outcome({1}), Outcome::N);
    EXPECT_EQ(s.misere_outcome({1}), Outcome::P);
    EXPECT_EQ(s.outcome({}), Outcome::P);
    EXPECT_EQ(s.misere_outcome({}), Outcome::N);
    const auto cmp = compare_misere(s.graph());
    EXPECT_FALSE(cmp.differing.empty());
    // normal play of sums still follows the xor rule
    const SubtractionHeapsGame bash(SubtractionSet::parse("1-3"));
    const auto b = solve(bash, {9, 6, 5, 4});
    EXPECT_EQ(b.value({9, 6, 5, 4}), LoopyValue::of(2));
}
