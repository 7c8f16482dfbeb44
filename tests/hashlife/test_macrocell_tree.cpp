// Macrocell written from the tree reads back as the same torus (through the
// ordinary reader), for square, rectangular and tiny tori.
#include <gtest/gtest.h>

#include <filesystem>

#include "input_error_of.hpp"
#include "reference.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"
#include "toroid/hashlife/macrocell_tree.hpp"
#include "toroid/io/file_io.hpp"
#include "toroid/io/macrocell.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

TEST(MacrocellTree, RoundTripsEveryShape) {
    const Rule rule = Rule::parse("B36/S23");
    std::uint64_t seed = 1;
    for (std::int64_t w = 8; w <= 256; w *= 2)
        for (std::int64_t h = 8; h <= 256; h *= 2) {
            HashLifeBackend hl(rule, BackendOptions{1, 0, true, std::uint64_t(64) << 20});
            const Grid g = testing::random_grid(w, h, 0.2, seed++);
            hl.load(g, 1234);
            WriteOptions wo;
            wo.name = "round trip";
            const std::string text = hashlife::format_macrocell_tree(hl.tree(), rule, 1234, wo);
            const Pattern p = parse_macrocell(text, "<tree>");
            ASSERT_TRUE(p.whole_torus) << w << "x" << h;
            ASSERT_EQ(p.cells, g) << w << "x" << h << "\n" << text;
            ASSERT_EQ(p.generation, "1234");
            ASSERT_EQ(p.rule, rule.with_torus(TorusSize{w, h}));
            // The same cells as the Grid writer places them.
            const Pattern q = parse_macrocell(format_macrocell(g, rule, wo), "<grid>");
            ASSERT_EQ(q.cells, p.cells);
        }
}

TEST(MacrocellTree, EmptyAndCroppedTori) {
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    hl.reset(1024, 64);
    const Pattern empty =
        parse_macrocell(hashlife::format_macrocell_tree(hl.tree(), Rule(), 0, {}), "e");
    EXPECT_EQ(empty.cells.population(), 0u);
    EXPECT_TRUE(empty.whole_torus);
    hl.set(500, 10, true);
    hl.set(502, 11, true);
    WriteOptions crop;
    crop.crop = true;
    const Pattern p =
        parse_macrocell(hashlife::format_macrocell_tree(hl.tree(), Rule(), 0, crop), "c");
    EXPECT_FALSE(p.whole_torus);
    EXPECT_EQ(p.cells.width(), 3);
    EXPECT_EQ(p.cells.height(), 2);
    EXPECT_FALSE(p.rule->torus().has_value());
}

TEST(MacrocellTree, AHugeTorusCostsItsTree) {
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    const std::int64_t n = std::int64_t(1) << 40;
    hl.reset(n, n);
    for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}})
        hl.set(x + n / 3, y + 7, true);
    hl.step(1000000);
    const std::string text =
        hashlife::format_macrocell_tree(hl.tree(), Rule(), hl.generation(), {});
    EXPECT_LT(text.size(), 4000u);  // about 40 levels of one node each
    EXPECT_NE(text.find("#R B3/S23:T1099511627776,1099511627776"), std::string::npos);
    // The backend's write_pattern picks this writer for .mc and .mc.gz.
    const auto path = std::filesystem::temp_directory_path() / "toroid_hashlife_tree.mc.gz";
    write_backend_pattern(path.string(), hl, {});
    EXPECT_EQ(read_text_file(path.string()).substr(0, 2), "\x1f\x8b");
    std::filesystem::remove(path);
}

TEST(MacrocellTree, ReadsBackIntoTheSameNodes) {
    // Hash-consing: the square read back is the very node written.
    std::uint64_t seed = 7;
    for (std::int64_t w = 8; w <= 512; w *= 2)
        for (std::int64_t h = 8; h <= 512; h *= 2) {
            HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
            hl.load(testing::random_grid(w, h, 0.3, seed++));
            const std::string text = hashlife::format_macrocell_tree(hl.tree(), Rule(), 0, {});
            const MacrocellTree file = parse_macrocell_tree(text, "<tree>");
            const hashlife::NodeId square = hashlife::square_from_macrocell(
                hl.store(), file, hl.tree().log2_width(), hl.tree().log2_height());
            ASSERT_EQ(square, hl.tree().root()) << w << "x" << h;
            const Grid before = hl.grid();
            hl.load_macrocell(file, w, h, 5);
            ASSERT_EQ(hl.grid(), before) << w << "x" << h;
            ASSERT_EQ(hl.generation(), 5u);
        }
}

TEST(MacrocellTree, ReadsGollyPlacedTinyAndPaddedRoots) {
    // A glider as a small root (level 4) in a 64 x 64 torus: padded up to it.
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    const Pattern glider =
        parse_macrocell("[M2]\n#R B3/S23:T64,64\n.*$..*$***$\n4 0 0 0 1\n", "<glider>");
    ASSERT_TRUE(glider.whole_torus);
    const MacrocellTree file =
        parse_macrocell_tree("[M2]\n#R B3/S23:T64,64\n.*$..*$***$\n4 0 0 0 1\n", "<glider>");
    hl.load_macrocell(file, 64, 64);
    EXPECT_EQ(hl.grid(), glider.cells);
    EXPECT_EQ(hl.population(), 5u);
}

TEST(MacrocellTree, RefusesCellsOutsideTheTorus) {
    // A leaf at Golly's (-8, -8): outside a 8 x 8 torus (cells -4..3).
    const MacrocellTree file = parse_macrocell_tree("[M2]\n#R B3/S23\n*$\n4 1 0 0 0\n", "<far>");
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    hl.reset(32, 32, 9);
    hl.set(3, 4, true);
    for (const auto& size : {std::pair{8, 8}, {16, 8}, {8, 16}}) {
        const int w = size.first, h = size.second;  // clang 14 cannot capture bindings
        const std::string e = testing::input_error_of([&] { hl.load_macrocell(file, w, h); });
        EXPECT_NE(e.find("outside the"), std::string::npos) << w << "x" << h << ": " << e;
    }
    // Nothing half-done: the torus is what it was.
    EXPECT_EQ(hl.width(), 32);
    EXPECT_EQ(hl.generation(), 9u);
    EXPECT_TRUE(hl.get(3, 4));
    EXPECT_EQ(hl.population(), 1u);
}

TEST(MacrocellTree, AWholeTorusTooLargeForAGridReadsAsATree) {
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    const std::int64_t n = std::int64_t(1) << 40;
    hl.reset(n, n / 4);
    for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}})
        hl.set(x + n / 3, y + 7, true);
    hl.step(1000000);
    const auto path = std::filesystem::temp_directory_path() / "toroid_hashlife_huge.mc";
    write_backend_pattern(path.string(), hl, {});
    const Pattern p = read_pattern_file(path.string());
    ASSERT_TRUE(p.tree);
    EXPECT_TRUE(p.whole_torus);
    EXPECT_EQ(p.cells.width(), 0);
    EXPECT_EQ(p.generation, "1000000");
    EXPECT_EQ(summarize_macrocell(*p.tree).population, WideCount(5));
    const hashlife::NodeId before = hl.tree().root();
    hl.reset(8, 8);
    hl.load_macrocell(*p.tree, n, n / 4, 1000000);
    EXPECT_EQ(hl.tree().root(), before);
    // Other backends refuse it with a message saying who reads it.
    auto cpu = create_backend("cpu", Rule());
    EXPECT_NE(testing::input_error_of([&] {
                  cpu->load_macrocell(*p.tree, n, n / 4);
              }).find("--backend hashlife reads it"),
              std::string::npos);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace toroid
