// Facts about the dynamics that users check first, on the CPU backend.
#include <gtest/gtest.h>

#include <string>

#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

Grid complement(Grid g) {
    for (auto& w : g.words()) w = ~w;
    g.mask_padding();
    return g;
}

Grid library_pattern(const std::string& name, std::int64_t w, std::int64_t h) {
    return place_pattern(
        read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/" + name + ".rle"), w, h);
}

TEST(Dynamics, DayAndNightIsDeadAliveSymmetric) {
    const Rule rule = Rule::parse("B3678/S34678");
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const Grid g = testing::random_grid(300, 170, 0.45, seed);
        CpuBackend a(rule, {2, 0}), b(rule, {2, 0});
        a.load(g);
        b.load(complement(g));
        a.step(17);
        b.step(17);
        EXPECT_EQ(complement(a.grid()), b.grid());
    }
}

TEST(Dynamics, StochasticRunsAreReproducibleAndSeedDependent) {
    const Rule rule = Rule::parse("B2(1/3)/S12H");
    const Grid g = testing::random_grid(500, 300, 0.3, 9);
    CpuBackend a(rule, {2, 77}), b(rule, {1, 77}), c(rule, {2, 78});
    for (auto* x : {&a, &b, &c}) {
        x->load(g);
        x->step(20);
    }
    EXPECT_EQ(a.grid(), b.grid());
    EXPECT_NE(a.grid(), c.grid());
}

// Among dead cells with exactly two (hexagonal) neighbours, a third is born.
TEST(Dynamics, StochasticBirthFrequencyIsOneThird) {
    const Rule rule = Rule::parse("B2(1/3)/S12H");
    const Grid g = testing::random_grid(1000, 1000, 0.3, 4);
    CpuBackend cpu(rule, {2, 2024});
    cpu.load(g);
    cpu.step(1);
    const Grid next = cpu.grid();
    std::uint64_t candidates = 0, born = 0;
    const int offsets[6][2] = {{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}};
    for (int y = 0; y < 1000; ++y)
        for (int x = 0; x < 1000; ++x) {
            if (g.get(x, y)) continue;
            int n = 0;
            for (auto [dx, dy] : offsets) n += g.get(x + dx, y + dy);
            if (n != 2) continue;
            ++candidates;
            born += next.get(x, y);
        }
    ASSERT_GT(candidates, 100000u);
    const double frequency = double(born) / double(candidates);
    EXPECT_NEAR(frequency, 1.0 / 3.0, 0.005) << born << " of " << candidates;
}

TEST(Dynamics, RPentominoReaches116CellsAtGeneration1103) {
    CpuBackend cpu(Rule(), {2, 0});
    cpu.load(library_pattern("r-pentomino", 1024, 1024));
    cpu.step(1103);
    EXPECT_EQ(cpu.population(), 116u);
}

TEST(Dynamics, AcornReaches633CellsAtGeneration5206) {
    CpuBackend cpu(Rule(), {2, 0});
    cpu.load(library_pattern("acorn", 4096, 4096));
    cpu.step(5206);
    EXPECT_EQ(cpu.population(), 633u);
}

TEST(Dynamics, PentadecathlonHasPeriod15) {
    CpuBackend cpu(Rule(), {1, 0});
    const Grid start = library_pattern("pentadecathlon", 40, 40);
    cpu.load(start);
    for (int g = 1; g < 15; ++g) {
        cpu.step(1);
        EXPECT_NE(cpu.grid(), start) << "generation " << g;
    }
    cpu.step(1);
    EXPECT_EQ(cpu.grid(), start);
}

}  // namespace
}  // namespace toroid
