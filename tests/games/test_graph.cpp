#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "toroid/error.hpp"
#include "toroid/games/game_graph.hpp"
#include "toroid/games/graph_analysis.hpp"
#include "toroid/games/misere.hpp"
#include "toroid/games/sum.hpp"

using namespace toroid::games;

namespace {
GameGraph parse(const std::string& text) {
    std::istringstream in(text);
    return parse_game_graph(in, "test.txt");
}
std::string error_of(const std::string& text) {
    try {
        parse(text);
    } catch (const toroid::InputError& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST(GameGraph, ParsesAllLineForms) {
    const auto g =
        parse("# a city\nvertices a b c d\nvertices e\na b\nb -> c\nc: d e\n\nd e  # comment\n");
    EXPECT_EQ(g.size(), 5u);
    EXPECT_EQ(g.moves(*g.find("c")).size(), 2u);
    const auto n = parse("vertices 4\n0 1\n1 2\n2 3\n");
    EXPECT_EQ(n.size(), 4u);
    const auto a = analyze_graph(n);
    EXPECT_TRUE(a.acyclic);
    EXPECT_EQ(a.value[3], LoopyValue::of(0));
    EXPECT_EQ(a.value[2], LoopyValue::of(1));
    EXPECT_EQ(a.value[1], LoopyValue::of(0));
}

TEST(GameGraph, BadFilesNameFileLineAndExpectation) {
    auto e = error_of("vertices a b\na c\n");
    EXPECT_NE(e.find("test.txt:2:"), std::string::npos) << e;
    EXPECT_NE(e.find("unknown vertex 'c'"), std::string::npos) << e;
    e = error_of("vertices a b\na b c d\n");
    EXPECT_NE(e.find("test.txt:2:"), std::string::npos) << e;
    EXPECT_NE(e.find("expected"), std::string::npos) << e;
    e = error_of("a b\n");
    EXPECT_NE(e.find("test.txt:1: unknown vertex"), std::string::npos) << e;
    e = error_of("vertices a a\n");
    EXPECT_NE(e.find("declared twice"), std::string::npos) << e;
    e = error_of("# nothing\n");
    EXPECT_NE(e.find("no vertices"), std::string::npos) << e;
    e = error_of("vertices\n");
    EXPECT_NE(e.find("test.txt:1:"), std::string::npos) << e;
    e = error_of("vertices 99999999999999999999\n");
    EXPECT_NE(e.find("beyond 64 bits"), std::string::npos) << e;
    EXPECT_THROW(read_game_graph("/nonexistent/graph.txt"), toroid::InputError);
}

TEST(GraphAnalysis, CyclesGiveDrawsAndInfinities) {
    // x <-> y is a draw; z can escape to the terminal w (N); b escapes to c.
    const auto g = parse("vertices x y z w a b c\nx y\ny x\nz x\nz w\na b\nb a\nb c\n");
    const auto r = analyze_graph(g);
    EXPECT_FALSE(r.acyclic);
    auto v = [&](const char* n) { return r.value[*g.find(n)]; };
    EXPECT_EQ(v("w"), LoopyValue::of(0));
    EXPECT_EQ(v("x").to_string(), "inf");
    EXPECT_EQ(v("x").outcome(), Outcome::Draw);
    EXPECT_EQ(v("z").to_string(), "inf(0)");
    EXPECT_EQ(v("z").outcome(), Outcome::N);
    EXPECT_EQ(v("a"), LoopyValue::of(0));
    EXPECT_EQ(v("b"), LoopyValue::of(1));
    const auto ret = retrograde_outcomes(g);
    EXPECT_EQ(ret, r.outcome);
    // from the draw the only good move keeps the draw; from z the win is w
    EXPECT_EQ(good_moves(g, ret, *g.find("z")), std::vector<std::size_t>{*g.find("w")});
    EXPECT_EQ(good_moves(g, ret, *g.find("x")), std::vector<std::size_t>{*g.find("y")});
}

TEST(GraphAnalysis, RandomGraphsValuesAgreeWithRetrogradeAndMex) {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
        GameGraph g;
        const std::size_t n = 1 + rng() % 30;
        for (std::size_t i = 0; i < n; ++i) g.add_vertex(std::to_string(i));
        const bool acyclic = trial % 2 == 0;
        for (std::size_t e = 0; e < 2 * n; ++e) {
            std::size_t a = rng() % n, b = rng() % n;
            if (acyclic) {
                if (a == b) continue;
                if (a < b) std::swap(a, b);  // edges go down only
            }
            g.add_edge(a, b);
        }
        const auto r = analyze_graph(g);
        EXPECT_EQ(r.outcome, retrograde_outcomes(g)) << trial;
        if (acyclic) {
            EXPECT_TRUE(r.acyclic);
            std::vector<std::uint64_t> mex(n);
            for (std::size_t v = 0; v < n; ++v) {
                std::vector<bool> seen(n + 2, false);
                for (const auto w : g.moves(v)) seen[mex[w]] = true;
                std::uint64_t m = 0;
                while (seen[m]) ++m;
                mex[v] = m;
                EXPECT_EQ(r.value[v], LoopyValue::of(m));
            }
        }
        // Finite values satisfy the mex rule also in loopy graphs.
        for (std::size_t v = 0; v < n; ++v) {
            if (!r.value[v].finite) continue;
            const auto gv = r.value[v].value;
            for (const auto w : g.moves(v))
                EXPECT_FALSE(r.value[w].finite && r.value[w].value == gv);
        }
    }
}

TEST(Misere, DiffersFromNormalPlayOnAPath) {
    // a -> b -> c: normal a is P? a->b->c: c P, b N, a P. Misère: c N, b P, a N.
    const auto g = parse("vertices a b c\na b\nb c\n");
    const auto m = compare_misere(g);
    EXPECT_EQ(m.differing.size(), 3u);
    EXPECT_EQ(m.misere[*g.find("c")], Outcome::N);
    EXPECT_NE(m.statement(g).find("differ at 3 of 3"), std::string::npos);
    // a game where nothing differs: a -> b, a -> c, c -> b (a can reach both parities)
    const auto h = parse("vertices a b c\na b\na c\nc b\n");
    const auto mh = compare_misere(h);
    EXPECT_EQ(mh.normal[*h.find("a")], Outcome::N);
    EXPECT_EQ(mh.misere[*h.find("a")], Outcome::N);
}

TEST(Sum, WinningMoveLocatedInItsComponent) {
    auto nim = [](std::uint64_t h) {
        SumComponent c = heap_component(nim_rule(), h);
        c.moves_to = [h](std::uint64_t t) {
            std::vector<ComponentMove> out;
            if (t < h) out.push_back({"take " + std::to_string(h - t), {}});
            return out;
        };
        return c;
    };
    const auto a = analyze_sum({nim(3), nim(5), nim(7)});
    EXPECT_EQ(a.value, LoopyValue::of(1));
    ASSERT_EQ(a.winning_moves.size(), 3u);
    EXPECT_EQ(a.winning_moves[2].description, "take 1");
    const auto b = analyze_sum({nim(7), nim(1), nim(2)});  // 7^1^2 = 4
    ASSERT_EQ(b.winning_moves.size(), 1u);
    EXPECT_EQ(b.winning_moves[0].component, 0u);
    EXPECT_EQ(b.winning_moves[0].target_value, 3u);
    EXPECT_EQ(analyze_sum({nim(4), nim(4)}).outcome, Outcome::P);
    // a loopy component: infinity(0,2) + 2 -> the winning move goes to value 2 there
    SumComponent loopy{"loop", LoopyValue{false, 0, {0, 2}},
                       [](std::uint64_t t) {
                           return std::vector<ComponentMove>{{"to value " + std::to_string(t), {}}};
                       },
                       nullptr, 0};
    const auto c = analyze_sum({loopy, nim(2)});
    EXPECT_EQ(c.outcome, Outcome::N);
    ASSERT_EQ(c.winning_moves.size(), 1u);
    EXPECT_EQ(c.winning_moves[0].description, "to value 2");
    EXPECT_EQ(analyze_sum({loopy, loopy}).outcome, Outcome::Draw);
}
