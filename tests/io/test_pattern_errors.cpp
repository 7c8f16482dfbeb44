// Bad input: every case gives an InputError that says what, where and what
// was expected. Each test pins the parts of the message a user relies on.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "io_test_util.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::expect_input_error;
using testing::TempDir;

Pattern parse(std::string_view text) {
    return parse_pattern(text, "p.rle");
}

TEST(PatternErrors, RleWithoutHeader) {
    expect_input_error([] { parse("bo$2bo$3o!"); }, {"p.rle:1:1", "header", "x = <width>"});
    expect_input_error([] { parse("#C only comments\n"); }, {"p.rle", "no RLE header"});
    expect_input_error([] { parse_pattern("", "empty.rle"); }, {"empty.rle", "no RLE header"});
}

TEST(PatternErrors, NegativeOrZeroSize) {
    expect_input_error([] { parse("x = -3, y = 3\no!"); }, {"p.rle:1:5", "negative", "x >= 1"});
    expect_input_error([] { parse("x = 3, y = 0\no!"); }, {"p.rle:1:12", "zero", "y >= 1"});
    expect_input_error([] { parse("x = 3\no!"); }, {"p.rle:1:1", "lacks 'y"});
    expect_input_error([] { parse("x = 3, z = 4\no!"); },
                       {"p.rle:1:8", "unknown RLE header field 'z'"});
    expect_input_error([] { parse("x = three, y = 4\no!"); }, {"p.rle:1:5", "expected a number"});
}

TEST(PatternErrors, BadRuleNamesFileLineColumn) {
    const std::string msg = expect_input_error(
        [] { parse("#N x\nx = 3, y = 3, rule = B9/S23\no!"); }, {"p.rle:2:22", "bad rule"});
    EXPECT_NE(msg.find("B9"), std::string::npos) << msg;
}

TEST(PatternErrors, RunCountOverflow) {
    expect_input_error([] { parse("x = 3, y = 3\n99999999999999999999o!"); },
                       {"p.rle:2:1", "run count is too large"});
    expect_input_error([] { parse("x = 3, y = 3\n0o!"); }, {"p.rle:2:1", "run count 0"});
}

TEST(PatternErrors, HugeHeaderSizeRefusedBeforeAllocating) {
    expect_input_error([] { parse("x = 1000000000000, y = 1000000000000\no!"); },
                       {"p.rle", "too large"});
    expect_input_error([] { parse("x = 99999999999999999999, y = 1\no!"); },
                       {"p.rle:1:5", "too large"});
}

TEST(PatternErrors, CellsBeyondTheHeaderSize) {
    expect_input_error([] { parse("x = 3, y = 3\n4o!"); }, {"p.rle:2:1", "column 4", "x = 3"});
    expect_input_error([] { parse("x = 3, y = 2\no$o$o!"); }, {"p.rle:2:5", "row 3", "y = 2"});
    // Dead cells and row ends past the edge are harmless (Golly accepts them).
    EXPECT_NO_THROW(parse("x = 3, y = 2\n3o5b$o3$!"));
}

TEST(PatternErrors, TruncatedMidToken) {
    expect_input_error([] { parse("x = 3, y = 3\nbo$2bo$3"); },
                       {"p.rle:2:8", "ends in the middle of a run", "truncated"});
}

TEST(PatternErrors, MultiStateTagsSaySo) {
    expect_input_error([] { parse("x = 3, y = 1\nAB!"); },
                       {"p.rle:2:2", "'B'", "state > 1", "two-state"});
    expect_input_error([] { parse("x = 3, y = 1\npA!"); }, {"p.rle:2:1", "multi-state"});
}

