// Plaintext .cells and Life 1.06: reading, writing, detection.
#include <gtest/gtest.h>

#include "io_test_util.hpp"
#include "toroid/io/life106.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/plaintext.hpp"

namespace toroid {
namespace {

TEST(Plaintext, ReadsNameCommentsAndBothLiveMarks) {
    const Pattern p = parse_pattern("!Name: Glider\n!A comment\n.O.\n..*\nOOO\n", "<text>");
    EXPECT_EQ(p.name, "Glider");
    ASSERT_EQ(p.comments.size(), 1u);
    EXPECT_EQ(p.comments[0], "A comment");
    EXPECT_EQ(p.cells.width(), 3);
    EXPECT_EQ(p.cells.height(), 3);
    EXPECT_EQ(p.cells.population(), 5u);
    EXPECT_TRUE(p.cells.get(2, 1));
}

TEST(Plaintext, ShortRowsAndBlankLinesAreDeadCells) {
    const Pattern p = parse_pattern("O\r\n\r\n..O\n\n\n", "<text>");
    EXPECT_EQ(p.cells.width(), 3);
    EXPECT_EQ(p.cells.height(), 3);  // trailing blank lines are not rows
    EXPECT_TRUE(p.cells.get(0, 0));
    EXPECT_TRUE(p.cells.get(2, 2));
}

TEST(Plaintext, Writer) {
    Grid g(4, 2);
    g.set(1, 1, true);
    WriteOptions o;
    o.name = "dot";
    o.comments = {"c"};
    EXPECT_EQ(format_plaintext(g, o), "!Name: dot\n!c\n....\n.O..\n");
    o.crop = true;
    EXPECT_EQ(format_plaintext(g, o), "!Name: dot\n!c\nO\n");
}

TEST(Life106, ReadsNegativeCoordinatesNormalised) {
    const Pattern p = parse_pattern("#Life 1.06\n0 -1\n1 0\n-1 1\n0 1\n1 1\n", "<text>");
    EXPECT_EQ(p.cells.width(), 3);
    EXPECT_EQ(p.cells.height(), 3);
    EXPECT_TRUE(p.cells.get(1, 0));
    EXPECT_TRUE(p.cells.get(2, 1));
    EXPECT_TRUE(p.cells.get(0, 2));
    EXPECT_EQ(p.cells.population(), 5u);
}

TEST(Life106, EmptyIsOneDeadCell) {
    const Pattern p = parse_pattern("#Life 1.06\n", "<text>");
    EXPECT_EQ(p.cells.width(), 1);
    EXPECT_EQ(p.cells.population(), 0u);
}

TEST(Life106, Writer) {
    Grid g(5, 5);
    g.set(3, 1, true);
    g.set(1, 2, true);
    EXPECT_EQ(format_life106(g, WriteOptions{}), "#Life 1.06\n3 1\n1 2\n");
    WriteOptions o;
    o.crop = true;
    EXPECT_EQ(format_life106(g, o), "#Life 1.06\n2 0\n0 1\n");
}

TEST(Detect, FormatFromContentAndExtension) {
    EXPECT_EQ(detect_pattern_format("#Life 1.06\n"), PatternFormat::Life106);
    EXPECT_EQ(detect_pattern_format("  \n!Name: x\n"), PatternFormat::Plaintext);
    EXPECT_EQ(detect_pattern_format(".O\n"), PatternFormat::Plaintext);
    EXPECT_EQ(detect_pattern_format("#N x\nx = 1, y = 1\no!"), PatternFormat::Rle);
    EXPECT_EQ(detect_pattern_format("x = 1, y = 1\no!"), PatternFormat::Rle);
    EXPECT_EQ(detect_pattern_format("3o!"), std::nullopt);
    EXPECT_EQ(format_from_extension("a/b.CELLS"), PatternFormat::Plaintext);
    EXPECT_EQ(format_from_extension("x.lif"), PatternFormat::Life106);
    EXPECT_EQ(format_from_extension("x.life"), PatternFormat::Life106);
    EXPECT_EQ(format_from_extension("x.rle"), PatternFormat::Rle);
    EXPECT_EQ(format_from_extension("dir.rle/x"), std::nullopt);
}

}  // namespace
}  // namespace toroid
