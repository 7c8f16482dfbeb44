// Emulated launches of the 1-D warp kernel against the naive 1-D reference
// and the CPU ring, on widths around the word, warp-tile and block seams.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "eca_naive.hpp"
#include "emulated_eca.hpp"
#include "toroid/eca/eca_cpu.hpp"

namespace toroid::testing {
namespace {

EcaRing to_ring(const Cells& cells) {
    EcaRing ring(std::int64_t(cells.size()));
    for (std::size_t x = 0; x < cells.size(); ++x) ring.set(std::int64_t(x), cells[x] != 0);
    return ring;
}

constexpr std::int64_t kTileCells = std::int64_t(kernels::kEcaWarpTile) * 64;
constexpr std::int64_t kBlockCells = kTileCells * kernels::kEcaWarpsPerBlock;

void check_awkward_widths();
void check_random_rules();

const std::vector<std::int64_t> kWidths = {1,
                                           2,
                                           3,
                                           5,
                                           63,
                                           64,
                                           65,
                                           127,
                                           128,
                                           129,
                                           1000,
                                           kTileCells - 1,
                                           kTileCells,
                                           kTileCells + 1,
                                           kTileCells + 64,
                                           kBlockCells - 63,
                                           kBlockCells + 65};

TEST(EmulatedEcaKernel, EqualsNaiveAndCpuOnAwkwardWidths) {
    for_each_launch_order(check_awkward_widths);
}

TEST(EmulatedEcaKernel, RandomRulesAndWidths) {
    for_each_launch_order(check_random_rules);
}

void check_awkward_widths() {
    std::uint64_t seed = 1;
    for (std::int64_t width : kWidths)
        for (int rule : {30, 110, 90, 184, 255, 1, 45})
            for (std::int64_t steps : {1, 64, 65, 130}) {
                if (width > 20000 && steps != 65) continue;  // keep the naive runs short
                const Cells start = random_cells(std::size_t(width), seed++);
                EcaRing emulated = to_ring(start);
                EcaRing cpu = emulated;
                emulated_eca_step(emulated, rule, steps);
                eca_step(cpu, rule, steps);
                ASSERT_EQ(emulated, to_ring(naive_eca_run(start, rule, steps)))
                    << "rule " << rule << " width " << width << " steps " << steps;
                ASSERT_EQ(emulated, cpu) << "rule " << rule << " width " << width;
            }
}

void check_random_rules() {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 60; ++i) {
        const int rule = int(rng() % 256);
        const std::int64_t width = 1 + std::int64_t(rng() % 3000);
        const std::int64_t steps = 1 + std::int64_t(rng() % 150);
        const Cells start = random_cells(std::size_t(width), rng());
        EcaRing emulated = to_ring(start);
        emulated_eca_step(emulated, rule, steps);
        ASSERT_EQ(emulated, to_ring(naive_eca_run(start, rule, steps)))
            << "rule " << rule << " width " << width << " steps " << steps;
    }
}

TEST(EmulatedEcaKernel, LaunchShapeGivesEveryWordAWarp) {
    for (std::int64_t words : {1, 254, 255, 2032, 2033, 1000000}) {
        const kernels::LaunchShape l = kernels::eca_launch_shape(words);
        const std::int64_t warps =
            std::int64_t(l.grid.x) * (l.block.x / std::uint32_t(kernels::kEcaWarpSize));
        EXPECT_GE(warps * kernels::kEcaWarpTile, words);
        EXPECT_LT((warps - kernels::kEcaWarpsPerBlock) * kernels::kEcaWarpTile, words);
    }
}

}  // namespace
}  // namespace toroid::testing
