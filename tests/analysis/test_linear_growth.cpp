// apgsearch's yl codes (analysis/linear_growth.hpp): a population record
// worked by hand, records that are not linear growth, Gosper's glider gun,
// and the block-laying switch engine against the code Catagolue publishes
// for it; then the census of soups that never settle.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "picture.hpp"
#include "toroid/analysis/linear_growth.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

using testing::cells_of_picture;
using testing::grid_of_picture;

// Gosper's glider gun (written out here from its well-known shape).
const std::vector<std::string> kGosperGun = {
    "........................o...........", "......................o.o...........",
    "............oo......oo............oo", "...........o...o....oo............oo",
    "oo........o.....o...oo..............", "oo........o...o.oo....o.o...........",
    "..........o.....o.......o...........", "...........o...o....................",
    "............oo......................"};

// A 5 x 5 pattern whose only survivor is a block-laying switch engine.
const std::vector<std::string> kSwitchEngineSeed = {"ooo.o", "o....", "...oo", ".oo.o", "o.o.o"};

TEST(LinearGrowth, CodeOfARecordWorkedByHand) {
    // One cell more every 3 generations: p = 3 (the growth over 3
    // generations is always 1), q = 1, over 3 generations the one-generation
    // growths are 0, 0, 1: m0 = 1, m1 = 1, m2 = 1, hash MD5("1#1").
    const int m = 40;
    std::vector<std::int64_t> pops(3 * m);
    for (int i = 0; i < 3 * m; ++i) pops[std::size_t(i)] = 100 + i / 3;
    EXPECT_EQ(linear_growth_code(pops, m), "yl3_1_1_90240ee96c4ba43f3a1dea919744b9dd");
    // Two interleaved lines: +2 every 2 generations on even steps, with a
    // period-4 wobble: pop = 10 + i + (i % 4 == 1 ? 3 : 0). p = 4 (the
    // growth over 4 generations is 4 everywhere), q = 1; over i < 4 the
    // one-step growths are 4, -2, 1, 1: m0 = 4, m1 = 22, m2 = 58.
    for (int i = 0; i < 3 * m; ++i) pops[std::size_t(i)] = 10 + i + (i % 4 == 1 ? 3 : 0);
    EXPECT_EQ(linear_growth_code(pops, m), "yl4_1_4_83f2bfb36c63c13ec62502d679c1ce7a");
}

TEST(LinearGrowth, PeriodicQuadraticAndShortRecordsAreNot) {
    const int m = 40;
    std::vector<std::int64_t> pops(3 * m);
    for (int i = 0; i < 3 * m; ++i) pops[std::size_t(i)] = 7 + (i % 5);  // periodic: m0 = 0
    EXPECT_EQ(linear_growth_code(pops, m), "");
    for (int i = 0; i < 3 * m; ++i) pops[std::size_t(i)] = std::int64_t(i) * i;  // quadratic
    EXPECT_EQ(linear_growth_code(pops, m), "");
    pops.resize(3 * m - 1);
    EXPECT_THROW(linear_growth_code(pops, m), InputError);
}

TEST(LinearGrowth, GosperGunGrowsAGliderEveryThirtyGenerations) {
    const std::string code = linearlyse(Rule::parse("B3/S23"), cells_of_picture(kGosperGun));
    // p = 30, q = 1 (five cells more every 30 generations, in every phase),
    // m0 = 5.
    EXPECT_EQ(code.substr(0, 9), "yl30_1_5_") << code;
    EXPECT_EQ(code.size(), 9u + 32u) << code;
}

TEST(LinearGrowth, StillLifesAndShipsAreNot) {
    const Rule life = Rule::parse("B3/S23");
    EXPECT_EQ(linearlyse(life, cells_of_picture({"oo", "oo"})), "");
    EXPECT_EQ(linearlyse(life, cells_of_picture({".o.", "..o", "ooo"})), "");
    EXPECT_EQ(linearlyse(life, {}), "");
}

TEST(LinearGrowth, ExplosiveGrowthIsRefusedByTheLimits) {
    // B3/S012345678 (Life without Death) from an R-pentomino grows without
    // bound in every direction; a small torus limit stops it early.
    LinearGrowthOptions o;
    o.max_torus = 512;
    EXPECT_EQ(linearlyse(Rule::parse("B3/S012345678"), cells_of_picture({".oo", "oo.", ".o."}), o),
              "");
}

TEST(CensusLinearGrowth, BlockLayingSwitchEngineHasCatagoluesCode) {
    // The census of an unsettled pattern splits it: the switch engine is
    // coded by its linear growth, the ash it left behind object by object.
    CensusOptions o;
    o.max_generations = 3000;
    SoupCensusRunner runner(Rule::parse("B3/S23"), o);
    const SoupCensus r = runner.run_pattern(grid_of_picture(kSwitchEngineSeed));
    EXPECT_FALSE(r.settled);
    const auto yl = std::count(r.objects.begin(), r.objects.end(),
                               "yl144_1_16_afb5f3db909e60548f086e22ee3353ac");
    EXPECT_EQ(yl, 1);
    for (const std::string& code : r.objects)
        EXPECT_TRUE(code.rfind("xs", 0) == 0 || code.rfind("xp", 0) == 0 ||
                    code.rfind("xq", 0) == 0 || code.rfind("yl144_", 0) == 0)
            << code;
    // The engine lays a block (two, by its glide symmetry) every 288
    // generations: some of the objects are the trail's blocks.
    EXPECT_GE(std::count(r.objects.begin(), r.objects.end(), "xs4_33"), 5);
}

TEST(CensusLinearGrowth, GunIsOneYlCode) {
    CensusOptions o;
    o.max_generations = 2000;
    SoupCensusRunner runner(Rule::parse("B3/S23"), o);
    const SoupCensus r = runner.run_pattern(grid_of_picture(kGosperGun));
    EXPECT_FALSE(r.settled);
    ASSERT_EQ(r.objects.size(), 1u);
    EXPECT_EQ(r.objects[0].substr(0, 9), "yl30_1_5_");
    EXPECT_EQ(r.objects[0], linearlyse(Rule::parse("B3/S23"), cells_of_picture(kGosperGun)));
}

TEST(CensusLinearGrowth, ExplosiveSoupStaysZz) {
    CensusOptions o;
    o.max_generations = 600;
    o.max_torus = 1024;
    SoupCensusRunner runner(Rule::parse("B3/S012345678"), o);
    const SoupCensus r = runner.run_pattern(grid_of_picture({".oo", "oo.", ".o."}));
    EXPECT_FALSE(r.settled);
    ASSERT_EQ(r.objects.size(), 1u);
    EXPECT_EQ(r.objects[0].rfind("zz_", 0), 0u) << r.objects[0];
}

}  // namespace
}  // namespace toroid
