// RLE reading and writing: the format's features, one test each.
#include <gtest/gtest.h>

#include "io_test_util.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/rle.hpp"

namespace toroid {
namespace {

Grid glider() {
    Grid g(3, 3);
    g.set(1, 0, true);
    g.set(2, 1, true);
    g.set(0, 2, true);
    g.set(1, 2, true);
    g.set(2, 2, true);
    return g;
}

TEST(Rle, ReadsGliderWithCommentsAndRule) {
    const Pattern p = parse_pattern(
        "#N Glider\n#C A comment\n#c another\n#O Richard K. Guy\n"
        "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n",
        "<text>");
    EXPECT_EQ(p.name, "Glider");
    ASSERT_EQ(p.comments.size(), 3u);
    EXPECT_EQ(p.comments[0], "A comment");
    EXPECT_EQ(p.comments[1], "another");
    EXPECT_EQ(p.comments[2], "#O Richard K. Guy");
    ASSERT_TRUE(p.rule.has_value());
    EXPECT_EQ(*p.rule, Rule::parse("B3/S23"));
    EXPECT_FALSE(p.whole_torus);
    EXPECT_EQ(p.cells, glider());
}

TEST(Rle, GollyXrleLineIsKeptButNotWrittenBack) {
    const Pattern p = parse_pattern("#CXRLE Pos=-1,-1 Gen=40\nx = 3, y = 3\nbo$2bo$3o!", "<text>");
    ASSERT_EQ(p.comments.size(), 1u);
    EXPECT_EQ(p.comments[0], "#CXRLE Pos=-1,-1 Gen=40");
    WriteOptions o;
    o.comments = p.comments;
    o.crop = true;
    EXPECT_EQ(format_rle(p.cells, std::nullopt, o), "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
}

TEST(Rle, HeaderWithoutSpacesAndWithoutRule) {
    const Pattern p = parse_pattern("x=3,y=3\nbo$2bo$3o!", "<text>");
    EXPECT_FALSE(p.rule.has_value());
    EXPECT_EQ(p.cells, glider());
}

TEST(Rle, RunCountsWhitespaceAndLineBreaksBetweenTokens) {
    const Pattern p = parse_pattern("x = 70, y = 4\n2b\n68o $ 2$\r\n  o!", "<text>");
    EXPECT_EQ(p.cells.population(), 69u);
    for (int x = 2; x < 70; ++x) EXPECT_TRUE(p.cells.get(x, 0));
    EXPECT_TRUE(p.cells.get(0, 3));
}

TEST(Rle, OldStyleRuleAndAlternativeTags) {
    const Pattern p = parse_pattern("x = 3, y = 1, rule = 23/3\n.A.!", "<text>");
    EXPECT_EQ(*p.rule, Rule::parse("B3/S23"));
    EXPECT_TRUE(p.cells.get(1, 0));
    EXPECT_EQ(p.cells.population(), 1u);
}

TEST(Rle, MissingFinalBangIsAccepted) {
    const Pattern p = parse_pattern("x = 3, y = 3\nbo$2bo$3o", "<text>");
    EXPECT_EQ(p.cells, glider());
}

TEST(Rle, TextAfterBangIsIgnored) {
    const Pattern p = parse_pattern("x = 3, y = 3\nbo$2bo$3o! trailing words ?? 12\n", "<text>");
    EXPECT_EQ(p.cells, glider());
}

TEST(Rle, TorusSuffixMarksAWholeTorus) {
    const Pattern p = parse_pattern("x = 8, y = 6, rule = B3/S23:T8,6\nbo$2bo$3o!", "<text>");
    EXPECT_TRUE(p.whole_torus);
    ASSERT_TRUE(p.rule->torus().has_value());
    EXPECT_EQ(p.rule->torus()->width, 8);
    const Grid g = place_pattern(p, 8, 6);
    EXPECT_EQ(g, p.cells);  // at (0, 0), not shifted
    const Pattern q = parse_pattern("x = 3, y = 3, rule = B3/S23:T8,6\nbo$2bo$3o!", "<text>");
    EXPECT_FALSE(q.whole_torus);  // a pattern for that torus, not the torus itself
}

TEST(Rle, PlacePatternCentres) {
    const Pattern p = parse_pattern("x = 3, y = 3\nbo$2bo$3o!", "<text>");
    const Grid g = place_pattern(p, 9, 7);
    EXPECT_EQ(g.population(), 5u);
    EXPECT_EQ(g.bounding_box(), (Rect{3, 2, 3, 3}));
}

TEST(Rle, WriterIsGollyShaped) {
    WriteOptions o;
    o.name = "Glider";
    o.comments = {"first", "#O someone"};
    o.crop = true;
    EXPECT_EQ(format_rle(glider(), Rule::parse("B3/S23"), o),
              "#N Glider\n#C first\n#O someone\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
    Grid g(10, 8);
    g.set(2, 3, true);
    g.set(4, 6, true);
    o = WriteOptions{};
    EXPECT_EQ(format_rle(g, std::nullopt, o), "x = 10, y = 8, rule = B3/S23:T10,8\n3$2bo3$4bo!\n");
    o.crop = true;
    EXPECT_EQ(format_rle(g, std::nullopt, o), "x = 3, y = 4, rule = B3/S23\no3$2bo!\n");
}

TEST(Rle, WriterWrapsLinesAt70) {
    Grid g(400, 3);
    for (int x = 0; x < 400; x += 2) g.set(x, 1, true);
    const std::string text = format_rle(g, std::nullopt, WriteOptions{});
    std::size_t start = 0, lines = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        EXPECT_LE(end - start, 70u) << text.substr(start, end - start);
        start = end + 1;
        ++lines;
    }
    EXPECT_GT(lines, 5u);
    EXPECT_EQ(parse_pattern(text, "<text>").cells, g);
}

TEST(Rle, MultiLineCommentsBecomeSeveralLines) {
    WriteOptions o;
    o.comments = {"one\ntwo"};
    o.crop = true;
    const Pattern p = parse_pattern(format_rle(glider(), std::nullopt, o), "<text>");
    ASSERT_EQ(p.comments.size(), 2u);
    EXPECT_EQ(p.comments[1], "two");
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

// Runs that start, end and cross word boundaries at odd offsets.
TEST(Rle, CroppedRunsAcrossWordBoundaries) {
    Grid g(300, 6);
    for (std::int64_t x = 70; x < 250; ++x)
        if ((x / 7 + x / 13) % 3 != 0) g.set(x, 1 + x % 4, true);
    for (std::int64_t x = 63; x < 200; ++x) g.set(x, 5, true);
    WriteOptions o;
    o.crop = true;
    const Pattern p = parse_pattern(format_rle(g, std::nullopt, o), "<text>");
    EXPECT_EQ(p.cells, g.crop(g.bounding_box()));
    const Pattern whole = parse_pattern(format_rle(g, std::nullopt, WriteOptions{}), "<text>");
    EXPECT_EQ(whole.cells, g);
    EXPECT_EQ(place_pattern(whole, 300, 6), g);
}

}  // namespace
}  // namespace toroid
