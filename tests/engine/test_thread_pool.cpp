#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "toroid/cpu/thread_pool.hpp"

namespace toroid {

TEST(ThreadPool, EveryTaskRunsExactlyOnce) {
    ThreadPool pool(4);
    for (int round = 0; round < 200; ++round) {
        std::vector<std::atomic<int>> hits(97);
        pool.run(hits.size(), [&](std::size_t i) { hits[i].fetch_add(1); });
        for (auto& h : hits) ASSERT_EQ(h.load(), 1);
    }
}

TEST(ThreadPool, RethrowsTheFirstException) {
    ThreadPool pool(3);
    EXPECT_THROW(pool.run(50,
                          [](std::size_t i) {
                              if (i == 7) throw std::runtime_error("boom");
                          }),
                 std::runtime_error);
    std::atomic<int> n{0};
    pool.run(10, [&](std::size_t) { n.fetch_add(1); });  // still usable afterwards
    EXPECT_EQ(n.load(), 10);
}

}  // namespace toroid
