// The census of one soup: escaping ships counted once and removed before
// they wrap, ash separated and coded; a known soup's ash against
// python-lifelib; the haul and textcensus formats.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "toroid/analysis/haul.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/ship_catalog.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"
#include "wechsler_decode.hpp"

namespace toroid {
namespace {

Grid from_rows(const std::vector<std::string>& rows, std::int64_t w = 0, std::int64_t h = 0) {
    std::int64_t width = w, height = h;
    for (const auto& r : rows) width = std::max(width, std::int64_t(r.size()));
    height = std::max(height, std::int64_t(rows.size()));
    Grid g(width, height);
    for (std::size_t y = 0; y < rows.size(); ++y)
        for (std::size_t x = 0; x < rows[y].size(); ++x)
            if (rows[y][x] == 'o') g.set(std::int64_t(x), std::int64_t(y), true);
    return g;
}

// `part` copied into `g` at (x, y).
void paste(Grid& g, const Grid& part, std::int64_t x, std::int64_t y) {
    for (std::int64_t j = 0; j < part.height(); ++j)
        for (std::int64_t i = 0; i < part.width(); ++i)
            if (part.get(i, j)) g.set(x + i, y + j, true);
}

SoupCensusRunner small_runner() {
    CensusOptions o;
    o.torus = 64;  // ships would lap it within a few hundred generations
    o.max_generations = 5000;
    return SoupCensusRunner(Rule::parse("B3/S23"), o);
}

const Grid kGliderSE = from_rows({".o.", "..o", "ooo"});
const Grid kLwssW = from_rows({".o..o", "o....", "o...o", "oooo."});
const Grid kMwssW = from_rows({"...o..", ".o...o", "o.....", "o....o", "ooooo."});
const Grid kHwssW = from_rows({"...oo..", ".o....o", "o......", "o.....o", "oooooo."});
const Grid kBlock = from_rows({"oo", "oo"});

TEST(SoupCensus, EscapingShipsCountedOnce) {
    SoupCensusRunner runner = small_runner();
    struct Case {
        Grid ship;
        std::string code;
    };
    for (const Case& c : {Case{kGliderSE, "xq4_153"}, Case{kLwssW, "xq4_6frc"},
                          Case{kMwssW, "xq4_27dee6"}, Case{kHwssW, "xq4_27deee6"}}) {
        SCOPED_TRACE(c.code);
        // The ship alone, then beside a block it flies away from.
        const SoupCensus alone = runner.run_pattern(c.ship);
        EXPECT_TRUE(alone.settled);
        EXPECT_EQ(alone.objects, std::vector<std::string>{c.code});
        EXPECT_EQ(alone.ships_removed, 1u);
        Grid g(30, 30);
        const bool west = c.code != "xq4_153";
        paste(g, kBlock, west ? 26 : 0, west ? 12 : 0);
        paste(g, c.ship, west ? 10 : 8, west ? 12 : 8);
        const SoupCensus with_block = runner.run_pattern(g);
        EXPECT_TRUE(with_block.settled);
        EXPECT_EQ(with_block.objects, (std::vector<std::string>{c.code, "xs4_33"}));
        EXPECT_EQ(with_block.ships_removed, 1u);
    }
}

// A ship (`shape`, any phase) started from each of its phases, in a field
// of 60 (at 10, 10; a block at 56, 56 with `block`): the census settles
// early and counts `expected`.
void expect_from_every_phase(SoupCensusRunner& runner, const Rule& rule,
                             const std::vector<Cell>& shape, bool block,
                             const std::vector<std::string>& expected) {
    ShipCatalog catalog(rule);
    const int kind = catalog.classify(shape);
    ASSERT_GE(kind, 0);
    const ShipKind k = catalog.kind(kind);
    for (int phase = 0; phase < k.period; ++phase) {
        SCOPED_TRACE("phase " + std::to_string(phase));
        Grid g(60, 60);
        for (const Cell& c : k.phases[std::size_t(phase)]) g.set(c.x + 10, c.y + 10, true);
        if (block) paste(g, kBlock, 56, 56);
        const SoupCensus r = runner.run_pattern(g);
        EXPECT_TRUE(r.settled);
        EXPECT_EQ(r.objects, expected);
        EXPECT_LT(r.generations, 1000u);
    }
}

// HighLife's bomber (period 48) leaves as a ship with a block behind it,
// coded as python-lifelib codes it; before ships of period up to 64 were
// catalogued, its soups never settled (PATHOLOGICAL).
TEST(SoupCensus, HighLifeBomberLeavesAsAShip) {
    CensusOptions o;
    o.max_generations = 5000;
    SoupCensusRunner runner(Rule::parse("B36/S23"), o);
    const Grid bomber =
        from_rows({"...ooo", "..o...o", ".o....o", "o..o..o", "o....o.ooo", "o...o.o...o",
                   ".ooo.o....o", "....o..o..o", "....o....o..ooo", "....o...o", ".....ooo"});
    Grid g(40, 40);
    paste(g, bomber, 0, 0);  // flies north-west, away from the block
    paste(g, kBlock, 36, 36);
    const SoupCensus c = runner.run_pattern(g);
    EXPECT_TRUE(c.settled);
    EXPECT_EQ(c.objects, (std::vector<std::string>{"xq48_07z8ca7zy1e531", "xs4_33"}));
    EXPECT_EQ(c.ships_removed, 1u);
    // From every phase: at 36 of the 48 the bomber is two to six groups, and
    // sweeps 64 generations apart see only three phases of it; the pieces
    // are tried together, so it leaves whatever phase the sweeps meet.
    std::vector<Cell> shape;
    for (std::int64_t y = 0; y < bomber.height(); ++y)
        for (std::int64_t x = 0; x < bomber.width(); ++x)
            if (bomber.get(x, y)) shape.push_back({x, y});
    expect_from_every_phase(runner, Rule::parse("B36/S23"), shape, true,
                            {"xq48_07z8ca7zy1e531", "xs4_33"});
}

// Ships side by side: one object when they change one another (B2-a/S12's
// xq6_30d, two xq6_15 whose cells are born and kept by both: apgsearch
// counts one), each ship when they fly on as they would alone (two xq6_15
// eight cells apart, as two gliders side by side in Life).
TEST(SoupCensus, ShipsSideBySideAreOneObjectOnlyWhenTheyInteract) {
    CensusOptions o;
    o.max_generations = 5000;
    const Rule rule = Rule::parse("B2-a/S12");
    SoupCensusRunner runner(rule, o);
    // xq6_30d from each phase: at some each half is a ship by itself,
    // which sweeps used to count as two ships.
    expect_from_every_phase(runner, rule, {{0, 0}, {2, 0}, {0, 1}, {2, 2}, {2, 3}}, false,
                            {"xq6_30d"});
    ShipCatalog catalog(rule);
    const Grid single = from_rows({"oo", "..", ".o"});  // xq6_15
    const int kind = catalog.classify({{0, 0}, {1, 0}, {1, 2}});
    ASSERT_GE(kind, 0);
    const ShipKind& k = catalog.kind(kind);
    // Side by side: the second copy across the path, (dy, -dx) in signs.
    auto sign = [](std::int64_t v) { return std::int64_t(v > 0) - std::int64_t(v < 0); };
    Grid two(40, 40);
    paste(two, single, 16, 16);
    paste(two, single, 16 + 8 * sign(k.dy), 16 - 8 * sign(k.dx));
    const SoupCensus apart = runner.run_pattern(two);
    EXPECT_TRUE(apart.settled);
    EXPECT_EQ(apart.objects, (std::vector<std::string>{"xq6_15", "xq6_15"}));
    EXPECT_EQ(apart.ships_removed, 2u);
}

// lifelib 2's 3D separation: an object apgsearch v4's separation keeps
// whole (an island that stops a birth of another) is split when its parts
// each evolve alone exactly as in the whole. B2-a/S12, the object of soup
// k_rulecheck02235, coded as apgsearch (lifelib 2.5.6) codes that soup.
// (Where several splits are faithful, lifelib takes the first in an order
// of its hash table's making, which toroid does not copy: soups 394 and
// 1432 of that root split otherwise, BENCHMARKS.md.)
TEST(SoupCensus, ObjectsWhosePartsDoNotInteractAreSplit) {
    CensusOptions o;
    o.max_generations = 2000;
    SoupCensusRunner runner(Rule::parse("B2-a/S12"), o);
    EXPECT_EQ(runner.run_pattern(from_apgcode("xp3_2a0b88zw3")).objects,
              (std::vector<std::string>{"xp3_220t044", "xs2_3"}));
}

// B3/S23H: xs14_26ait32 written out as its apgcode reads is a block and a
// 10-cell still life touching only at a corner that is not a hexagonal
// neighbour. lifelib 2's 3D separation joins cells by the Moore
// neighbourhood on every rule of its "95" zone of influence, so the two
// are one space-time island, never split; toroid keeps it whole too.
// (In soup k_toroidhex02963 the same 14 cells lie in another of the
// hexagonal lattice's orientations, the block two cells from the other
// still life: there toroid counts xs10_359f and xs4_33 where apgsearch
// counts xs14_26ait32, one of the hexagonal differences BENCHMARKS.md
// lists.)
TEST(SoupCensus, HexagonalStillLifesTouchingAtACornerAreOneObject) {
    CensusOptions o;
    o.max_generations = 2000;
    SoupCensusRunner runner(Rule::parse("B3/S23H"), o);
    EXPECT_EQ(runner.run_pattern(from_apgcode("xs14_26ait32")).objects,
              (std::vector<std::string>{"xs14_26ait32"}));
}

// Hexagonal soups whose clusters lifelib 2 splits in its apgcode's
// orientation (soup_census_state.hpp, zone_clusters and
// as_lifelib_writes_it): apgsearch v4.2 with lifelib 2.5.6, built for each
// rule (B3/S23H, B2/S34H, g3b3s23h), printed each soup's objects; toroid
// had split or kept these clusters otherwise (xs8_cc33 as two blocks,
// xs7_3bo kept whole, ...).
TEST(SoupCensus, HexagonalClustersSplitAsLifelibSplitsThem) {
    struct Case {
        const char* rule;
        const char* seed;
        std::vector<std::string> objects;  // sorted
    };
    const std::vector<Case> cases = {
        {"B3/S23H", "k_toroidhex02302", {"xs11_79de", "xs8_cc33"}},
        {"B3/S23H",
         "k_toroidhex02417",
         {"xs10_clv", "xs12_33135e", "xs14_fllu", "xs3_13", "xs4_33", "xs4_33"}},
        {"B3/S23H", "k_toroidhex02830", {"xs3_13", "xs4_33", "xs4_33", "xs9_olf"}},
        {"B3/S23H", "k_toroidhex02963", {"xs14_26ait32", "xs4_33", "xs4_33"}},
        {"B2/S34H", "k_rulecheck021487", {"xp2_3", "xp2_3", "xp2_3", "xp2_3", "xp2_3", "xp2_4821"}},
        // Hexagonal Generations (apgsearch built for g3b3s23h).
        {"g3b3s23h",
         "k_toroidhex02317",
         {"xs26_xfl5564zflp11", "xs3_13", "xs4_33", "xs4_33", "xs4_33"}},
        {"g3b3s23h", "k_toroidhex02334", {"xs4_33", "xs4_33", "xs4_33", "xs4_33", "xs8_cc33"}},
    };
    for (const Case& c : cases) {
        SoupCensusRunner runner(Rule::parse(c.rule), CensusOptions{});
        std::vector<std::string> objects = runner.run(c.seed).objects;
        std::sort(objects.begin(), objects.end());
        EXPECT_EQ(objects, c.objects) << c.rule << " " << c.seed;
    }
}

TEST(SoupCensus, ShipsInFourDirectionsAndAnOscillator) {
    SoupCensusRunner runner = small_runner();
    Grid g(40, 40);
    paste(g, from_rows({"ooo"}), 18, 20);               // blinker at the centre
    paste(g, kGliderSE, 30, 30);                        // south-east
    paste(g, from_rows({"ooo", "o..", ".o."}), 2, 2);   // north-west
    paste(g, from_rows({".o.", "o..", "ooo"}), 2, 30);  // south-west
    const SoupCensus r = runner.run_pattern(g);
    EXPECT_TRUE(r.settled);
    EXPECT_EQ(r.period, 2u);
    EXPECT_EQ(r.ships_removed, 3u);
    EXPECT_EQ(r.objects, (std::vector<std::string>{"xp2_7", "xq4_153", "xq4_153", "xq4_153"}));
}

TEST(SoupCensus, ParallelGliderPairIsTwoGliders) {
    // Two gliders flying side by side, two cells apart: one group that
    // moves as one ship (soup k_toroidstat011739 emits such a pair), but
    // two gliders to apgsearch.
    SoupCensusRunner runner = small_runner();
    const Grid pair = from_apgcode("xq4_562gzx231");
    const SoupCensus r = runner.run_pattern(pair);
    EXPECT_TRUE(r.settled);
    EXPECT_EQ(r.objects, (std::vector<std::string>{"xq4_153", "xq4_153"}));
    EXPECT_EQ(r.ships_removed, 2u);
}

TEST(SoupCensus, AFasterShipBehindCatchesAGlider) {
    // A glider flying north-west and an LWSS flying west 20 cells behind
    // it and 20 above: the LWSS catches up (c/2 against c/4 along x) and
    // the crash leaves five beehives (python-lifelib, 3000 generations on
    // the plane); a block far east looks on. Deleting the glider as soon
    // as it is 16 cells ahead would report both ships instead.
    Grid g(66, 30);
    paste(g, from_rows({"ooo", "o..", ".o."}), 0, 20);
    paste(g, kLwssW, 20, 0);
    paste(g, kBlock, 60, 8);
    SoupCensusRunner runner = small_runner();
    const SoupCensus r = runner.run_pattern(g);
    EXPECT_TRUE(r.settled);
    EXPECT_EQ(r.ships_removed, 0u);
    EXPECT_EQ(r.objects, (std::vector<std::string>{"xs4_33", "xs6_696", "xs6_696", "xs6_696",
                                                   "xs6_696", "xs6_696"}));
}

TEST(SoupCensus, KnownSoupAgreesWithLifelib) {
    // python-lifelib: hashsoup("b3s23", "C1", "n_GcpqZ62YqD3310086454")[1000]
    // has apgcode xp46_033y133zzzckgsxsgkczydciczy4ccy0222 as a whole
    // (lifelib's own integration test): a twin bees shuttle with its
    // blocks, a beehive and a blinker beside it, no ship ever leaving
    // (its box stays 21 x 29). identify() codes the whole ash the same;
    // the census separates it into its three independent objects.
    const Rule life = Rule::parse("B3/S23");
    const Grid soup = hashsoup("n_GcpqZ62YqD3310086454", "C1").cells;
    const Identification whole = identify(soup, life);
    EXPECT_EQ(whole.code, "xp46_033y133zzzckgsxsgkczydciczy4ccy0222");
    SoupCensusRunner runner(life, CensusOptions{});
    const SoupCensus r = runner.run("n_GcpqZ62YqD3310086454");
    EXPECT_TRUE(r.settled);
    EXPECT_EQ(r.period, 46u);
    EXPECT_EQ(r.ships_removed, 0u);
    EXPECT_EQ(r.objects,
              (std::vector<std::string>{"xp2_7", "xp46_033y133zzzckgsxsgkczz0cc", "xs6_696"}));
}

// Generations: cells in their states. Star Wars (g4b2s345) ships trail
// two dying states; one flying east from a still life leaves as a ship
// (counted once by lifelib's layered code, removed before it wraps), the
// still life stays; a dying cell on its own decays to nothing.
TEST(SoupCensus, GenerationsShipLeavesAStillLife) {
    const Rule rule = Rule::parse("g4b2s345");
    CensusOptions o;
    o.torus = 64;
    o.max_generations = 5000;
    SoupCensusRunner runner(rule, o);
    Grid g(40, 8);
    for (auto [x, y] : {std::pair{1, 2}, {0, 3}, {1, 3}, {2, 3}, {1, 4}}) g.set(x, y, true);
    for (int y : {3, 4}) {  // C B A, heading east
        g.set_state(30, y, 3);
        g.set_state(31, y, 2);
        g.set_state(32, y, 1);
    }
    g.set_state(10, 7, 2);
    const SoupCensus r = runner.run_pattern(g);
    EXPECT_TRUE(r.settled);
    EXPECT_EQ(r.ships_removed, 1u);
    EXPECT_EQ(r.objects, (std::vector<std::string>{"xq1_11_66_22", "xs5_272"}));
}

// Star Wars soup C1/k_test0 against apgsearch v4.2 built for g4b2s345: two
// c/4 ships leave side by side, near enough to be one group, and are two
// objects (lifelib's 3D separation, here on cells with states); c/1 ships.
TEST(SoupCensus, StarWarsSoupAgreesWithApgsearch) {
    SoupCensusRunner runner(Rule::parse("g4b2s345"), CensusOptions{});
    const SoupCensus r = runner.run("k_test0");
    EXPECT_TRUE(r.settled);
    EXPECT_EQ(r.objects, (std::vector<std::string>{"xq1_11_66_22", "xq1_11_66_22", "xq1_11_66_22",
                                                   "xq1_48zw11_36oo_24gg", "xq1_hh_66z33_22z11",
                                                   "xq4_w304e1e6_b207106_2w3w6",
                                                   "xq4_w304e1e6_b207106_2w3w6"}));
}

TEST(SoupCensus, RefusesRangeRulesAndRuleTables) {
    EXPECT_THROW(SoupCensusRunner(Rule::parse("R2,C2,M1,S2..3,B3..3,NM"), CensusOptions{}),
                 InputError);
}

TEST(SoupCensus, RefusesStochasticAndB0Rules) {
    EXPECT_THROW(SoupCensusRunner(Rule::parse("B03/S23"), CensusOptions{}), InputError);
    CensusOptions bad;
    bad.symmetry = "C7";
    EXPECT_THROW(SoupCensusRunner(Rule::parse("B3/S23"), bad), InputError);
}

TEST(Haul, RuleNamesAsCatagolueWritesThem) {
    EXPECT_EQ(catagolue_rule(Rule::parse("B3/S23")), "b3s23");
    EXPECT_EQ(catagolue_rule(Rule::parse("B2-a/S12")), "b2-as12");
    EXPECT_EQ(catagolue_rule(Rule::parse("345/2/4")), "g4b2s345");
    EXPECT_EQ(catagolue_rule(Rule::parse("g4b2s345")), "g4b2s345");
    EXPECT_EQ(catagolue_rule(Rule::parse("/2/3")), "g3b2s");
}

TEST(Haul, FormatsAsApgsearchAndCatagolue) {
    CensusTally t;
    t.rule = catagolue_rule(Rule::parse("B3/S23"));
    t.symmetry = "C1";
    t.root = "k_abcdefghijkl";
    SoupCensus a, b;
    a.settled = b.settled = true;
    a.objects = {"xq4_153", "xs4_33", "xs4_33"};
    b.objects = {"xs4_33", "xs6_696"};
    t.add(0, a);
    t.add(1, b);
    EXPECT_EQ(t.rule, "b3s23");
    EXPECT_EQ(haul_text(t, "toroid-test"),
              "@VERSION toroid-test\n"
              "@MD5 5590bed1027e74009d3bee32ab60bd02\n"
              "@ROOT k_abcdefghijkl\n"
              "@RULE b3s23\n"
              "@SYMMETRY C1\n"
              "@NUM_SOUPS 2\n"
              "@NUM_OBJECTS 5\n"
              "\n@CENSUS TABLE\n"
              "xs4_33 3\nxq4_153 1\nxs6_696 1\n"
              "\n@SAMPLE_SOUPIDS\n"
              "xs4_33 0 1\nxq4_153 0\nxs6_696 1\n");
    EXPECT_EQ(textcensus(t),
              "\"apgcode\",\"occurrences\"\n\"xs4_33\",\"3\"\n\"xq4_153\",\"1\"\n"
              "\"xs6_696\",\"1\"\n");
    const nlohmann::json j = to_json(t);
    EXPECT_EQ(j["objects"]["xs4_33"], 3);
    EXPECT_EQ(j["samples"]["xs6_696"][0], "C1/k_abcdefghijkl1");
}

}  // namespace
}  // namespace toroid
