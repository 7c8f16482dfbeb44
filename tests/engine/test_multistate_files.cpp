// Multi-state RLE: Golly's tags read and written, round trips of random
// multi-state grids, states beyond the rule refused at their column, and
// formats that hold two states refusing to drop states.
#include <gtest/gtest.h>

#include <string>

#include "input_error_of.hpp"
#include "reference_multistate.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/io/checkpoint.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::input_error_of;

TEST(MultiStateRle, GollysTagsReadAsStates) {
    const Pattern p = parse_pattern("x = 6, y = 2, rule = B2/S345/C256\n.A2B$pAyO.X!\n", "m.rle");
    ASSERT_TRUE(p.rule);
    EXPECT_EQ(p.rule->states(), 256);
    EXPECT_EQ(p.cells.state(0, 0), 0);
    EXPECT_EQ(p.cells.state(1, 0), 1);
    EXPECT_EQ(p.cells.state(2, 0), 2);
    EXPECT_EQ(p.cells.state(3, 0), 2);
    EXPECT_EQ(p.cells.state(0, 1), 25);
    EXPECT_EQ(p.cells.state(1, 1), 255);
    EXPECT_EQ(p.cells.state(2, 1), 0);
    EXPECT_EQ(p.cells.state(3, 1), 24);
    EXPECT_EQ(p.cells.population(), 6u);
}

TEST(MultiStateRle, RandomGridsRoundTripForEveryStateCount) {
    for (int states : {3, 4, 7, 25, 26, 49, 200, 256}) {
        const Rule rule = Rule::parse("B2/S345/C" + std::to_string(states));
        const Grid g = testing::random_state_grid(131, 9, states, 0.6, std::uint64_t(states));
        const std::string text = format_rle(g, rule, {});
        const Pattern back = parse_pattern(text, "round.rle");
        ASSERT_TRUE(back.rule);
        EXPECT_EQ(*back.rule, rule.with_torus(TorusSize{131, 9}));
        EXPECT_TRUE(back.whole_torus);
        // Planes beyond those the states need are all zero in both.
        Grid expected = g;
        expected.set_state_planes(back.cells.state_planes());
        EXPECT_EQ(back.cells, expected) << states << " states:\n" << text;
        EXPECT_EQ(back.cells.state_counts(), g.state_counts());
    }
    // Cropped: the bounding box of every non-zero state.
    Grid g(20, 20);
    g.set_state(5, 6, 3);
    g.set_state(7, 9, 1);
    WriteOptions crop;
    crop.crop = true;
    const std::string text = format_rle(g, Rule::parse("/2/4"), crop);
    EXPECT_NE(text.find("x = 3, y = 4, rule = /2/4\nC3$2.A!"), std::string::npos) << text;
}

TEST(MultiStateRle, StatesBeyondTheRuleAndBadPrefixesSayWhere) {
    const std::string beyond =
        input_error_of([] { parse_pattern("x = 4, y = 1, rule = /2/3\n2AC!\n", "b.rle"); });
    EXPECT_NE(beyond.find("b.rle:2:3"), std::string::npos) << beyond;
    EXPECT_NE(beyond.find("state 3"), std::string::npos) << beyond;
    EXPECT_NE(beyond.find("0..2"), std::string::npos) << beyond;
    const std::string two =
        input_error_of([] { parse_pattern("x = 4, y = 1, rule = B3/S23\nAB!\n", "t.rle"); });
    EXPECT_NE(two.find("t.rle:2:2"), std::string::npos) << two;
    const std::string prefix =
        input_error_of([] { parse_pattern("x = 4, y = 1\npZ!\n", "p.rle"); });
    EXPECT_NE(prefix.find("p.rle:2:1"), std::string::npos) << prefix;
    EXPECT_NE(prefix.find("'pA'"), std::string::npos) << prefix;
    const std::string wide =
        input_error_of([] { parse_pattern("x = 2, y = 1, rule = /2/4\n3C!\n", "w.rle"); });
    EXPECT_NE(wide.find("beyond the header's size"), std::string::npos) << wide;
    // Formats of two states refuse a multi-state grid instead of dropping states.
    Grid g(4, 4);
    g.set_state(1, 1, 2);
    const std::string cells = input_error_of(
        [&] { (void)encode_pattern("out.cells", g, Rule::parse("/2/3"), WriteOptions{}); });
    EXPECT_NE(cells.find("write an .rle or .mc file"), std::string::npos) << cells;
}

// --- Multi-state macrocell (Golly's level-1 nodes of states) ---------------

// A file written by hand from Golly's description: level-1 node 1 holds
// states nw 1, ne 2, sw 0, se 3; the level-2 root (4 x 4, Golly's (0, 0) at
// its cell (2, 2)) has it as its south-west child, so the cells sit at
// Golly's (-2, 0) .. (-1, 1): the pattern AB$.C.
TEST(MultiStateMacrocell, GollysLevelOneNodesReadAsStates) {
    const Pattern p = parse_pattern("[M2] (hand)\n#R /2/4\n1 1 2 0 3\n2 0 0 1 0\n", "h.mc");
    ASSERT_TRUE(p.rule);
    EXPECT_EQ(*p.rule, Rule::parse("/2/4"));
    EXPECT_EQ(p.cells.width(), 2);
    EXPECT_EQ(p.cells.height(), 2);
    EXPECT_EQ(p.cells.state(0, 0), 1);
    EXPECT_EQ(p.cells.state(1, 0), 2);
    EXPECT_EQ(p.cells.state(0, 1), 0);
    EXPECT_EQ(p.cells.state(1, 1), 3);
    EXPECT_EQ(p.cells.population(), 3u);
}

