// One strategy code (sum.hpp, heap_sum.hpp, heap_rule.hpp) checked against
// brute force: every winning move of a sum, legality, Wythoff, misère values,
// the lectures' games.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>

#include "toroid/error.hpp"
#include "toroid/games/heap_games.hpp"
#include "toroid/games/heap_sum.hpp"
#include "toroid/games/lecture_games.hpp"
#include "toroid/games/misere.hpp"
#include "toroid/games/sum.hpp"
#include "toroid/games/wythoff.hpp"

using namespace toroid::games;

namespace {

std::multiset<std::int64_t> after(const HeapSum& s, const HeapSumMove& m) {
    HeapSum t = s;
    t.apply(m);
    std::multiset<std::int64_t> out;
    for (const auto& h : t.heaps())
        if (h.size) out.insert(static_cast<std::int64_t>(h.size));
    return out;
}

// Every winning move of HeapSum equals the moves to P-positions that the
// generic solver finds on the whole multi-heap game (graph mex, no xor).
void expect_all_winning_moves(const ImpartialGame& game, const HeapSum& sum) {
    Position start;
    for (const auto& h : sum.heaps()) start.push_back(static_cast<std::int64_t>(h.size));
    start = normalise_heaps(start);
    const auto solved = solve(game, start);
    std::set<std::multiset<std::int64_t>> brute;
    for (const auto& p : solved.winning_moves(start)) brute.insert({p.begin(), p.end()});
    std::set<std::multiset<std::int64_t>> ours;
    for (const auto& m : sum.winning_moves()) ours.insert(after(sum, m));
    EXPECT_EQ(ours, brute) << "position " << game.describe(start);
    EXPECT_EQ(sum.value() == 0, solved.outcome(start) == Outcome::P);
}

}  // namespace

TEST(Strategy, TakeOneToThreeFindsMovesThatRaiseAValue) {
    const auto rule = subtraction_rule(SubtractionSet::parse("1-3"), 20);
    const auto s = HeapSum::uniform({5, 7, 9}, rule);
    EXPECT_EQ(s.value(), 3u);
    std::vector<std::string> moves;
    for (const auto& m : s.winning_moves()) moves.push_back(m.to_string());
    // 5 -> 2 and 9 -> 6 raise the heap's value from 1 to 2; 7 -> 4 lowers 3 to 0.
    EXPECT_EQ(moves, (std::vector<std::string>{"take 3 from heap 1 (leaving 2)",
                                               "take 3 from heap 2 (leaving 4)",
                                               "take 3 from heap 3 (leaving 6)"}));
    const auto t = HeapSum::uniform({6, 9, 11, 13}, rule);
    bool six_to_three = false;
    for (const auto& m : t.winning_moves())
        six_to_three = six_to_three || (m.heap == 0 && m.move.right == 3);
    EXPECT_TRUE(six_to_three);
    SubtractionHeapsGame game(SubtractionSet::parse("1-3"));
    expect_all_winning_moves(game, s);
    expect_all_winning_moves(game, t);
}

TEST(Strategy, EveryWinningMoveOfRandomSumsMatchesBruteForce) {
    std::mt19937 rng(7);
    for (const char* code : {"0.77", "0.07", "0.137", "4.07", "0.6", "0.51"}) {
        const auto g = OctalGame::parse(code);
        const auto rule = octal_rule(g, 20);
        const OctalHeapsGame game(g);
        for (int trial = 0; trial < 6; ++trial) {
            std::vector<std::uint64_t> heaps;
            const int k = 1 + static_cast<int>(rng() % 3);
            for (int i = 0; i < k; ++i) heaps.push_back(1 + rng() % 9);
            expect_all_winning_moves(game, HeapSum::uniform(heaps, rule));
        }
    }
    for (const char* set : {"1,3,4", "2,5", "odd", "1-4"}) {
        const auto rule = subtraction_rule(SubtractionSet::parse(set), 30);
        const SubtractionHeapsGame game(SubtractionSet::parse(set));
        for (int trial = 0; trial < 6; ++trial)
            expect_all_winning_moves(game,
                                     HeapSum::uniform({rng() % 25, rng() % 25, rng() % 25}, rule));
    }
}

