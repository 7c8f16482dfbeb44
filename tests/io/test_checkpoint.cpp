// Checkpoints: round trip, and every kind of damage refused with a message.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "io_test_util.hpp"
#include "reference.hpp"
#include "toroid/fnv1a.hpp"
#include "toroid/io/checkpoint.hpp"

namespace toroid {
namespace {

using testing::expect_input_error;
using testing::TempDir;

Checkpoint sample() {
    Checkpoint cp;
    cp.grid = testing::random_grid(130, 17, 0.4, 9);
    cp.rule = Rule::parse("B2(1/3)/S12H");
    cp.seed = 0x0123456789abcdefULL;
    cp.generation = 123456789012ULL;
    cp.metadata = std::string("name=acorn\nstep=7\0binary ok", 27);
    return cp;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}
void spit(const std::string& path, const std::string& data) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << data;
}

TEST(Checkpoint, RoundTrip) {
    TempDir dir;
    const Checkpoint cp = sample();
    save_checkpoint(dir.file("a.cp"), cp);
    const Checkpoint back = load_checkpoint(dir.file("a.cp"));
    EXPECT_EQ(back.grid, cp.grid);
    EXPECT_EQ(back.rule, cp.rule);
    EXPECT_EQ(back.seed, cp.seed);
    EXPECT_EQ(back.generation, cp.generation);
    EXPECT_EQ(back.metadata, cp.metadata);
    const std::string data = slurp(dir.file("a.cp"));
    EXPECT_EQ(data.substr(0, 8), "TOROIDCP");
}

TEST(Checkpoint, RoundTripTinyAndTorusRule) {
    TempDir dir;
    Checkpoint cp;
    cp.grid = Grid(1, 1);
    cp.grid.set(0, 0, true);
    cp.rule = Rule::parse("B3/S23:T1,1");
    save_checkpoint(dir.file("t.cp"), cp);
    const Checkpoint back = load_checkpoint(dir.file("t.cp"));
    EXPECT_EQ(back.grid, cp.grid);
    EXPECT_EQ(back.rule, cp.rule);
    EXPECT_TRUE(back.metadata.empty());
}

TEST(Checkpoint, EveryFlippedByteIsRefused) {
    TempDir dir;
    Checkpoint cp = sample();
    cp.grid = testing::random_grid(70, 3, 0.5, 3);
    save_checkpoint(dir.file("a.cp"), cp);
    const std::string good = slurp(dir.file("a.cp"));
    for (std::size_t i = 8; i < good.size(); ++i) {  // bytes 0..7: the magic, refused as foreign
        std::string bad = good;
        bad[i] = char(bad[i] ^ 0x10);
        spit(dir.file("b.cp"), bad);
        try {
            load_checkpoint(dir.file("b.cp"));
            ADD_FAILURE() << "flipped byte " << i << " was accepted";
        } catch (const InputError& e) {
            const std::string msg = e.what();
            EXPECT_NE(msg.find(dir.file("b.cp")), std::string::npos) << msg;
        }
    }
}

TEST(Checkpoint, TruncatedIsRefused) {
    TempDir dir;
    save_checkpoint(dir.file("a.cp"), sample());
    const std::string good = slurp(dir.file("a.cp"));
    for (std::size_t len : {std::size_t(0), std::size_t(5), std::size_t(8), std::size_t(12),
                            std::size_t(30), good.size() / 2, good.size() - 1}) {
        spit(dir.file("t.cp"), good.substr(0, len));
        expect_input_error([&] { load_checkpoint(dir.file("t.cp")); }, {dir.file("t.cp")});
    }
    spit(dir.file("t.cp"), good.substr(0, good.size() - 1));
    expect_input_error([&] { load_checkpoint(dir.file("t.cp")); }, {"damaged or truncated"});
}

TEST(Checkpoint, ForeignFileIsRefused) {
    TempDir dir;
    spit(dir.file("x.cp"), "x = 3, y = 3\nbo$2bo$3o!\n");
    expect_input_error([&] { load_checkpoint(dir.file("x.cp")); },
                       {"not a toroid checkpoint", "TOROIDCP"});
    std::string data = slurp((save_checkpoint(dir.file("a.cp"), sample()), dir.file("a.cp")));
    data[0] = 'X';
    spit(dir.file("m.cp"), data);
    expect_input_error([&] { load_checkpoint(dir.file("m.cp")); }, {"not a toroid checkpoint"});
}

TEST(Checkpoint, NewerVersionIsRefused) {
    TempDir dir;
    save_checkpoint(dir.file("a.cp"), sample());
    std::string data = slurp(dir.file("a.cp"));
    data[8] = 3;  // version u32 little-endian at offset 8
    spit(dir.file("v.cp"), data);
    expect_input_error([&] { load_checkpoint(dir.file("v.cp")); },
                       {"version 3", "newer toroid", "up to 2"});
}

// Version 1 (before the rule digest) is still read: the same file less the
// digest after the rule, with its version and checksum written as then.
TEST(Checkpoint, VersionOneFilesAreStillRead) {
    TempDir dir;
    const Checkpoint cp = sample();
    save_checkpoint(dir.file("a.cp"), cp);
    std::string data = slurp(dir.file("a.cp"));
    const std::size_t rule_at = 8 + 4 + 16 + 4;
    const std::size_t digest_at = rule_at + cp.rule.to_string().size();
    ASSERT_EQ(data.substr(digest_at, 8), std::string(8, '\0'));  // not a named rule
    data.erase(digest_at, 8);
    data[8] = 1;
    data.resize(data.size() - 8);
    const std::uint64_t sum = fnv1a64(data);
    for (int i = 0; i < 8; ++i) data += char((sum >> (8 * i)) & 0xff);
    spit(dir.file("v1.cp"), data);
    const Checkpoint back = load_checkpoint(dir.file("v1.cp"));
    EXPECT_EQ(back.grid, cp.grid);
    EXPECT_EQ(back.rule, cp.rule);
    EXPECT_EQ(back.generation, cp.generation);
    EXPECT_EQ(back.metadata, cp.metadata);
}

TEST(Checkpoint, MissingFile) {
    TempDir dir;
    expect_input_error([&] { load_checkpoint(dir.file("none.cp")); }, {"none.cp", "No such file"});
}

}  // namespace
}  // namespace toroid