// The writer's tree for that pattern, worked out by hand: the crop is
// centred on Golly's (0, 0) in a level-4 root (cell (i, j) at (i + 7, j + 7)
// of the 16 x 16 square), level-1 nodes in scan order, then each level.
TEST(MultiStateMacrocell, WrittenTreeByHand) {
    Grid g(2, 2);
    g.set_state(0, 0, 1);
    g.set_state(1, 0, 2);
    g.set_state(1, 1, 3);
    WriteOptions crop;
    crop.crop = true;
    EXPECT_EQ(format_macrocell(g, Rule::parse("/2/4"), crop),
              "[M2] (toroid)\n#R /2/4\n"
              "1 0 0 0 1\n1 0 0 2 0\n1 3 0 0 0\n"
              "2 0 0 0 1\n2 0 0 2 0\n2 3 0 0 0\n"
              "3 0 0 0 4\n3 0 0 5 0\n3 6 0 0 0\n"
              "4 7 8 0 9\n");
}

TEST(MultiStateMacrocell, RandomGridsRoundTripForEveryStateCount) {
    for (int states : {3, 4, 7, 25, 200, 256}) {
        const Rule rule = Rule::parse("B2/S345/C" + std::to_string(states));
        // Odd sizes: the torus is not centred on a node boundary.
        const Grid g = testing::random_state_grid(37, 21, states, 0.5, std::uint64_t(states));
        const std::string text = format_macrocell(g, rule, {});
        const Pattern back = parse_pattern(text, "round.mc");
        ASSERT_TRUE(back.rule);
        EXPECT_EQ(*back.rule, rule.with_torus(TorusSize{37, 21}));
        EXPECT_TRUE(back.whole_torus);
        Grid expected = g;
        expected.set_state_planes(back.cells.state_planes());
        EXPECT_EQ(back.cells, expected) << states << " states";
        EXPECT_EQ(back.cells.state_counts(), g.state_counts());
        // Repeated squares are written once: a torus of one repeated 2 x 2
        // block has one level-1 node.
        Grid tiles(64, 64);
        for (std::int64_t y = 0; y < 64; y += 2)
            for (std::int64_t x = 0; x < 64; x += 2) tiles.set_state(x + 1, y, states - 1);
        const std::string tiled = format_macrocell(tiles, rule, {});
        EXPECT_EQ(tiled.find("\n1 "), tiled.rfind("\n1 ")) << tiled.substr(0, 200);
        EXPECT_EQ(parse_pattern(tiled, "tiles.mc").cells.state_counts(), tiles.state_counts());
    }
    // Cropped, through a file and gzip as a user writes one.
    Grid g(50, 40);
    g.set_state(3, 4, 2);
    g.set_state(40, 30, 1);
    g.set_state(41, 30, 3);
    WriteOptions crop;
    crop.crop = true;
    const std::string path = ::testing::TempDir() + "/multistate.mc.gz";
    write_pattern_file(path, g, Rule::parse("/2/4"), crop);
    const Pattern back = read_pattern_file(path);
    EXPECT_EQ(back.cells.width(), 39);
    EXPECT_EQ(back.cells.height(), 27);
    EXPECT_EQ(back.cells.state(0, 0), 2);
    EXPECT_EQ(back.cells.state(37, 26), 1);
    EXPECT_EQ(back.cells.state(38, 26), 3);
    EXPECT_EQ(back.cells.population(), 3u);
}

TEST(MultiStateMacrocell, StatesBeyondTheRuleSayWhere) {
    const std::string beyond = input_error_of(
        [] { parse_pattern("[M2]\n#R /2/3\n1 0 1 0 0\n1 0 0 3 1\n2 1 2 0 0\n", "b.mc"); });
    EXPECT_NE(beyond.find("b.mc:4:7"), std::string::npos) << beyond;
    EXPECT_NE(beyond.find("state 3"), std::string::npos) << beyond;
    EXPECT_NE(beyond.find("0..2"), std::string::npos) << beyond;
    const std::string huge =
        input_error_of([] { parse_pattern("[M2]\n#R /2/3\n1 0 256 0 0\n", "h.mc"); });
    EXPECT_NE(huge.find("h.mc:3:5"), std::string::npos) << huge;
    EXPECT_NE(huge.find("0..255"), std::string::npos) << huge;
}

TEST(MultiStateCheckpoint, DyingCellsSurviveASaveAndARestore) {
    const Rule rule = Rule::parse("345/2/4");
    auto a = create_backend("auto", rule);
    a->load(testing::random_state_grid(77, 31, 4, 0.5, 3));
    a->step(7);
    const std::string path = ::testing::TempDir() + "/multistate.toroidcp";
    save_checkpoint(path, a->checkpoint("test"));
    const Checkpoint cp = load_checkpoint(path);
    EXPECT_EQ(cp.grid, a->grid());
    EXPECT_GT(cp.grid.state_counts()[3], 0u);
    auto b = create_backend("cpu", rule);
    b->restore(cp);
    EXPECT_EQ(b->generation(), 7u);
    a->step(5);
    b->step(5);
    EXPECT_EQ(b->grid(), a->grid());
    EXPECT_EQ(b->hash(), a->hash());
}

}  // namespace
}  // namespace toroid
