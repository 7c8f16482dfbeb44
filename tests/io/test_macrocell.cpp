// Golly's macrocell format: files written by hand from the format's
// description read back cell for cell; round trips; hash-consing; every kind
// of bad line.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "io_test_util.hpp"
#include "reference.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::expect_input_error;
using testing::random_grid;
using testing::TempDir;

Grid cells_at(std::int64_t w, std::int64_t h,
              std::initializer_list<std::pair<std::int64_t, std::int64_t>> live) {
    Grid g(w, h);
    for (auto [x, y] : live) g.set(x, y, true);
    return g;
}

Grid bbox_crop(const Grid& g) {
    const Rect r = g.bounding_box();
    return r.empty() ? Grid(1, 1) : g.crop(r);
}

Pattern mc(const std::string& text) {
    return parse_pattern(text, "p.mc");
}

TEST(Macrocell, LeafInsideANodeWithRuleAndGeneration) {
    // The leaf is a glider in its top-left corner; the level-4 node puts it in
    // its se quadrant, whose corner is Golly's (0, 0).
    const Pattern p =
        mc("[M2] (golly 4.2)\n#R B36/S23\n#G 42\n#C made by hand\n"
           ".*$..*$***$\n4 0 0 0 1\n");
    EXPECT_EQ(p.format, PatternFormat::Macrocell);
    EXPECT_EQ(p.cells, cells_at(3, 3, {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}));
    ASSERT_TRUE(p.rule.has_value());
    EXPECT_EQ(p.rule->to_string(), "B36/S23");
    EXPECT_EQ(p.rule_text, "B36/S23");
    EXPECT_EQ(p.generation, "42");
    EXPECT_EQ(p.comments, std::vector<std::string>{"made by hand"});
    EXPECT_FALSE(p.whole_torus);
}

TEST(Macrocell, SharedNodesAreDrawnWhereverTheyAreUsed) {
    // Leaf 1: a block; node 2 (level 4): four blocks; node 3 (level 5): node 2
    // in its nw and se quadrants.
    const Pattern p = mc("[M2]\n**$**$\n4 1 1 1 1\n5 2 0 0 2\n");
    Grid want(26, 26);
    for (auto [qx, qy] : {std::pair{0, 0}, std::pair{16, 16}})
        for (auto [lx, ly] : {std::pair{0, 0}, std::pair{8, 0}, std::pair{0, 8}, std::pair{8, 8}})
            for (int dy = 0; dy < 2; ++dy)
                for (int dx = 0; dx < 2; ++dx) want.set(qx + lx + dx, qy + ly + dy, true);
    EXPECT_EQ(p.cells, want);
    EXPECT_EQ(p.cells.population(), 32u);
}

TEST(Macrocell, EmptyNodesBlankLinesAndOtherHashLines) {
    // Node 2 is an explicit empty level-4 node; 0 is the implicit one.
    const Pattern p =
        mc("[M2] (golly 2.0)\n\n$$$$$$$*$\n4 0 0 0 0\n#FRAMES 1 0 2^0\n"
           "4 1 0 0 0\n5 2 0 0 3\n   \n");
    // Node 3 (leaf in nw) sits in the se quadrant of node 4: the cell is at
    // local (16 + 0, 16 + 7); the box is that one cell.
    EXPECT_EQ(p.cells, cells_at(1, 1, {{0, 0}}));
    const Pattern empty = mc("[M2]\n#R B3/S23\n");
    EXPECT_EQ(empty.cells, Grid(1, 1));
    EXPECT_EQ(empty.cells.population(), 0u);
    const Pattern all_zero = mc("[M2]\n4 0 0 0 0\n");
    EXPECT_EQ(all_zero.cells.population(), 0u);
}