TEST(PatternErrors, BinaryGarbage) {
    expect_input_error([] { parse_pattern(std::string_view("x = 3, y = 3\nb\0o!", 17), "bin"); },
                       {"bin:2:2", "NUL byte", "binary"});
    expect_input_error([] { parse("x = 3, y = 3\nbo\x01!"); }, {"p.rle:2:3", "0x01"});
    expect_input_error([] { parse("x = 3, y = 3\nbo%!"); },
                       {"p.rle:2:3", "'%'", "expected a run count"});
    expect_input_error([] { parse_pattern("\xff\xfe garbage", "g"); }, {"g:1:1", "0xff"});
}

TEST(PatternErrors, PlaintextAndLife106) {
    expect_input_error([] { parse_pattern("!Name: x\n.O.\n.X.\n", "p.cells"); },
                       {"p.cells:3:2", "'X'", "'.' dead"});
    expect_input_error([] { parse_pattern("!just a comment\n", "p.cells"); },
                       {"p.cells", "no pattern rows"});
    expect_input_error([] { parse_pattern("#Life 1.06\n1 2\n3\n", "p.lif"); },
                       {"p.lif:3:2", "space between"});
    expect_input_error([] { parse_pattern("#Life 1.06\n1 x\n", "p.lif"); },
                       {"p.lif:2:3", "y coordinate"});
    expect_input_error([] { parse_pattern("#Life 1.06\n1 2 3\n", "p.lif"); }, {"p.lif:2:5", "'3'"});
    expect_input_error([] { parse_pattern("#Life 1.05\n.O\n", "p.lif"); },
                       {"p.lif:1:1", "#Life 1.06"});
    expect_input_error([] { parse_pattern("#Life 1.06\n0 0\n4000000000 4000000000\n", "p.lif"); },
                       {"p.lif", "too large"});
    expect_input_error([] { parse_pattern("#Life 1.06\n0 99999999999999\n", "p.lif"); },
                       {"p.lif:2:3", "2^40"});
}

TEST(PatternErrors, PatternLargerThanTheGrid) {
    const Pattern p = parse_pattern("#N Big\nx = 30, y = 20\no!", "big.rle");
    const std::string msg = expect_input_error([&] { place_pattern(p, 25, 40); },
                                               {"'Big'", "30 x 20", "25 x 40", "at least 30 x 40"});
}

TEST(PatternErrors, MissingAndUnreadableFiles) {
    TempDir dir;
    const std::string missing = dir.file("nope.rle");
    expect_input_error([&] { read_pattern_file(missing); }, {missing, "No such file or directory"});
    expect_input_error([&] { read_pattern_file(dir.path().string()); },
                       {dir.path().string(), "Is a directory"});
    if (::geteuid() != 0) {  // root reads anything
        const std::string locked = dir.file("locked.rle");
        std::ofstream(locked) << "x = 1, y = 1\no!";
        ::chmod(locked.c_str(), 0);
        expect_input_error([&] { read_pattern_file(locked); }, {locked, "Permission denied"});
    }
}

TEST(PatternErrors, FileErrorsNameTheFileAndLine) {
    TempDir dir;
    const std::string path = dir.file("bad.rle");
    std::ofstream(path) << "#N bad\nx = 2, y = 2\no$3o!\n";
    expect_input_error([&] { read_pattern_file(path); }, {path + ":3:3", "x = 2"});
}

TEST(PatternErrors, WriteRefusesUnknownExtensionAndLeavesNoTemporaryFiles) {
    TempDir dir;
    Grid g(4, 4);
    expect_input_error(
        [&] { write_pattern_file(dir.file("x.png"), g, std::nullopt, WriteOptions{}); },
        {"x.png", ".rle"});
    EXPECT_THROW(write_pattern_file(dir.file("no/such/dir/x.rle"), g, std::nullopt, WriteOptions{}),
                 std::runtime_error);
    write_pattern_file(dir.file("ok.rle"), g, std::nullopt, WriteOptions{});
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
        ++files;
        EXPECT_EQ(e.path().filename(), "ok.rle");
    }
    EXPECT_EQ(files, 1);
}

}  // namespace
}  // namespace toroid
