// The analysers' Universe on the CPU backend (the sparse paths: live words,
// incremental population and hash, edits between steps) against the naive
// reference, on every rule kind and awkward torus sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "reference.hpp"
#include "toroid/analysis/universe.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

struct Case {
    const char* rule;
    std::int64_t w, h;
    double density;
};

class UniverseVsReference : public ::testing::TestWithParam<Case> {};

TEST_P(UniverseVsReference, SameEvolution) {
    const Case c = GetParam();
    const Rule rule = Rule::parse(c.rule);
    Grid g(c.w, c.h);
    // A soup across the wrap-around seams of one corner.
    const Grid soup = testing::random_grid(40, 40, c.density, 7);
    g.paste(soup, c.w - 20, c.h - 20, true);
    const auto u = make_universe("auto", rule, c.w, c.h, {1, 5});
    EXPECT_EQ(u->name(), "cpu");
    u->load(g, 3);
    Grid expected = g;
    std::uint64_t t = 3;
    for (int round = 0; round < 8; ++round) {
        u->step(std::uint64_t(round + 1));
        expected = testing::reference_run(expected, rule, 5, t, std::uint64_t(round + 1));
        t += std::uint64_t(round + 1);
        ASSERT_EQ(u->grid(), expected) << c.rule << " after round " << round;
        ASSERT_EQ(u->population(), expected.population());
        ASSERT_EQ(u->hash(), expected.hash());
        ASSERT_EQ(u->generation(), t);
    }
    // Cells come sorted by (y, x) and match the grid.
    const auto cells = u->cells();
    EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));
    EXPECT_EQ(cells.size(), u->population());
    for (const Cell& cell : cells) EXPECT_TRUE(expected.get(cell.x, cell.y));
}

INSTANTIATE_TEST_SUITE_P(
    Rules, UniverseVsReference,
    ::testing::Values(Case{"B3/S23", 128, 192, 0.4}, Case{"B3/S23", 64, 64, 0.5},
                      Case{"B3/S23", 100, 70, 0.4}, Case{"B36/S23", 1100, 65, 0.35},
                      Case{"B2/S34H", 128, 128, 0.3}, Case{"B2/S013V", 129, 64, 0.3},
                      Case{"B3678/S34678", 128, 128, 0.5}, Case{"B1357/S1357", 64, 128, 0.1},
                      Case{"B2(1/3)/S12H", 600, 40, 0.3}, Case{"B0/S8", 70, 33, 0.2}),
    [](const auto& param_info) {
        std::string n;
        for (const char* c = param_info.param.rule; *c; ++c)
            n.push_back(std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_');
        return n + "_" + std::to_string(param_info.param.w) + "x" +
               std::to_string(param_info.param.h);
    });

TEST(Universe, EditsKeepTheSchedulerExact) {
    const Rule life;
    Grid g(1100, 256);
    g.paste(testing::random_grid(60, 60, 0.45, 3), 490, 90);
    const auto u = make_universe("auto", life, 1100, 256, {2, 0});
    u->load(g, 0);
    Grid expected = g;
    for (int i = 0; i < 40; ++i) {
        u->step(7);
        expected = testing::reference_run(expected, life, 0, std::uint64_t(i) * 7, 7);
        // Kill a few cells of the live area in both.
        auto cells = u->cells();
        std::vector<Cell> doomed;
        for (std::size_t k = 0; k < cells.size(); k += 11) doomed.push_back(cells[k]);
        u->clear_cells(doomed);
        for (const Cell& c : doomed) expected.set(c.x, c.y, false);
        ASSERT_EQ(u->hash(), expected.hash()) << "round " << i;
        ASSERT_EQ(u->population(), expected.population());
    }
    ASSERT_EQ(u->grid(), expected);
}

TEST(Universe, UnknownBackendIsAnInputError) {
    EXPECT_THROW(make_universe("quantum", Rule(), 64, 64), InputError);
}

TEST(Universe, StillLifesCostNothing) {
    // A block and a blinker: after the first steps no tile is computed.
    CpuBackend cpu(Rule(), {1, 0});
    Grid g(128, 128);
    g.set(10, 10, true), g.set(11, 10, true), g.set(10, 11, true), g.set(11, 11, true);
    g.set(80, 80, true), g.set(81, 80, true), g.set(82, 80, true);
    cpu.load(g, 0);
    cpu.step(10);
    const auto before = cpu.tiles_computed();
    cpu.step(1000);
    EXPECT_EQ(cpu.tiles_computed(), before);
    EXPECT_EQ(cpu.population(), 7u);
}

// A glider on a 65536 x 65536 torus: only the tiles it visits are touched
// (the planes are mapped lazily), so this takes milliseconds, and it matches
// the same glider on a small torus.
TEST(Universe, HugeTorusCostsItsLiveArea) {
    const std::int64_t side = 65536;
    CpuBackend small(Rule(), {1, 0});
    small.reset(256, 256);
    const int glider[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
    for (auto [x, y] : glider) small.set(100 + x, 100 + y, true);
    CpuBackend huge(Rule(), {2, 0});
    huge.reset(side, side, 0);
    for (auto [x, y] : glider) huge.set(side - 2 + x, side - 2 + y, true);  // across the seam
    EXPECT_EQ(huge.population(), 5u);
    huge.step(400);
    small.step(400);
    EXPECT_EQ(huge.population(), 5u);
    EXPECT_LT(huge.tiles_computed(), 400u * 20u);
    // 100 diagonal cells later: the same shape as on the small torus.
    EXPECT_EQ(huge.read_region({98, 98, 8, 8}), small.read_region({200, 200, 8, 8}));
    EXPECT_EQ(huge.hash(), huge.hash());
}

}  // namespace
}  // namespace toroid
