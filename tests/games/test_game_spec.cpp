// What used to live in the games commands and is game logic: games from
// their text specs (game_spec.hpp), graphs as games (graph_game.hpp), a
// position in misère play (misere.hpp), the winning breaks of a chocolate
// bar with both pieces in play, the parity game's P-positions and end,
// Wythoff's typed moves. Each checked against an independent oracle (a
// closed form, the generic solver, a brute force written here).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "input_error_of.hpp"
#include "toroid/error.hpp"
#include "toroid/games/game_spec.hpp"
#include "toroid/games/graph_game.hpp"
#include "toroid/games/heap_games.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/misere.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/wythoff.hpp"

namespace toroid::games {
namespace {

using toroid::testing::input_error_of;

std::vector<std::uint64_t> sizes(const HeapSum& s) {
    std::vector<std::uint64_t> out;
    for (const auto& h : s.heaps()) out.push_back(h.size);
    return out;
}

TEST(GameSpec, HeapGamesFromTheirWords) {
    const HeapSum nim = heap_game("nim", {"3", "5", "7"});
    EXPECT_EQ(sizes(nim), (std::vector<std::uint64_t>{3, 5, 7}));
    EXPECT_EQ(nim.value(), 3u ^ 5u ^ 7u);
    EXPECT_TRUE(nim.all_nim());
    EXPECT_TRUE(heap_game("nim", {"1", "1"}, true).misere());
    // take K: values are the heaps mod K + 1 (TakeHeapsGame's closed form).
    const HeapSum take = heap_game("take", {"3", "9", "6", "5", "4"});
    EXPECT_EQ(take.value(), take_heaps_closed_form(3, {9, 6, 5, 4}));
    // compound: heap 1 take 1..3, heap 2 take an odd number, the rest Nim.
    const HeapSum compound = heap_game("compound", {"7", "6", "5", "3"});
    EXPECT_EQ(compound.value(), compound_closed_form({7, 6, 5, 3}));
    // Dawson's Kayles 0.07 and Grundy's game, and a sum of specs.
    EXPECT_EQ(heap_game("octal", {"0.07", "12"}).heaps().at(0).rule->value(12),
              heap_game("sum", {"octal 0.07 12"}).value());
    EXPECT_EQ(heap_game("grundy", {"9", "7"}).heaps().size(), 2u);

    EXPECT_EQ(input_error_of([] { heap_game("nim", {}); }),
              "no heaps given: expected heap sizes such as 3 5 7");
    EXPECT_EQ(input_error_of([] {
                  heap_game("compound", {"7"});
              }).rfind("compound needs at least two heaps", 0),
              0u);
    EXPECT_EQ(input_error_of([] {
                  heap_game("take", {"0", "5"});
              }),
              "K (largest take) must be at least 1");
    EXPECT_EQ(input_error_of([] { heap_game("octal", {}); }),
              "octal needs a code and heaps, e.g. 'octal 0.07 12'");
    EXPECT_NE(input_error_of([] {
                  heap_game("sum", {"wythoff 3 5"});
              }).find("only heap games (nim, subtraction, octal, grundy, split)"),
              std::string::npos);
    EXPECT_EQ(input_error_of([] { heap_game("chess", {"1"}); }), "unknown heap game 'chess'");
}

TEST(GameSpec, SplitGamesRefuseHeapsBeyondTheirTable) {
    const SplitGame grundys(1);
    const HeapSum s = split_game(grundys, {"9", "7"});
    EXPECT_EQ(s.value(), heap_game("grundy", {"9", "7"}).value());
    EXPECT_EQ(input_error_of([&] {
                  split_game(grundys, {"3", "1000000"});
              }),
              "heap 1000000 is too large for " + grundys.name() + " (at most 100000)");
}

TEST(GameSpec, SolverGamesAndTheirSizeLimit) {
    const SolverGame n = solver_game("game-n", {"21"});
    EXPECT_EQ(n.start, GameN::start());
    EXPECT_EQ(solve(*n.game, n.start).outcome(n.start), Outcome::N);
    const SolverGame bar = solver_game("chocolate", {"4", "7"});
    EXPECT_EQ(bar.start, (Position{4, 7}));
    EXPECT_EQ(solve(*bar.game, bar.start).value(bar.start),
              LoopyValue::of(chocolate_closed_form(4, 7)));
    const SolverGame coins = solver_game("coins", {"10", "1", "4"});
    EXPECT_EQ(coins.start, (Position{1, 4, 10}));  // sorted
    EXPECT_EQ(input_error_of([] { solver_game("coins", {"4", "4"}); }), "two coins on cell 4");
    // C(61, 6) = 55525372 positions: refused before enumerating.
    EXPECT_EQ(input_error_of([] {
                  solver_game("coins", {"10", "20", "30", "40", "50", "60"});
              })
                  .rfind("game too large to enumerate: this coin strip has about 55525372 "
                         "positions (at most 2000000)",
                         0),
              0u);
    EXPECT_EQ(input_error_of([] { solver_game("chocolate", {"4"}); }),
              "chocolate needs the bar size M N");
    EXPECT_EQ(input_error_of([] { solver_game("go", {}); }), "unknown game 'go'");
}

TEST(GameSpec, MisereGamesNormaliseHeapsAndRefuseLargeOnes) {
    const SolverGame nim = misere_game({"nim", "3", "0", "1"});
    EXPECT_EQ(nim.start, normalise_heaps({3, 0, 1}));
    const SolverGame kayles = misere_game({"octal", "0.77", "4", "3"});
    EXPECT_EQ(kayles.start, normalise_heaps({4, 3}));
    const SolverGame bar = misere_game({"chocolate", "3", "5"});
    EXPECT_EQ(bar.start, (Position{3, 5}));  // not sorted: a bar is not a heap
    EXPECT_EQ(input_error_of([] {
                  misere_game({"nim"});
              }).rfind("grundy misere needs a game and a position", 0),
              0u);
    EXPECT_EQ(input_error_of([] {
                  misere_game({"chocolate", "3"});
              }),
              "chocolate needs the bar size M N (both at least 1)");
    EXPECT_EQ(input_error_of([] {
                  misere_game({"octal", "0.77", "1000", "1000", "1000"});
              }).rfind("game too large to enumerate by brute force: up to 1003003001", 0),
              0u);
    EXPECT_NE(input_error_of([] {
                  misere_game({"go", "1"});
              }).find("unknown game 'go'"),
              std::string::npos);
}

TEST(GameSpec, MisereValueGamesAndTheirBound) {
    EXPECT_EQ(heaps_game("octal", "0.77").title, "octal game 0.77 (Kayles)");
    EXPECT_EQ(heaps_game("subtraction", "1-3").title, "subtraction game S = {1,2,3}");
    EXPECT_NE(input_error_of([] {
                  heaps_game("nim", "3");
              }).find("misère values are available for octal and subtraction games"),
              std::string::npos);
    // The largest --upto whose positions fit, found here by its definition.
    std::size_t fits = 0;
    while (heap_positions_bound(fits + 1) <= 300'000) ++fits;
    EXPECT_NO_THROW(check_misere_values_size("octal", fits, 300'000));
    EXPECT_EQ(input_error_of([&] { check_misere_values_size("octal", fits + 1, 300'000); }),
              "misère values by brute force: heaps up to " + std::to_string(fits + 1) +
                  " can reach up to " + std::to_string(heap_positions_bound(fits + 1)) +
                  " positions (multisets of heaps; at most 300000); ask for --upto " +
                  std::to_string(fits) + " or less");
    EXPECT_NO_THROW(check_misere_values_size("subtraction", 1000, 300'000));  // never splits
}

TEST(GameSpec, ParityStonesAreOdd) {
    EXPECT_EQ(parse_parity_stones("27"), 27);
    EXPECT_EQ(input_error_of([] { parse_parity_stones("26"); }),
              "the parity game needs an odd number of stones (got 26)");
    EXPECT_THROW(parse_parity_stones("100001"), InputError);
    EXPECT_THROW(parse_parity_stones("x"), InputError);
}

TEST(GraphGame, IsItsGraphAsAGame) {
    std::istringstream text("vertices a b c d\na: b c\nb -> d\nc d\n");
    const GraphGame game(parse_game_graph(text, "test"));
    const Position a = game.position_of("a", "test");
    EXPECT_EQ(game.describe(a), "a");
    std::set<std::string> to;
    for (const Position& p : game.moves(a)) to.insert(game.describe(p));
    EXPECT_EQ(to, (std::set<std::string>{"b", "c"}));
    EXPECT_EQ(game.describe_move(a, game.position_of("b", "test")), "move to b");
    // d is terminal, so b and c are N and a is P.
    const SolvedGame s = solve(game, a);
    EXPECT_EQ(s.outcome(a), Outcome::P);
    EXPECT_EQ(s.outcome(game.position_of("b", "test")), Outcome::N);
    EXPECT_EQ(input_error_of([&] { game.position_of("z", "city.txt"); }),
              "vertex 'z' is not in city.txt");
}

// Misère Nim has a closed form (nim.hpp): the brute force must agree with it
// at every position, and its winning moves lead to misère P-positions only.
TEST(MiserePosition, AgreesWithMisereNimEverywhereSmall) {
    const TakeHeapsGame nim(std::int64_t{1} << 40);
    for (std::uint64_t x = 0; x <= 4; ++x)
        for (std::uint64_t y = x; y <= 4; ++y)
            for (std::uint64_t z = y; z <= 5; ++z) {
                const std::vector<std::uint64_t> heaps{x, y, z};
                const Position start =
                    normalise_heaps({std::int64_t(x), std::int64_t(y), std::int64_t(z)});
                const MiserePositionAnalysis a = analyze_misere_position(nim, start);
                const bool p = misere_nim_is_p(heaps);
                EXPECT_EQ(a.misere, p ? Outcome::P : Outcome::N) << x << y << z;
                EXPECT_EQ(a.normal, (x ^ y ^ z) == 0 ? Outcome::P : Outcome::N);
                EXPECT_EQ(a.normal_value, LoopyValue::of(x ^ y ^ z));
                // (No heaps: nobody can move, and the mover wins by having no move.)
                if (!start.empty()) {
                    EXPECT_EQ(a.misere_winning_moves.empty(), p) << x << y << z;
                }
                for (const Position& q : a.misere_winning_moves) {
                    std::vector<std::uint64_t> h(q.begin(), q.end());
                    EXPECT_TRUE(misere_nim_is_p(h)) << x << y << z;
                }
                // Outcomes differ only where every heap is at most 1 (misère
                // Nim's rule), and there they always do.
                for (const Position& q : a.differing)
                    EXPECT_TRUE(std::all_of(q.begin(), q.end(), [](auto v) { return v <= 1; }));
            }
    const MiserePositionAnalysis one = analyze_misere_position(nim, {1, 1, 1});
    EXPECT_EQ(one.positions, 8u);  // every 0/1 triple (heaps keep their places)
    EXPECT_EQ(one.differing.size(), 8u);
}

// With both pieces in play every game of an m x n bar lasts m*n - 1 breaks,
// so a break is winning iff it leaves two pieces of equal parity of a*b - 1
// (the closed form); the table must give exactly those.
TEST(ChocolatePieces, WinningBreaksAreThoseTheClosedFormPredicts) {
    const ChocolatePiecesTable t = chocolate_pieces_values(12);
    for (std::uint64_t m = 1; m <= 12; ++m)
        for (std::uint64_t n = 1; n <= 12; ++n) {
            std::vector<ChocolateBreak> expected;
            if ((m * n - 1) % 2 == 1) {
                for (std::uint64_t a = 1; 2 * a <= m; ++a)
                    if ((a * n - 1) % 2 == ((m - a) * n - 1) % 2)
                        expected.push_back({a, n, m - a, n});
                for (std::uint64_t b = 1; 2 * b <= n; ++b)
                    if ((m * b - 1) % 2 == (m * (n - b) - 1) % 2)
                        expected.push_back({m, b, m, n - b});
            }
            EXPECT_EQ(chocolate_pieces_winning_moves(t, m, n), expected) << m << " x " << n;
        }
    EXPECT_THROW(chocolate_pieces_winning_moves(t, 13, 1), InputError);
}

TEST(ParityGame, OddTotalPPositionsFollowTheClosedForm) {
    const ParityAnalysis a = analyze_parity_game(4, 60);
    std::vector<std::pair<std::int64_t, std::int64_t>> got, expected;
    for (const ParityPPosition& p : a.odd_total_p_positions(50)) {
        EXPECT_EQ(p.other_parity, (1 + p.stones + p.mover_parity) % 2);
        got.emplace_back(p.stones, p.mover_parity);
    }
    for (std::int64_t n = 0; n <= 50; ++n)
        for (std::int64_t mover = 0; mover < 2; ++mover)
            if (parity_game_closed_form_is_p(n, mover)) expected.emplace_back(n, mover);
    EXPECT_EQ(got, expected);
    EXPECT_THROW(a.odd_total_p_positions(61), InputError);
    // The end: with the heap empty the player holding an even number wins.
    EXPECT_TRUE(ParityGame::heap_empty({0, 1, 0}));
    EXPECT_FALSE(ParityGame::heap_empty({3, 0, 0}));
    EXPECT_TRUE(ParityGame::mover_holds_even({0, 0, 1}));
    EXPECT_FALSE(ParityGame::mover_holds_even({0, 1, 0}));
}

TEST(WythoffPlay, TypedMovesAreCheckedAndMade) {
    EXPECT_EQ(wythoff_illegal(3, 5, 1, 0), "K must be a whole number of at least 1");
    EXPECT_EQ(wythoff_illegal(3, 5, 1, 4), "heap 1 has only 3");
    EXPECT_EQ(wythoff_illegal(3, 5, 2, 6), "heap 2 has only 5");
    EXPECT_EQ(wythoff_illegal(3, 5, 0, 4), "you can take at most 3 from both");
    EXPECT_EQ(wythoff_illegal(3, 5, 0, 3), std::nullopt);
    const WythoffMove both = wythoff_move(3, 5, 0, 3);
    EXPECT_EQ(both, (WythoffMove{3, 3, 0, 2}));
    EXPECT_EQ(wythoff_move(3, 5, 2, 1), (WythoffMove{0, 1, 3, 4}));
    EXPECT_THROW(wythoff_move(3, 5, 1, 4), InputError);
    // No winning move from a P-position: take 1 from the larger heap.
    ASSERT_TRUE(wythoff_is_p(4, 7));
    EXPECT_EQ(wythoff_stalling_move(4, 7), (WythoffMove{0, 1, 4, 6}));
    EXPECT_EQ(wythoff_stalling_move(5, 5), (WythoffMove{1, 0, 4, 5}));
    EXPECT_THROW(wythoff_stalling_move(0, 0), InputError);
}

}  // namespace
}  // namespace toroid::games
