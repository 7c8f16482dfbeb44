// SparseLife against the CPU backend: same states, populations and hashes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "reference.hpp"
#include "toroid/analysis/sparse_life.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

struct Case {
    const char* rule;
    std::int64_t w, h;
    double density;
};

class SparseVsCpu : public ::testing::TestWithParam<Case> {};

TEST_P(SparseVsCpu, SameEvolution) {
    const Case c = GetParam();
    const Rule rule = Rule::parse(c.rule);
    Grid g(c.w, c.h);
    // A soup in one corner region and a few cells across the wrap-around seams.
    const Grid soup = testing::random_grid(40, 40, c.density, 7);
    g.paste(soup, c.w - 20, c.h - 20);
    SparseLife s(rule, c.w, c.h);
    s.load(g, 0);
    CpuBackend b(rule, {1, 0});
    b.load(g);
    for (int round = 0; round < 12; ++round) {
        s.step(round + 1);
        b.step(std::uint64_t(round + 1));
        ASSERT_EQ(s.grid(), b.grid()) << c.rule << " after round " << round;
        ASSERT_EQ(s.population(), b.population());
        ASSERT_EQ(s.hash(), b.hash());
        ASSERT_EQ(s.generation(), b.generation());
    }
    // Cells come sorted by (y, x) and match the grid.
    const auto cells = s.cells();
    EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));
    EXPECT_EQ(cells.size(), s.population());
    for (const Cell& cell : cells) EXPECT_TRUE(b.get(cell.x, cell.y));
}

INSTANTIATE_TEST_SUITE_P(
    Rules, SparseVsCpu,
    ::testing::Values(Case{"B3/S23", 128, 192, 0.4}, Case{"B3/S23", 64, 64, 0.5},
                      Case{"B36/S23", 192, 128, 0.35}, Case{"B2/S34H", 128, 128, 0.3},
                      Case{"B2/S013V", 128, 64, 0.3}, Case{"B3678/S34678", 128, 128, 0.5},
                      Case{"B1357/S1357", 64, 128, 0.1}),
    [](const auto& param_info) {
        std::string n;
        for (const char* c = param_info.param.rule; *c; ++c)
            n.push_back(std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_');
        return n + "_" + std::to_string(param_info.param.w) + "x" +
               std::to_string(param_info.param.h);
    });

TEST(SparseLife, EditsKeepTheSchedulerExact) {
    const Rule life;
    Grid g(256, 256);
    g.paste(testing::random_grid(60, 60, 0.45, 3), 90, 90);
    SparseLife s(life, 256, 256);
    CpuBackend b(life, {1, 0});
    s.load(g, 0);
    b.load(g);
    for (int i = 0; i < 40; ++i) {
        s.step(7);
        b.step(7);
        // Kill a few cells of the live area in both.
        auto cells = s.cells();
        std::vector<Cell> doomed;
        for (std::size_t k = 0; k < cells.size(); k += 11) doomed.push_back(cells[k]);
        s.clear_cells(doomed);
        for (const Cell& c : doomed) b.set(c.x, c.y, false);
        ASSERT_EQ(s.hash(), b.hash());
        ASSERT_EQ(s.population(), b.population());
    }
    ASSERT_EQ(s.grid(), b.grid());
}

TEST(SparseLife, RefusesWhatItCannotRun) {
    EXPECT_THROW(SparseLife(Rule::parse("B3/S23"), 100, 64), InputError);
    EXPECT_THROW(SparseLife(Rule::parse("B03/S23"), 64, 64), InputError);
    EXPECT_THROW(SparseLife(Rule::parse("B3(1/2)/S23"), 64, 64), InputError);
    EXPECT_FALSE(sparse_life_supports(Rule::parse("B0/S8"), 64, 64));
    EXPECT_TRUE(sparse_life_supports(Rule::parse("B2/S34H"), 128, 64));
}

TEST(SparseLife, StillLifesCostNothing) {
    // A block and a blinker: after the first steps no tile is computed.
    Grid g(128, 128);
    g.set(10, 10, true), g.set(11, 10, true), g.set(10, 11, true), g.set(11, 11, true);
    g.set(80, 80, true), g.set(81, 80, true), g.set(82, 80, true);
    SparseLife s(Rule(), 128, 128);
    s.load(g, 0);
    s.step(10);
    const auto before = s.tiles_computed();
    s.step(1000);
    EXPECT_EQ(s.tiles_computed(), before);
    EXPECT_EQ(s.population(), 7u);
}

}  // namespace
}  // namespace toroid