TEST(Strategy, GraphTokensListEveryWinningMove) {
    // A small DAG with two tokens: each winning move of analyze_sum is a move
    // to a P-position of the product game, and all of them are found.
    const std::string path = ::testing::TempDir() + "strategy_dag.txt";
    {
        std::ofstream f(path);
        f << "vertices a b c d e f g\na: b c d\nb: c e\nc: e f\nd: f g\ne: g\nf: g\n";
    }
    const auto graph = read_game_graph(path);
    // The product game (two tokens), solved by the generic solver.
    struct Tokens : ImpartialGame {
        const GameGraph* g;
        std::vector<Position> moves(const Position& p) const override {
            std::vector<Position> out;
            for (const auto w : g->moves(static_cast<std::size_t>(p[0]))) out.push_back({w, p[1]});
            for (const auto w : g->moves(static_cast<std::size_t>(p[1]))) out.push_back({p[0], w});
            return out;
        }
    } tokens;
    tokens.g = &graph;
    std::size_t total = 0;
    for (const char* x : {"a", "b", "c", "d"})
        for (const char* y : {"a", "b", "c", "d", "e"}) {
            const auto s = analyze_sum({parse_sum_component("graph " + path + " " + x),
                                        parse_sum_component("graph " + path + " " + y)});
            const Position start{static_cast<std::int64_t>(*graph.find(x)),
                                 static_cast<std::int64_t>(*graph.find(y))};
            const auto brute = solve(tokens, start).winning_moves(start);
            EXPECT_EQ(s.winning_moves.size(), brute.size()) << x << " " << y;
            total += brute.size();
        }
    EXPECT_GT(total, 10u);
    std::remove(path.c_str());
}

TEST(Strategy, LegalityOfTypedMovesComesFromTheRule) {
    const auto dawson = octal_rule(OctalGame::parse("0.07"), 20);
    EXPECT_EQ(dawson->illegal(10, 1, 0).value(), "taking 1 is not allowed in 0.07");
    EXPECT_FALSE(dawson->illegal(10, 2, 0));
    EXPECT_FALSE(dawson->illegal(10, 2, 3));
    EXPECT_EQ(octal_rule(OctalGame::parse("0.6"), 5)->illegal(1, 1, 0).value(),
              "taking 1 may not remove the whole heap in 0.6");
    EXPECT_EQ(octal_rule(OctalGame::parse("0.4"), 12)->illegal(10, 1, 0).value(),
              "taking 1 must split the rest (give the left part) in 0.4");
    EXPECT_EQ(octal_rule(OctalGame::parse("0.1"), 5)->illegal(5, 1, 0).value(),
              "taking 1 must remove the whole heap in 0.1");
    EXPECT_EQ(octal_rule(OctalGame::parse("0.1"), 5)->illegal(5, 1, 2).value(),
              "taking 1 may not split the heap in 0.1");
    EXPECT_TRUE(dawson->illegal(10, 2, 8));  // left part must leave a non-empty right part
    EXPECT_TRUE(dawson->illegal(10, 3, 0));
    EXPECT_FALSE(dawson->illegal(2, 2, 0));
    EXPECT_EQ(nim_rule()->illegal(3, 4, 0).value(), "that heap has only 3 stones");
    const auto grundy = split_rule(SplitGame(1), 20);
    EXPECT_TRUE(grundy->illegal(8, 0, 4));  // 4 + 4: equal heaps
    EXPECT_FALSE(grundy->illegal(8, 0, 3));
    auto s = HeapSum::uniform({10}, dawson);
    EXPECT_EQ(s.illegal(1, 1, 0).value(), "there is no heap 2 (heaps are numbered 1 to 1)");
    s.apply(s.typed_move(0, 2, 3));
    ASSERT_EQ(s.heaps().size(), 2u);
    EXPECT_EQ(s.heaps()[0].size, 3u);
    EXPECT_EQ(s.heaps()[1].size, 5u);
    EXPECT_THROW(s.typed_move(0, 9, 0), toroid::InputError);
}

TEST(Strategy, WythoffListsEveryWinningMove) {
    for (std::uint64_t a = 0; a < 40; ++a)
        for (std::uint64_t b = 0; b < 40; ++b) {
            std::set<std::pair<std::uint64_t, std::uint64_t>> brute;
            for (std::uint64_t k = 1; k <= a; ++k)
                if (wythoff_is_p(a - k, b)) brute.insert({a - k, b});
            for (std::uint64_t k = 1; k <= b; ++k)
                if (wythoff_is_p(a, b - k)) brute.insert({a, b - k});
            for (std::uint64_t k = 1; k <= std::min(a, b); ++k)
                if (wythoff_is_p(a - k, b - k)) brute.insert({a - k, b - k});
            std::set<std::pair<std::uint64_t, std::uint64_t>> ours;
            for (const auto& m : wythoff_winning_moves(a, b)) ours.insert({m.a, m.b});
            EXPECT_EQ(ours, brute) << a << " " << b;
        }
    EXPECT_EQ(wythoff_winning_moves(10, 15).size(), 3u);
}