TEST(Macrocell, TorusRuleKeepsGollysPositions) {
    // Golly's 20 x 10 grid spans x -10..9, y -5..4: the glider's corner (0, 0)
    // is torus cell (10, 5).
    const Pattern p = mc("[M2]\n#R B3/S23:T20,10\n.*$..*$***$\n4 0 0 0 1\n");
    EXPECT_TRUE(p.whole_torus);
    EXPECT_EQ(p.cells, cells_at(20, 10, {{11, 5}, {12, 6}, {10, 7}, {11, 7}, {12, 7}}));
    EXPECT_EQ(place_pattern(p, 20, 10), p.cells);
    // Cells outside Golly's grid: read as a box (placed centred by the caller).
    const Pattern out = mc("[M2]\n#R B3/S23:T4,4\n.*$..*$***$\n4 0 0 0 1\n");
    EXPECT_FALSE(out.whole_torus);
    EXPECT_EQ(out.cells.width(), 3);
}

TEST(Macrocell, LevelOneNodesOfGollysMultiStateFilesWithTwoStates) {
    // 2x2 diagonal, then 4x4, 8x8, 16x16 diagonals.
    const Pattern p = mc("[M2]\n1 1 0 0 1\n2 1 0 0 1\n3 2 0 0 2\n4 3 0 0 3\n");
    Grid want(16, 16);
    for (int i = 0; i < 16; ++i) want.set(i, i, true);
    EXPECT_EQ(p.cells, want);
    // A level-3 square made of level-2 ones equals the same leaf line.
    EXPECT_EQ(mc("[M2]\n1 1 1 0 0\n2 1 0 0 0\n3 0 0 2 0\n4 3 0 0 0\n").cells,
              mc("[M2]\n$$$$**$\n4 1 0 0 0\n").cells);
}

TEST(Macrocell, DeepFilesWithFewCells) {
    // A glider 2^99 cells from the centre of a level-100 square: the reader
    // shrinks the root to the square around the cells.
    std::string text = "[M2]\n.*$..*$***$\n4 0 0 0 1\n";
    for (int level = 5; level <= 100; ++level)
        text += std::to_string(level) + " 0 0 0 " + std::to_string(level - 3) + "\n";
    EXPECT_EQ(mc(text).cells, cells_at(3, 3, {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}));
    // Two blocks touching the centre of a level-81 square from the nw and the
    // se: A_L keeps its cells in its se corner, B_L in its nw corner.
    std::string centred = "[M2]\n$$$$$$......**$......**$\n**$**$\n4 0 0 0 1\n4 2 0 0 0\n";
    int a = 3, b = 4, next = 5;
    for (int level = 5; level <= 80; ++level) {
        centred += std::to_string(level) + " 0 0 0 " + std::to_string(a) + "\n";
        centred += std::to_string(level) + " " + std::to_string(b) + " 0 0 0\n";
        a = next++, b = next++;
    }
    centred += "81 " + std::to_string(a) + " 0 0 " + std::to_string(b) + "\n";
    Grid want(4, 4);
    for (int d = 0; d < 4; ++d) want.set(d % 2, d / 2, true), want.set(2 + d % 2, 2 + d / 2, true);
    EXPECT_EQ(mc(centred).cells, want);
}

