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

}  // namespace
}  // namespace toroid::testing