namespace {

// Misère Grundy values by plain recursion on multisets of heaps, written from
// the definition (no misère quotient): g-(terminal) = 1, else mex of options.
struct MisereBrute {
    std::function<std::vector<std::vector<int>>(int)> heap_options;  // one heap -> its parts
    std::map<std::vector<int>, int> memo;
    int value(std::vector<int> heaps) {
        std::sort(heaps.begin(), heaps.end());
        heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
        if (auto it = memo.find(heaps); it != memo.end()) return it->second;
        std::set<int> seen;
        bool any = false;
        for (std::size_t i = 0; i < heaps.size(); ++i)
            for (const auto& parts : heap_options(heaps[i])) {
                auto next = heaps;
                next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
                next.insert(next.end(), parts.begin(), parts.end());
                seen.insert(value(next));
                any = true;
            }
        int mex = 0;
        while (seen.count(mex)) ++mex;
        return memo[heaps] = any ? mex : 1;
    }
};

// Kayles (0.77): knock down 1 or 2 adjacent pins of a row of n.
std::vector<std::vector<int>> kayles_options(int n) {
    std::vector<std::vector<int>> out;
    for (int k = 1; k <= 2 && k <= n; ++k)
        for (int a = 0; a + k <= n; ++a) out.push_back({a, n - k - a});
    return out;
}
// Dawson's Kayles (0.07): knock down exactly 2 adjacent pins.
std::vector<std::vector<int>> dawson_options(int n) {
    std::vector<std::vector<int>> out;
    for (int a = 0; a + 2 <= n; ++a) out.push_back({a, n - 2 - a});
    return out;
}

}  // namespace

TEST(Misere, SingleHeapValuesAgreeWithCGSuitesPublishedTable) {
    // CGSuite's own regression test (github.com/aaron-siegel/cgsuite,
    // lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala):
    // [R(n).MisereNimValue for n from 0 to 20] for game.heap.Kayles (0.77)
    // and game.heap.DawsonsKayles (0.07), an independent implementation
    // (misère canonical forms and genus theory, not brute force).
    const std::vector<std::uint32_t> kayles{1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2,
                                            4, 0, 1, 2, 5, 1, 6, 3, 2, 0};
    const std::vector<std::uint32_t> dawson{1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1,
                                            3, 0, 2, 1, 1, 0, 0, 2, 1, 3};
    EXPECT_EQ(misere_heap_values(OctalHeapsGame(OctalGame::parse("0.77")), 20), kayles);
    EXPECT_EQ(misere_heap_values(OctalHeapsGame(OctalGame::parse("0.07")), 20), dawson);
}

TEST(Misere, KaylesAndDawsonsKaylesSingleHeapValuesMatchTheDefinition) {
    MisereBrute kayles{kayles_options, {}}, dawson{dawson_options, {}};
    const auto ours_k = misere_heap_values(OctalHeapsGame(OctalGame::parse("0.77")), 24);
    const auto ours_d = misere_heap_values(OctalHeapsGame(OctalGame::parse("0.07")), 24);
    for (int n = 0; n <= 24; ++n) {
        EXPECT_EQ(static_cast<int>(ours_k[static_cast<std::size_t>(n)]), kayles.value({n})) << n;
        EXPECT_EQ(static_cast<int>(ours_d[static_cast<std::size_t>(n)]), dawson.value({n})) << n;
    }
    // The misère outcomes of single heaps (g- = 0 iff P) agree with the
    // brute-force retrograde analysis of the solver.
    const OctalHeapsGame k(OctalGame::parse("0.77"));
    const auto s = solve(k, {12});
    for (std::int64_t n = 1; n <= 12; ++n)
        EXPECT_EQ(ours_k[static_cast<std::size_t>(n)] == 0, s.misere_outcome({n}) == Outcome::P);
    // Subtraction 1-3 (no splits): g-(n) = 1 iff n = 0 mod 4 ... computed two ways.
    const auto sub = misere_heap_values(SubtractionHeapsGame(SubtractionSet::parse("1-3")), 20);
    MisereBrute bash{[](int n) {
                         std::vector<std::vector<int>> o;
                         for (int take = 1; take <= 3 && take <= n; ++take) o.push_back({n - take});
                         return o;
                     },
                     {}};
    for (int n = 0; n <= 20; ++n)
        EXPECT_EQ(static_cast<int>(sub[static_cast<std::size_t>(n)]), bash.value({n}));
    EXPECT_THROW(misere_heap_values(OctalHeapsGame(OctalGame::parse("0.77")), 200, 1000),
                 toroid::InputError);
}