TEST(Macrocell, RoundTripsWholeToriAndCrops) {
    TempDir dir;
    std::uint64_t seed = 7;
    const std::pair<std::int64_t, std::int64_t> sizes[] = {{1, 1},    {1, 300}, {300, 1}, {65, 3},
                                                           {100, 73}, {64, 64}, {63, 2},  {17, 9}};
    for (auto [w, h] : sizes) {
        for (const double density : {0.0, 0.05, 0.5, 1.0}) {
            const Grid g = random_grid(w, h, density, seed++);
            for (const char* name : {"g.mc", "g.mc.gz", "G.MC"}) {
                WriteOptions o;
                o.name = "random";
                o.comments = {"one", "two"};
                const Rule rule = Rule::parse("B36/S23");
                write_pattern_file(dir.file(name), g, rule, o);
                const Pattern p = read_pattern_file(dir.file(name));
                EXPECT_EQ(p.format, PatternFormat::Macrocell);
                EXPECT_EQ(p.compressed, std::string(name).ends_with(".gz"));
                EXPECT_TRUE(p.whole_torus) << w << "x" << h;
                EXPECT_EQ(p.cells, g) << w << "x" << h << " density " << density << " " << name;
                EXPECT_EQ(p.name, "random");
                EXPECT_EQ(p.comments, o.comments);
                ASSERT_TRUE(p.rule.has_value());
                EXPECT_EQ(*p.rule, rule.with_torus(TorusSize{w, h}));
                o.crop = true;
                const Pattern c = parse_pattern(format_macrocell(g, rule, o), "<crop>");
                EXPECT_EQ(c.cells, bbox_crop(g)) << w << "x" << h << " cropped";
            }
        }
    }
}

TEST(Macrocell, HashConsingKeepsRepetitivePatternsSmall) {
    // A 1024 x 1024 torus of blocks every 8 cells: one leaf, one node per level.
    Grid g(1024, 1024);
    for (int y = 0; y < 1024; y += 8)
        for (int x = 0; x < 1024; x += 8)
            for (int d = 0; d < 4; ++d) g.set(x + 3 + d % 2, y + 3 + d / 2, true);
    const std::string text = format_macrocell(g, std::nullopt, WriteOptions{});
    const auto lines = std::count(text.begin(), text.end(), '\n');
    EXPECT_LE(lines, 2 + 1 + 8);  // header, #R, one leaf, levels 4..11
    EXPECT_EQ(parse_pattern(text, "<blocks>").cells, g);
    // Random cells: every distinct leaf once, children before parents.
    const Grid r = random_grid(200, 120, 0.02, 99);
    const std::string rt = format_macrocell(r, std::nullopt, WriteOptions{});
    std::vector<std::string> leaves;
    std::size_t start = 0;
    while (start < rt.size()) {
        const std::size_t end = rt.find('\n', start);
        const std::string line = rt.substr(start, end - start);
        if (!line.empty() && (line[0] == '.' || line[0] == '*' || line[0] == '$'))
            leaves.push_back(line);
        start = end + 1;
    }
    std::vector<std::string> unique = leaves;
    std::sort(unique.begin(), unique.end());
    EXPECT_EQ(std::unique(unique.begin(), unique.end()), unique.end());
    EXPECT_EQ(parse_pattern(rt, "<random>").cells, r);
}

