// Table rules as a fixed multiplexer tree (table_tree.hpp, step_variant.hpp's
// TableTreeStep): the tree equals its table on all 512 blocks for tables of
// every shape, and the rules that take it step as the reference does in
// every instruction set. Which table rules take which variant is checked
// too, so that the differential tests keep covering all three.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "reference.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

using testing::random_grid;
using testing::reference_run;

// The tree's next state on every block (bit b of word w: block 64 w + b).
void expect_tree_is_table(const Range1Table& t) {
    CompiledRule c;
    c.uses_circuit = c.uses_tree = true;
    c.tree = make_table_tree(t);
    for (unsigned w = 0; w < 8; ++w) {
        std::uint64_t in[9] = {};
        for (unsigned b = 0; b < 64; ++b)
            for (int k = 0; k < 9; ++k)
                in[k] |= std::uint64_t(Range1Table::cell(w * 64 + b, k)) << b;
        const Shifted3<std::uint64_t> up{in[0], in[1], in[2]}, mid{in[3], in[4], in[5]},
            down{in[6], in[7], in[8]};
        ASSERT_EQ(TableTreeStep::next(up, mid, down, c), t.bits[w]) << "blocks " << w * 64;
    }
}

TEST(TableTree, EqualsItsTableOnEveryBlock) {
    std::mt19937_64 rng(11);
    for (const char* text :
         {"B3/S23", "B2-a/S12", "B2o3m/S2pH", "B1/S013V", "B0/S8", "B2ei3cjn/S1c2-ae3eijy4ceqt"})
        expect_tree_is_table(Rule::parse(text).range1_table());
    Range1Table ones;
    for (unsigned i = 0; i < 512; ++i) ones.set(i, true);
    expect_tree_is_table(ones);
    expect_tree_is_table(Range1Table{});
    for (int i = 0; i < 50; ++i) {
        Range1Table t;
        for (unsigned k = 0; k < 512; ++k) t.set(k, rng() & 1);
        expect_tree_is_table(t);
        // Each single block alone (every leaf and every path of the tree).
        Range1Table one;
        one.set(unsigned(rng() % 512), true);
        expect_tree_is_table(one);
    }
}

// Random Moore MAP rules have large diagrams: they run as the tree, B0
// (an empty block born) included, dense and sparse.
TEST(TableTree, RandomMapRulesMatchReference) {
    std::mt19937_64 rng(12);
    for (int i = 0; i < 12; ++i) {
        Range1Table t;
        for (unsigned k = 0; k < 512; ++k) t.set(k, rng() & 1);
        t.set(0, i % 3 == 0);
        const Rule rule = Rule::from_table(t, Neighbourhood::Moore);
        const CompiledRule c = rule.compile();
        ASSERT_TRUE(c.uses_tree) << rule.to_string();
        ASSERT_GT(c.circuit.nodes(), kTableTreeAboveNodes);
        const int w = 60 + int(rng() % 80), h = 1 + int(rng() % 50);
        const Grid start = random_grid(w, h, 0.45, rng());
        Grid dot(300, 64);
        dot.set(100, 40, true);
        dot.set(101, 40, true);
        const Grid& sparse = dot;
        for (const std::string& isa : CpuBackend::instruction_sets())
            for (const Grid* g : {&start, &sparse}) {
                CpuBackend cpu(rule, {2, 0});
                cpu.use_instruction_set(isa);
                cpu.load(*g, 0);
                Grid expected = *g;
                for (int gen = 1; gen <= 3; ++gen) {
                    cpu.step(1);
                    expected = reference_run(expected, rule, 0, std::uint64_t(gen - 1), 1);
                    ASSERT_EQ(cpu.grid(), expected) << isa << " gen " << gen;
                    ASSERT_EQ(cpu.population(), expected.population());
                }
            }
    }
}

// Which variant each kind of table rule takes: near-totalistic rules the
// corrections, a random Moore table the tree, and a table whose diagram is
// small but far from any count rule the interpreted circuit. The
// differential tests (test_cpu_backend.cpp, the emulated launches) list
// rules of each.
TEST(TableTree, EachTableVariantHasItsRules) {
    const CompiledRule near = Rule::parse("B2-a/S12").compile();
    EXPECT_TRUE(near.count_corrected);
    EXPECT_FALSE(near.uses_tree);
    const CompiledRule map =
        Rule::parse(
            "MAPPoNc1+4eAKOkM5B+oaygstwJrLlk6SnDvu72Lz/O2+yh19DcQGN28S9dP68gzn9z3"
            "ZliBET6+uZh+7/3Elo6M4")
            .compile();
    EXPECT_FALSE(map.count_corrected);
    EXPECT_TRUE(map.uses_tree);
    // The parity of three cells (north-west, north, south-east): a diagram
    // of five nodes, and about half the patterns of every count to correct,
    // far beyond the budget.
    Range1Table parity;
    for (unsigned i = 0; i < 512; ++i)
        parity.set(i, Range1Table::cell(i, 0) ^ Range1Table::cell(i, 1) ^ Range1Table::cell(i, 8));
    const CompiledRule odd = Rule::from_table(parity, Neighbourhood::Moore).compile();
    EXPECT_FALSE(odd.count_corrected);
    EXPECT_FALSE(odd.uses_tree);
    EXPECT_LE(odd.circuit.nodes(), 5);
}

// Tables with small diagrams far from any count rule run as the
// interpreted circuit; on a torus as the reference in every instruction set.
TEST(TableTree, SmallDiagramRulesStayCircuitsAndMatchReference) {
    std::mt19937_64 rng(13);
    for (int i = 0; i < 6; ++i) {
        // The parity of three or four cells drawn at random, maybe inverted
        // (an empty block born).
        int cells[4];
        for (int& k : cells) k = int(rng() % 9);
        const bool invert = i % 2 == 1;
        Range1Table t;
        for (unsigned b = 0; b < 512; ++b) {
            bool v = invert;
            for (int j = 0; j < 3 + i % 2; ++j) v ^= Range1Table::cell(b, cells[j]);
            t.set(b, v);
        }
        const Rule rule = Rule::from_table(t, Neighbourhood::Moore);
        const CompiledRule c = rule.compile();
        if (c.count_corrected) continue;  // cells drawn twice: maybe a count rule
        ASSERT_FALSE(c.uses_tree);
        const Grid start = random_grid(97, 41, 0.4, rng());
        for (const std::string& isa : CpuBackend::instruction_sets()) {
            CpuBackend cpu(rule, {1, 0});
            cpu.use_instruction_set(isa);
            cpu.load(start, 0);
            cpu.step(3);
            EXPECT_EQ(cpu.grid(), reference_run(start, rule, 0, 0, 3)) << isa << " " << i;
        }
    }
}

}  // namespace
}  // namespace toroid
