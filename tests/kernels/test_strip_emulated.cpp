// Emulated launches of the strip kernel (toroid/kernels/strip_step.hpp):
// k generations per launch, edges written by the kernel, the population
// counted in the step. Against the CPU backend and the naive reference on
// the awkward sizes (1, 2, 3, 63, 64, 65, strip and band seams, tori smaller
// than k), every rule kind, k from 1 to 64, in index order and shuffled.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "emulated_planes.hpp"
#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid::testing {
namespace {

constexpr int kStripCells = kernels::kStripOutLanes * 64;  // cells written per warp

const std::vector<std::pair<int, int>> kSizes = {{1, 1},
                                                 {2, 2},
                                                 {3, 3},
                                                 {63, 63},
                                                 {64, 64},
                                                 {65, 65},
                                                 {127, 5},
                                                 {128, 9},
                                                 {5, 127},
                                                 {1000, 1},
                                                 {1, 1000},
                                                 {2, 129},
                                                 {64, 1},
                                                 {3, 1},
                                                 {kStripCells - 64, 3},
                                                 {kStripCells - 1, 4},
                                                 {kStripCells, 5},
                                                 {kStripCells + 1, 3},
                                                 {kStripCells + 63, 2},
                                                 {2 * kStripCells + 130, 3}};

const std::vector<std::string> kRules = {
    "B3/S23",      "B36/S23",           "B1357/S1357",  "B0/S8",  "B0123/S",
    "B2/S34H",     "B0/S0123456H",      "B2/S013V",     "B0/S4V", "B2(1/3)/S12H",
    "B3/S2(0.9)3", "B1(0.5)/S0(0.5)1V", "B0(0.01)3/S23"};

// The stored plane's edges are exactly what repair_row_edges() would write.
void expect_edges_repaired(const EmulatedCudaPlanes& e, const std::string& where) {
    const PlaneShape& s = e.shape();
    std::vector<std::uint64_t> plane = e.plane();
    for (std::int64_t y = 0; y < s.height; ++y) {
        std::vector<std::uint64_t> row(plane.begin() + y * s.stride,
                                       plane.begin() + (y + 1) * s.stride);
        std::vector<std::uint64_t> repaired = row;
        repair_row_edges(repaired.data(), s.width);
        ASSERT_EQ(row, repaired) << where << " row " << y;
    }
}

// Steps the emulated strip kernel, the CPU backend and the reference side by
// side, `chunk` generations at a time.
void expect_strip_agrees(const std::string& rule_text, int w, int h, int chunks, int chunk,
                         StripConfig config, std::uint64_t seed) {
    const Rule rule = Rule::parse(rule_text);
    const Grid start = random_grid(w, h, 0.4, seed);
    const std::uint64_t rng_seed = seed * 31 + 7;
    EmulatedCudaPlanes strip(rule, rng_seed, config);
    CpuBackend cpu(rule, {1, rng_seed});
    strip.load(start, 5);
    cpu.load(start, 5);
    Grid expected = start;
    for (int c = 0; c < chunks; ++c) {
        strip.step(std::uint64_t(chunk));
        cpu.step(std::uint64_t(chunk));
        for (int g = 0; g < chunk; ++g)
            expected = reference_step(expected, rule, rng_seed, 5 + std::uint64_t(c * chunk + g));
        const std::string where = rule_text + " " + std::to_string(w) + "x" + std::to_string(h) +
                                  " max_k " + std::to_string(config.max_k) + " band " +
                                  std::to_string(config.band_rows) + " generation " +
                                  std::to_string((c + 1) * chunk);
        ASSERT_EQ(strip.grid(), expected) << where;
        ASSERT_EQ(strip.grid(), cpu.grid()) << where;
        ASSERT_EQ(strip.population(), cpu.population()) << where;
        ASSERT_EQ(strip.fused_population(), cpu.population()) << where;
        ASSERT_EQ(strip.hash(), cpu.hash()) << where;
        expect_edges_repaired(strip, where);
    }
}

// The device's k (1, 2, 4, 8), as CudaBackend splits a step: 11 = 8 + 2 + 1.
TEST(EmulatedStripKernel, EqualsCpuAndReferenceForEveryRuleKindAndSize) {
    for_each_launch_order([] {
        std::uint64_t seed = 1;
        for (const auto& rule : kRules)
            for (auto [w, h] : kSizes)
                expect_strip_agrees(rule, w, h, 1, 11, StripConfig{}, seed++);
    });
}

// Every k of one launch from 1 to 64, on tori larger and smaller than k.
TEST(EmulatedStripKernel, EveryGenerationCountFrom1To64) {
    for_each_launch_order([] {
        std::uint64_t seed = 100;
        for (int k = 1; k <= kernels::kStripMaxGenerations; ++k) {
            StripConfig config;
            config.max_k = k;
            config.band_rows = 1 + (k % 7);
            expect_strip_agrees("B3/S23", 67, 5, 1, k, config, seed++);
            expect_strip_agrees(k % 2 ? "B36/S23" : "B2/S34H", 3, 2, 1, k, config, seed++);
            if (k % 8 == 1) expect_strip_agrees("B2(1/3)/S12H", 130, 3, 1, k, config, seed++);
        }
    });
}

// Bands of any height, and more bands than blocks in y (each block strides).
TEST(EmulatedStripKernel, BandsAndStridedBlocks) {
    for_each_launch_order([] {
        std::uint64_t seed = 300;
        for (std::int64_t band : {1, 2, 3, 5, 16}) {
            for (std::uint32_t cap : {1u, 2u, 65535u}) {
                StripConfig config;
                config.max_k = 4;
                config.band_rows = band;
                config.max_blocks_y = cap;
                expect_strip_agrees("B3/S23", 130, 23, 2, 5, config, seed++);
                expect_strip_agrees("B2/S013V", 65, 7, 1, 4, config, seed++);
            }
        }
    });
}

TEST(EmulatedStripKernel, RandomRulesSizesAndK) {
    std::mt19937_64 rng(2025);
    for (int i = 0; i < 30; ++i) {
        const int kind = int(rng() % 3);
        const int max = kind == 0 ? 8 : kind == 1 ? 6 : 4;
        std::string text = "B";
        for (int c = 0; c <= max; ++c)
            if (rng() % 3 == 0) {
                text += char('0' + c);
                if (rng() % 4 == 0) text += "(1/3)";
            }
        text += "/S";
        for (int c = 0; c <= max; ++c)
            if (rng() % 2 == 0) text += char('0' + c);
        text += kind == 1 ? "H" : kind == 2 ? "V" : "";
        const auto [w, h] = kSizes[rng() % kSizes.size()];
        StripConfig config;
        config.max_k = 1 << (rng() % 4);
        expect_strip_agrees(text, w, h, 2, 1 + int(rng() % 9), config, rng());
    }
}

TEST(EmulatedStripKernel, LaunchShapeCoversEveryWrittenWord) {
    for (std::int64_t w : {1, 63, 64, 65, kStripCells - 64, kStripCells, 65536}) {
        const PlaneShape s = PlaneShape::of(w, 100);
        const kernels::LaunchShape l = kernels::strip_launch_shape(s, 16);
        const std::int64_t warps = std::int64_t(l.grid.x) * kernels::kStripWarps;
        EXPECT_GE(warps * kernels::kStripOutLanes, kernels::strip_row_words(s)) << w;
        EXPECT_EQ(l.grid.y, 7u);
        EXPECT_EQ(l.block.x * l.block.y, kernels::kStripThreads);
    }
    EXPECT_EQ(kernels::strip_launch_generations(11, 8), 8);
    EXPECT_EQ(kernels::strip_launch_generations(3, 8), 2);
    EXPECT_EQ(kernels::strip_launch_generations(100, 64), 64);
    EXPECT_EQ(kernels::strip_launch_generations(1, 8), 1);
    // Bands: a power of two, at least 4k rows (the warm-up small against the band).
    EXPECT_EQ(kernels::strip_band_rows(PlaneShape::of(65536, 65536), 8), 512);
    EXPECT_GE(kernels::strip_band_rows(PlaneShape::of(64, 64), 8), 32);
}

}  // namespace
}  // namespace toroid::testing