TEST(Macrocell, BadLinesNameFileLineAndWhatWasExpected) {
    expect_input_error([] { parse_macrocell("4 0 0 0 0\n", "p.mc"); }, {"p.mc:1:1", "[M2]"});
    expect_input_error([] { parse_pattern("[M1]\n", "p.mc"); }, {"p.mc:1:1", "[M2]"});
    expect_input_error([] { mc("[M2]\n.*$\n4 2 0 0 0\n"); },
                       {"p.mc:3:3", "nw child 2 is this node itself", "earlier"});
    expect_input_error([] { mc("[M2]\n.*$\n4 1 0 0 7\n"); },
                       {"p.mc:3:9", "se child 7 is not defined yet", "below 2"});
    expect_input_error([] { mc("[M2]\n.*$\n4 1 0 0 0\n5 1 0 0 0\n"); },
                       {"p.mc:4:3", "level-3 leaf", "level-4 children"});
    expect_input_error([] { mc("[M2]\n.*$\n4 1 0 0 0\n4 0 2 0 0\n"); },
                       {"p.mc:4:5", "ne child 2 (line 3) is a level-4 node"});
    expect_input_error([] { mc("[M2]\n.*x$\n"); }, {"p.mc:2:3", "'x'", "'.' dead, '*' alive"});
    expect_input_error([] { mc("[M2]\n........*$\n"); }, {"p.mc:2:9", "column 9"});
    expect_input_error([] { mc("[M2]\n$$$$$$$$*$\n"); }, {"p.mc:2:9", "row 9"});
    expect_input_error([] { mc("[M2]\n4 1 0 0\n"); }, {"p.mc:2:8", "ends early", "nw ne sw se"});
    expect_input_error([] { mc("[M2]\n4 0 0 0 0 0 x\n"); }, {"p.mc:2:13", "'x'"});
    expect_input_error([] { mc("[M2]\n0 0 0 0 0\n"); }, {"p.mc:2:1", "level 0"});
    expect_input_error([] { mc("[M2]\n999 0 0 0 0\n"); }, {"p.mc:2:1", "level 999"});
    expect_input_error([] { mc("[M2]\nx\n"); }, {"p.mc:2:1", "'x'", "leaf"});
    expect_input_error([] { mc("[M2]\n#R B9/S23\n"); }, {"p.mc:2:4", "bad rule", "B9/S23"});
    expect_input_error([] { mc("[M2]\n#G soon\n"); }, {"p.mc:2:3", "whole number"});
    expect_input_error([] { mc("[M2]\n1 0 2 0 1\n"); }, {"p.mc:2:5", "state 2", "multi-state"});
    expect_input_error([] { parse_macrocell("", "p.mc"); }, {"p.mc", "[M2]"});
}

TEST(Macrocell, BoxesTooLargeForMemoryAreRefusedWithTheirSize) {
    // A full 8x8 leaf doubled up to level 45: a 2^45-cell square of live cells.
    std::string text =
        "[M2]\n********$********$********$********$********$********$********$"
        "********$\n";
    for (int level = 4; level <= 45; ++level) {
        const std::string c = std::to_string(level - 3);
        text += std::to_string(level) + " " + c + " " + c + " " + c + " " + c + "\n";
    }
    expect_input_error([&] { mc(text); },
                       {"p.mc:44:1", "35184372088832 x 35184372088832", "too large"});
    // Cells far apart in a level-100 square: refused before any arithmetic.
    std::string far = "[M2]\n*$\n4 1 0 0 0\n";
    for (int level = 5; level <= 99; ++level)
        far += std::to_string(level) + " " + std::to_string(level - 3) + " 0 0 0\n";
    far += "100 97 0 0 97\n";
    expect_input_error([&] { mc(far); }, {"p.mc:99:1", "at least 2^98 cells"});
}

TEST(Macrocell, RefusedRulesAreKeptForLater) {
    const Pattern p = mc("[M2]\n#R NoSuchRule\n.*$\n4 1 0 0 0\n");
    EXPECT_FALSE(p.rule.has_value());
    ASSERT_TRUE(p.refused_rule.has_value());
    EXPECT_NE(p.refused_rule->find("NoSuchRule"), std::string::npos);
    EXPECT_EQ(p.cells.population(), 1u);
    const Pattern k = mc("[M2]\n#R B3/S23:K30,20\n.*$\n4 1 0 0 0\n");
    ASSERT_TRUE(k.refused_rule.has_value());
    EXPECT_NE(k.refused_rule->find("Klein bottle"), std::string::npos);
}

TEST(Macrocell, WrittenByToroidReadsInGollysConventions) {
    // A glider at torus (10, 5) of a 20 x 10 torus is Golly's (0, 0), the
    // centre of the level-5 root that covers Golly's grid -10..9 x -5..4.
    const Grid g = cells_at(20, 10, {{11, 5}, {12, 6}, {10, 7}, {11, 7}, {12, 7}});
    EXPECT_EQ(format_macrocell(g, std::nullopt, WriteOptions{}),
              "[M2] (toroid)\n#R B3/S23:T20,10\n.*$..*$***$\n4 1 0 0 0\n5 0 0 0 2\n");
}

}  // namespace
}  // namespace toroid
