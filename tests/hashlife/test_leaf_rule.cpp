// LeafRule: HashLife's level-4 base case against a cell-by-cell stepper.
#include <gtest/gtest.h>

#include <random>

#include "hashlife_test_support.hpp"
#include "reference.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/hashlife/leaf_rule.hpp"
#include "toroid/hashlife/node_store.hpp"

namespace toroid {
namespace {

using hashlife::LeafRule;

// The 8x8 leaf of g (16x16) whose top-left cell is (x0, y0).
std::uint64_t leaf_of(const Grid& g, int x0, int y0) {
    std::uint64_t bits = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
            if (g.get(x0 + x, y0 + y)) bits |= std::uint64_t(1) << (y * 8 + x);
    return bits;
}

// The centre of a 16x16 square after g <= 4 generations depends only on the
// square, so stepping it as a 16x16 torus gives the expected centre.
void expect_leaf_rule(const Range1Table& table, std::uint64_t seed, const std::string& what) {
    const LeafRule rule(table);
    for (int trial = 0; trial < 40; ++trial) {
        const Grid square = testing::random_grid(16, 16, 0.1 + 0.02 * trial, seed + trial);
        Grid stepped = square;
        for (int j = 0; j <= 2; ++j) {
            const int gens = 1 << j;
            stepped = square;
            for (int g = 0; g < gens; ++g) stepped = testing::table_step(stepped, table);
            const std::uint64_t got =
                rule.advance16(leaf_of(square, 0, 0), leaf_of(square, 8, 0), leaf_of(square, 0, 8),
                               leaf_of(square, 8, 8), j);
            ASSERT_EQ(got, leaf_of(stepped, 4, 4)) << what << " trial " << trial << " j " << j;
        }
    }
}

TEST(LeafRule, EveryDeterministicRuleKind) {
    std::uint64_t seed = 100;
    for (const auto& text : testing::kDeterministicRules)
        expect_leaf_rule(Rule::parse(text).range1_table(), seed += 50, text);
}

TEST(LeafRule, RandomTables) {  // MAP-like rules: any function of the 3x3 block
    for (std::uint64_t s = 1; s <= 6; ++s)
        expect_leaf_rule(testing::random_table(s), s * 1000, "random");
}

TEST(LeafRule, TableStepAgreesWithTheReference) {  // the test's own stepper, checked once
    for (const auto& text : testing::kDeterministicRules) {
        const Rule rule = Rule::parse(text);
        const Grid g = testing::random_grid(19, 13, 0.35, 7);
        EXPECT_EQ(testing::table_step(g, rule.range1_table()),
                  testing::reference_step(g, rule, 0, 0))
            << text;
    }
}

TEST(LeafRule, LeafQuartersAndCentre) {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 100; ++i) {
        const std::uint64_t a = rng(), b = rng(), c = rng(), d = rng();
        std::uint64_t expected = 0;
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x) {
                const int gx = x + 4, gy = y + 4;  // in the 16x16 square [a b; c d]
                const std::uint64_t leaf = gy < 8 ? (gx < 8 ? a : b) : (gx < 8 ? c : d);
                if ((leaf >> ((gy % 8) * 8 + gx % 8)) & 1)
                    expected |= std::uint64_t(1) << (y * 8 + x);
            }
        ASSERT_EQ(hashlife::leaf_centre(a, b, c, d), expected);
        const unsigned q0 = unsigned(rng() & 0xffff), q1 = unsigned(rng() & 0xffff),
                       q2 = unsigned(rng() & 0xffff), q3 = unsigned(rng() & 0xffff);
        const std::uint64_t leaf = hashlife::leaf_from_quarters(q0, q1, q2, q3);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x) {
                const unsigned q = y < 4 ? (x < 4 ? q0 : q1) : (x < 4 ? q2 : q3);
                ASSERT_EQ((leaf >> (y * 8 + x)) & 1, (q >> ((y % 4) * 4 + x % 4)) & 1);
            }
    }
}

}  // namespace
}  // namespace toroid
