// The emulator itself: every thread once, CUDA's index arithmetic, phases
// ordered by barriers.
#include <gtest/gtest.h>

#include <vector>

#include "emulated_launch.hpp"

namespace toroid::testing {
namespace {

TEST(EmulatedLaunch, VisitsEveryThreadOnceWithCudaIndices) {
    const Index3 grid{3, 2, 1}, block{4, 2, 1};
    std::vector<int> seen(3 * 4 * 2 * 2, 0);
    emulate_launch(grid, block, [&](const LaunchIndex& i) {
        EXPECT_EQ(i.global_x(), std::int64_t(i.block.x) * 4 + i.thread.x);
        EXPECT_LT(i.thread_rank(), 8u);
        ++seen[std::size_t(i.global_y() * 12 + i.global_x())];
    });
    for (int s : seen) EXPECT_EQ(s, 1);
}

TEST(EmulatedLaunch, PhasesSeeEveryWriteOfThePreviousPhase) {
    struct Shared {
        int values[8];
    };
    std::vector<int> sums;
    emulate_launch_phased<Shared>(
        Index3{2, 1, 1}, Index3{8, 1, 1},
        [](const LaunchIndex& i, Shared& s) { s.values[i.thread.x] = int(i.global_x()); },
        [&](const LaunchIndex& i, Shared& s) {
            if (i.thread.x != 0) return;
            int sum = 0;
            for (int v : s.values) sum += v;
            sums.push_back(sum);
        });
    EXPECT_EQ(sums, (std::vector<int>{28, 92}));
}

// A runtime number of phases, as in a kernel whose barrier sits in a loop:
// each phase sees what every thread of its block wrote in the one before.
TEST(EmulatedLaunch, ProgramPhasesRunInOrderPerBlock) {
    struct Shared {
        int values[4];
    };
    std::vector<int> totals;
    emulate_launch_program<Shared>(Index3{2, 1, 1}, Index3{4, 1, 1}, [&](auto&& run_phase) {
        run_phase([](const LaunchIndex& i, Shared& s) { s.values[i.thread.x] = int(i.block.x); });
        for (int round = 0; round < 3; ++round) {
            // Rotate by one thread: reads the neighbour's value of the last phase.
            int next[4];
            run_phase([&](const LaunchIndex& i, Shared& s) {
                next[i.thread.x] = s.values[(i.thread.x + 1) % 4] + 1;
            });
            run_phase(
                [&](const LaunchIndex& i, Shared& s) { s.values[i.thread.x] = next[i.thread.x]; });
        }
        run_phase([&](const LaunchIndex& i, Shared& s) {
            if (i.thread.x == 0)
                totals.push_back(s.values[0] + s.values[1] + s.values[2] + s.values[3]);
        });
    });
    EXPECT_EQ(totals, (std::vector<int>{12, 16}));
}

// Shuffled: still every thread once with the same indices, but blocks (and
// threads) come in another order, so a body that depends on another block of
// its launch having run first gives another answer.
TEST(EmulatedLaunch, ShuffledOrderVisitsEveryThreadOnceInAnotherOrder) {
    const Index3 grid{5, 3, 2}, block{8, 2, 1};
    std::vector<int> seen(5 * 3 * 2 * 16, 0);
    std::vector<std::uint32_t> first_threads;
    {
        ShuffledLaunches shuffled(11);
        emulate_launch(grid, block, [&](const LaunchIndex& i) {
            const std::int64_t block_rank =
                i.block.x + 5 * (i.block.y + 3 * std::int64_t(i.block.z));
            ++seen[std::size_t(block_rank * 16 + i.thread_rank())];
            if (first_threads.size() < 16)
                first_threads.push_back(std::uint32_t(block_rank * 16 + i.thread_rank()));
        });
    }
    for (int s : seen) EXPECT_EQ(s, 1);
    std::vector<std::uint32_t> in_order(16);
    for (std::uint32_t t = 0; t < 16; ++t) in_order[t] = t;
    EXPECT_NE(first_threads, in_order);
    EXPECT_FALSE(launch_order().shuffled);  // the scope restored index order
}

TEST(EmulatedLaunch, ShuffledOrderExposesADependencyBetweenBlocks) {
    // Each block adds the value the previous block left: right only in order.
    auto run = [] {
        std::vector<int> cell(16, 0);
        emulate_launch(Index3{16, 1, 1}, Index3{1, 1, 1}, [&](const LaunchIndex& i) {
            cell[i.block.x] = i.block.x == 0 ? 1 : cell[i.block.x - 1] + 1;
        });
        return cell.back();
    };
    std::vector<int> results;
    for_each_launch_order([&] { results.push_back(run()); });
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0], 16);
    EXPECT_NE(results[1], 16);
}

}  // namespace
}  // namespace toroid::testing