TEST(Lectures, GrundysGameMatchesTheDefinitionAndOeis) {
    // OEIS A002188 (Grundy's game), n = 0..104.
    const std::vector<std::uint32_t> oeis{
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0,
        4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0,
        2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5,
        2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
    const auto g = split_grundy(SplitGame(1), 240);
    EXPECT_EQ(std::vector<std::uint32_t>(g.begin(), g.begin() + 105), oeis);
    // Flammenkamp's table of rare ("sparse") values.
    EXPECT_EQ(g[87], 7u);
    EXPECT_EQ(g[146], 6u);
    EXPECT_EQ(g[158], 11u);
    EXPECT_EQ(g[181], 12u);
    EXPECT_EQ(g[196], 10u);
    EXPECT_EQ(g[231], 10u);
    // by recursion on multisets (normal play: the value of a sum is the xor)
    std::map<int, std::uint32_t> memo;
    std::function<std::uint32_t(int)> brute = [&](int n) -> std::uint32_t {
        if (auto it = memo.find(n); it != memo.end()) return it->second;
        std::set<std::uint32_t> seen;
        for (int a = 1; 2 * a < n; ++a) seen.insert(brute(a) ^ brute(n - a));
        std::uint32_t m = 0;
        while (seen.count(m)) ++m;
        return memo[n] = m;
    };
    for (int n = 0; n <= 60; ++n) EXPECT_EQ(g[static_cast<std::size_t>(n)], brute(n)) << n;
    // any split (D = 0): g = 1 iff n even and n >= 2... computed: mex over xors of parts
    const auto any = split_grundy(SplitGame(0), 30);
    for (std::size_t n = 0; n <= 30; ++n)
        EXPECT_EQ(any[n], n >= 2 ? (n % 2 == 0 ? 1u : 0u) : 0u) << n;
}

TEST(Lectures, ParityGameAnalysisProvesPeriodSix) {
    const auto a = analyze_parity_game(4, 60);
    EXPECT_EQ(a.period, 6u);
    EXPECT_LE(a.proved_at, 60u);
    // The table agrees with the generic solver on every position it reaches.
    const ParityGame game(4);
    const auto s = solve(game, ParityGame::start(59));
    for (std::size_t id = 0; id < s.size(); ++id) {
        const auto& p = s.position(id);
        if (p[0] < 0) continue;
        EXPECT_EQ(s.analysis().value[id], LoopyValue::of(a.at(p[0], p[1], p[2])));
    }
    for (std::int64_t n = 0; n <= 60; ++n)
        for (std::int64_t mover = 0; mover < 2; ++mover)
            EXPECT_EQ(a.at(n, mover, (1 + n + mover) % 2) == 0,
                      parity_game_closed_form_is_p(n, mover))
                << n << " " << mover;
    EXPECT_NE(a.proof().find("period 6"), std::string::npos) << a.proof();
}

TEST(Lectures, ChocolateWithBothPiecesIsDecidedByParity) {
    const auto t = chocolate_pieces_values(24);
    for (std::size_t m = 1; m <= 24; ++m)
        for (std::size_t n = 1; n <= 24; ++n)
            EXPECT_EQ(t.at(m, n), (m * n - 1) % 2) << m << "x" << n;
    EXPECT_THROW(chocolate_pieces_values(301), toroid::InputError);
}

TEST(Lectures, CompoundAndTakeAsHeapSums) {
    // DOMAIN.md: (9, 6, 5, 4) take 1..3: nim-sum 2, take 2 from the 6 -- and every other winning
    // move.
    const auto s =
        HeapSum::uniform({9, 6, 5, 4}, subtraction_rule(SubtractionSet::parse("1-3"), 9));
    EXPECT_EQ(s.value(), 2u);
    const TakeHeapsGame take(3);
    EXPECT_EQ(s.value(), take_heaps_closed_form(3, {9, 6, 5, 4}));
    bool six = false;
    for (const auto& m : s.winning_moves()) six = six || (m.heap == 1 && m.move.take == 2);
    EXPECT_TRUE(six);
    const HeapSum c({{7, subtraction_rule(SubtractionSet::parse("1-3"), 7)},
                     {6, subtraction_rule(SubtractionSet::parse("odd"), 6)},
                     {5, nim_rule()},
                     {3, nim_rule()}});
    EXPECT_EQ(c.value(), compound_closed_form({7, 6, 5, 3}));
    // the solver on the compound game finds the same winning moves
    const CompoundGame game;
    const auto solved = solve(game, {7, 6, 5, 3});
    std::set<Position> brute;
    for (const auto& p : solved.winning_moves({7, 6, 5, 3})) brute.insert(p);
    std::set<Position> ours;
    for (const auto& m : c.winning_moves()) {
        HeapSum t = c;
        t.apply(m);
        Position p;
        for (const auto& h : t.heaps()) p.push_back(static_cast<std::int64_t>(h.size));
        ours.insert(p);
    }
    EXPECT_EQ(ours, brute);
}
