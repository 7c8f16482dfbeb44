// ShipCatalog: recognition by isolated evolution, names, positions in time.
#include <gtest/gtest.h>

#include <algorithm>

#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/universe.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

std::vector<Cell> shape(const char* rle) {
    const Pattern p = parse_pattern(rle, "<test>");
    std::vector<Cell> out;
    for (std::int64_t y = 0; y < p.cells.height(); ++y)
        for (std::int64_t x = 0; x < p.cells.width(); ++x)
            if (p.cells.get(x, y)) out.push_back({x, y});
    return out;
}

TEST(ShipCatalog, NamesLifeShips) {
    ShipCatalog cat{Rule()};
    const int g = cat.classify(shape("x = 3, y = 3\nbo$2bo$3o!"));
    ASSERT_GE(g, 0);
    EXPECT_EQ(cat.kind(g).name, "glider");
    EXPECT_EQ(cat.kind(g).period, 4);
    EXPECT_EQ(cat.kind(g).dx, 1);
    EXPECT_EQ(cat.kind(g).dy, 1);
    const int l = cat.classify(shape("x = 5, y = 4\nbo2bo$o4b$o3bo$4o!"));
    ASSERT_GE(l, 0);
    EXPECT_EQ(cat.kind(l).name, "LWSS");
    EXPECT_EQ(cat.kind(l).dx, -2);
    const int m = cat.classify(shape("x = 6, y = 5\n3bo2b$bo3bo$o5b$o4bo$5o!"));
    ASSERT_GE(m, 0);
    EXPECT_EQ(cat.kind(m).name, "MWSS");
    const int h = cat.classify(shape("x = 7, y = 5\n3b2o2b$bo4bo$o6b$o5bo$6o!"));
    ASSERT_GE(h, 0);
    EXPECT_EQ(cat.kind(h).name, "HWSS");
}

TEST(ShipCatalog, StillLifesAndOscillatorsAreNotShips) {
    ShipCatalog cat{Rule()};
    EXPECT_EQ(cat.classify(shape("x = 2, y = 2\n2o$2o!")), -1);      // block
    EXPECT_EQ(cat.classify(shape("x = 3, y = 1\n3o!")), -1);         // blinker
    EXPECT_EQ(cat.classify(shape("x = 2, y = 1\n2o!")), -1);         // dies
    EXPECT_EQ(cat.classify(shape("x = 3, y = 3\nb2o$2o$bo!")), -1);  // R-pentomino: grows
}

TEST(ShipCatalog, OtherRulesByVelocity) {
    // B3/S23 ships are named; in HighLife (B36/S23) the glider is still a
    // glider-shaped ship, named by its velocity.
    ShipCatalog cat{Rule::parse("B36/S23")};
    const int g = cat.classify(shape("x = 3, y = 3\nbo$2bo$3o!"));
    ASSERT_GE(g, 0);
    EXPECT_EQ(cat.kind(g).name, "(1,1)c/4 ship");
}

// HighLife's bomber, a replicator carrying a glider (period 48, up to 65
// cells): the phase taken from soup k_test490 (generation 3000).
TEST(ShipCatalog, HighLifeBomberOfPeriod48) {
    ShipCatalog cat{Rule::parse("B36/S23")};
    const std::vector<Cell> bomber = shape(
        "x = 15, y = 11\n3b3o$2bo3bo$bo4bo$o2bo2bo$o4bob3o$o3bobo3bo$b3obo4bo$4bo2bo2bo$"
        "4bo4bo2b3o$4bo3bo$5b3o!");
    ASSERT_EQ(bomber.size(), 37u);
    const int k = cat.classify(bomber);
    ASSERT_GE(k, 0);
    EXPECT_EQ(cat.kind(k).period, 48);
    EXPECT_EQ(cat.kind(k).dx, -8);
    EXPECT_EQ(cat.kind(k).dy, -8);
    std::size_t most = 0;
    for (const auto& phase : cat.kind(k).phases) most = std::max(most, phase.size());
    EXPECT_EQ(most, 65u);  // over the old 64-cell bound: every phase is catalogued
    EXPECT_LE(most, ShipCatalog::kMaxCells);
}

TEST(ShipCatalog, CellsAtMatchesTheSimulation) {
    ShipCatalog cat{Rule()};
    const std::vector<Cell> glider = shape("x = 3, y = 3\nbo$2bo$3o!");
    const int k = cat.classify(glider);
    ASSERT_GE(k, 0);
    // Put the glider at (100, 100) at generation 50; run from generation 37 to 70.
    const auto s = make_universe("auto", Rule(), 256, 256, {1, 0});
    Grid g(256, 256);
    for (const Cell& c : ShipCatalog::cells_at(cat.kind(k), 100, 100, 50, 37))
        g.set(c.x, c.y, true);
    s->load(g, 37);
    for (std::int64_t t = 37; t <= 70; ++t) {
        auto expected = ShipCatalog::cells_at(cat.kind(k), 100, 100, 50, t);
        std::sort(expected.begin(), expected.end());
        ASSERT_EQ(s->cells(), expected) << "generation " << t;
        s->step(1);
    }
}

}  // namespace
}  // namespace toroid
