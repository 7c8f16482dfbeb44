// Emulated launches of the 2-D kernels (step, edge repair, reductions): the
// CUDA backend's launch sequence run on the host over the launchers' grids,
// against the CPU backend and the naive reference, for every rule kind,
// random rules and awkward sizes.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "emulated_planes.hpp"
#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid::testing {
namespace {

const std::vector<std::pair<int, int>> kSizes = {
    {1, 1},    {2, 2},    {3, 3},   {63, 63},  {64, 64},  {65, 65},  {127, 5},
    {128, 9},  {129, 17}, {5, 127}, {9, 128},  {17, 129}, {1000, 1}, {1, 1000},
    {65, 127}, {129, 3},  {2, 129}, {200, 33}, {1, 2},    {3, 1},    {64, 1}};

const std::vector<std::string> kRules = {"B3/S23",  // Life: the fast path
                                         "B36/S23", "B1357/S1357", "B3678/S34678", "B0/S8",
                                         "B0123/S", "B2/S34H",
                                         "B0/S0123456H",  // hexagonal
                                         "B2/S013V",
                                         "B0/S4V",  // von Neumann
                                         "B2(1/3)/S12H", "B3/S2(0.9)3", "B1(0.5)/S0(0.5)1V",
                                         "B0(0.01)3/S23",  // stochastic
                                         "B2-a/S12", "B01c/S3-q", "B2o3m/S2pH",
                                         "MAPh5X29Ii/vMY0S5BLA5KZfP",  // isotropic, MAP
                                         "MAPFitTAo",
                                         // Table tree (count corrections and circuit above).
                                         "B2ei3cjn/S1c2-ae3eijy4ceqt"};

// Steps the emulated device planes, the CPU backend and the reference side by
// side; every generation they must agree on cells, population and hash.
void expect_all_agree(const std::string& rule_text, int w, int h, int gens, std::uint64_t seed,
                      std::uint32_t max_blocks_y = kernels::kMaxStepBlocksY) {
    const Rule rule = Rule::parse(rule_text);
    const Grid start = random_grid(w, h, 0.4, seed);
    const std::uint64_t rng_seed = seed * 31 + 7;
    EmulatedCudaPlanes emulated(rule, rng_seed, max_blocks_y);
    CpuBackend cpu(rule, {1, rng_seed});
    emulated.load(start, 5);
    cpu.load(start, 5);
    Grid expected = start;
    for (int g = 0; g < gens; ++g) {
        emulated.step(1);
        cpu.step(1);
        expected = reference_step(expected, rule, rng_seed, 5 + std::uint64_t(g));
        const std::string where = rule_text + " " + std::to_string(w) + "x" + std::to_string(h) +
                                  " generation " + std::to_string(g + 1);
        ASSERT_EQ(emulated.grid(), expected) << where;
        ASSERT_EQ(emulated.grid(), cpu.grid()) << where;
        ASSERT_EQ(emulated.population(), cpu.population()) << where;
        ASSERT_EQ(emulated.hash(), cpu.hash()) << where;
    }
}

TEST(EmulatedStepKernel, EqualsCpuAndReferenceForEveryRuleKindAndSize) {
    for_each_launch_order([] {
        std::uint64_t seed = 1;
        for (const auto& rule : kRules)
            for (auto [w, h] : kSizes) expect_all_agree(rule, w, h, 3, seed++);
    });
}

TEST(EmulatedStepKernel, RandomRules) {
    std::mt19937_64 rng(2024);
    for (int i = 0; i < 40; ++i) {
        const int kind = int(rng() % 3);
        const int max = kind == 0 ? 8 : kind == 1 ? 6 : 4;
        std::string text = "B";
        for (int k = 0; k <= max; ++k)
            if (rng() % 3 == 0) {
                text += char('0' + k);
                if (rng() % 4 == 0) text += "(1/3)";
            }
        text += "/S";
        for (int k = 0; k <= max; ++k)
            if (rng() % 2 == 0) text += char('0' + k);
        text += kind == 1 ? "H" : kind == 2 ? "V" : "";
        const auto [w, h] = kSizes[rng() % kSizes.size()];
        expect_all_agree(text, w, h, 3, rng());
    }
}

// More strips than blocks in y: each thread strides over several strips, as
// on planes taller than 65535 * kStepStrip rows.
TEST(EmulatedStepKernel, StridedStripsWhenTheGridIsCappedInY) {
    for_each_launch_order([] {
        for (std::uint32_t cap : {1u, 2u, 3u}) {
            expect_all_agree("B3/S23", 130, 70, 4, 40 + cap, cap);
            expect_all_agree("B2(1/3)/S12H", 65, 49, 3, 50 + cap, cap);
            expect_all_agree("B2/S013V", 3, 100, 3, 60 + cap, cap);
        }
    });
}

TEST(EmulatedStepKernel, EditsBetweenStepsAreHonoured) {
    const Rule rule = Rule::parse("B36/S23");
    for (auto [w, h] : {std::pair{1, 1}, {64, 3}, {65, 65}, {1000, 1}, {1, 1000}}) {
        const Grid start = random_grid(w, h, 0.3, 77);
        EmulatedCudaPlanes emulated(rule, 3);
        CpuBackend cpu(rule, {1, 3});
        emulated.load(start, 0);
        cpu.load(start, 0);
        std::mt19937_64 rng(std::uint64_t(w * 7 + h));
        for (int round = 0; round < 5; ++round) {
            const std::int64_t x = std::int64_t(rng() % std::uint64_t(w));
            const std::int64_t y = std::int64_t(rng() % std::uint64_t(h));
            const bool alive = !cpu.get(x, y);
            emulated.set(x, y, alive);
            cpu.set(x, y, alive);
            emulated.step(2);
            cpu.step(2);
            ASSERT_EQ(emulated.grid(), cpu.grid()) << w << "x" << h << " round " << round;
        }
    }
}

// The launch shapes cover the plane: one thread per word column, one block
// row per strip up to CUDA's limit, one thread per row for the edges.
TEST(EmulatedStepKernel, LaunchShapesCoverThePlane) {
    using kernels::edges_launch_shape;
    using kernels::step_launch_shape;
    const kernels::LaunchShape wide = step_launch_shape(PlaneShape::of(64 * 129, 17));
    EXPECT_EQ(wide.grid.x, 2u);
    EXPECT_EQ(wide.grid.y, 2u);
    EXPECT_EQ(wide.block.x, kernels::kStepThreads);
    const kernels::LaunchShape tall = step_launch_shape(PlaneShape::of(1, 16 * 70000 + 1));
    EXPECT_EQ(tall.grid.x, 1u);
    EXPECT_EQ(tall.grid.y, kernels::kMaxStepBlocksY);
    const kernels::LaunchShape edges = edges_launch_shape(PlaneShape::of(5, 257));
    EXPECT_EQ(edges.grid.x * edges.block.x, 512u);
}

}  // namespace
}  // namespace toroid::testing
