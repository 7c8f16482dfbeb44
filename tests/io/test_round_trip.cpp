// Write then read gives the same grid, for every format, awkward sizes, and
// the crop / whole-torus variants.
#include <gtest/gtest.h>

#include "io_test_util.hpp"
#include "reference.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::random_grid;
using testing::TempDir;

struct Size {
    std::int64_t w, h;
};
const Size kSizes[] = {{1, 1}, {1, 1000}, {1000, 1}, {65, 3}, {100, 73}, {64, 64}, {63, 2}};

Grid bbox_crop(const Grid& g) {
    const Rect r = g.bounding_box();
    return r.empty() ? Grid(1, 1) : g.crop(r);
}

TEST(RoundTrip, RleWholeTorusWithRule) {
    TempDir dir;
    std::uint64_t seed = 1;
    for (const Size s : kSizes) {
        for (const double density : {0.0, 0.3, 1.0}) {
            const Grid g = random_grid(s.w, s.h, density, seed++);
            const Rule rule = Rule::parse("B36/S23");
            WriteOptions o;
            o.name = "random";
            o.comments = {"a", "b"};
            const std::string path = dir.file("g.rle");
            write_pattern_file(path, g, rule, o);
            const Pattern p = read_pattern_file(path);
            EXPECT_TRUE(p.whole_torus);
            EXPECT_EQ(p.cells, g) << s.w << "x" << s.h;
            EXPECT_EQ(p.name, "random");
            EXPECT_EQ(p.comments, o.comments);
            ASSERT_TRUE(p.rule.has_value());
            EXPECT_EQ(*p.rule, rule.with_torus(TorusSize{s.w, s.h}));
            EXPECT_EQ(place_pattern(p, s.w, s.h), g);
        }
    }
}

TEST(RoundTrip, RleCropped) {
    std::uint64_t seed = 100;
    for (const Size s : kSizes) {
        Grid g = random_grid(s.w, s.h, 0.2, seed++);
        WriteOptions o;
        o.crop = true;
        const Pattern p = parse_pattern(format_rle(g, Rule::parse("B3/S23"), o), "<text>");
        EXPECT_FALSE(p.whole_torus);
        EXPECT_EQ(p.cells, bbox_crop(g)) << s.w << "x" << s.h;
    }
}

TEST(RoundTrip, RleStochasticAndHexRules) {
    for (const char* text : {"B2(1/3)/S12H", "B2(1/6)3/S23H", "B3/S2(0.9)3", "B2/S013V"}) {
        const Grid g = random_grid(17, 9, 0.4, 7);
        const Rule rule = Rule::parse(text);
        const Pattern p = parse_pattern(format_rle(g, rule, WriteOptions{}), "<text>");
        EXPECT_EQ(p.cells, g);
        EXPECT_EQ(*p.rule, rule.with_torus(TorusSize{17, 9})) << text;
    }
}

// An MCell file without a rule line runs under B3/S23: its states above 1
// become 1 (as above a rule's last state), so what is read writes back as
// two-state RLE (the pattern fuzzer's find: a state-13 cell came back as
// 'M' under a two-state rule).
TEST(RoundTrip, MCellWithoutARuleIsTwoState) {
    const Pattern p = parse_pattern("#MCell 4.20\n#L 1MA\n", "p.mcl");
    EXPECT_FALSE(p.rule.has_value());
    ASSERT_EQ(p.cells.width(), 2);
    EXPECT_EQ(p.cells.state(0, 0), 1);
    EXPECT_EQ(p.cells.state(1, 0), 1);
    WriteOptions crop;
    crop.crop = true;
    const Pattern back = parse_pattern(format_rle(p.cells, p.rule, crop), "<written>");
    EXPECT_EQ(back.cells, p.cells);
    // With a rule of four states, a state above 3 becomes 1.
    const Pattern gen = parse_pattern("#MCell 4.20\n#RULE 23/3/4\n#L CM\n", "g.mcl");
    EXPECT_EQ(gen.cells.state(0, 0), 3);
    EXPECT_EQ(gen.cells.state(1, 0), 1);
}

TEST(RoundTrip, Plaintext) {
    TempDir dir;
    std::uint64_t seed = 200;
    for (const Size s : kSizes) {
        const Grid g = random_grid(s.w, s.h, 0.5, seed++);
        WriteOptions o;
        o.name = "pt";
        o.comments = {"hello"};
        write_pattern_file(dir.file("g.cells"), g, std::nullopt, o);
        const Pattern p = read_pattern_file(dir.file("g.cells"));
        EXPECT_EQ(p.name, "pt");
        EXPECT_EQ(p.comments, o.comments);
        EXPECT_EQ(p.cells, g) << s.w << "x" << s.h;  // full rows are written: same size
        o.crop = true;
        EXPECT_EQ(parse_pattern(format_plaintext(g, o), "<text>").cells, bbox_crop(g));
    }
}

TEST(RoundTrip, Life106) {
    TempDir dir;
    std::uint64_t seed = 300;
    for (const Size s : kSizes) {
        const Grid g = random_grid(s.w, s.h, 0.3, seed++);
        write_pattern_file(dir.file("g.lif"), g, std::nullopt, WriteOptions{});
        EXPECT_EQ(read_pattern_file(dir.file("g.lif")).cells, bbox_crop(g)) << s.w << "x" << s.h;
        WriteOptions o;
        o.crop = true;
        EXPECT_EQ(parse_pattern(format_life106(g, o), "<text>").cells, bbox_crop(g));
    }
}

TEST(RoundTrip, EmptyGridCropped) {
    const Grid g(10, 10);
    WriteOptions o;
    o.crop = true;
    EXPECT_EQ(parse_pattern(format_rle(g, std::nullopt, o), "<text>").cells, Grid(1, 1));
    EXPECT_EQ(parse_pattern(format_plaintext(g, o), "<text>").cells, Grid(1, 1));
    EXPECT_EQ(parse_pattern(format_life106(g, o), "<text>").cells, Grid(1, 1));
}

TEST(RoundTrip, OverwritingAFileIsAtomicAndComplete) {
    TempDir dir;
    const std::string path = dir.file("g.rle");
    const Grid a = random_grid(50, 50, 0.5, 1), b = random_grid(20, 30, 0.5, 2);
    write_pattern_file(path, a, std::nullopt, WriteOptions{});
    write_pattern_file(path, b, std::nullopt, WriteOptions{});
    EXPECT_EQ(read_pattern_file(path).cells, b);
}

}  // namespace
}  // namespace toroid
