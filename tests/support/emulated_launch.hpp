// Emulated launches: a kernel's whole launch grid run on the host.
//
// A kernel body is a TOROID_HD function of a LaunchIndex (see
// toroid/core/launch_index.hpp). emulate_launch() calls it for every thread of
// every block, in block order, with exactly the indices the device would give.
// emulate_launch_phased() does the same for kernels with barriers: for each
// block it builds a fresh Shared state (the block's __shared__ memory), runs
// phase 1 for every thread of the block, then phase 2, and so on, which is
// the strongest ordering a __syncthreads() between phases guarantees; code
// that is right under it is right on the device as far as ordering goes.
//
// Order. The device runs blocks in no particular order, and the threads of
// a block between two barriers in no particular order either. By default the
// emulator goes in index order; inside a ShuffledLaunches scope it visits the
// blocks of every launch, and the threads of every phase, in a shuffled order
// (seeded, so a failure repeats), so a body that reads what another block of
// the same launch writes, or what another thread writes in the same phase,
// gives a different answer and the test comparing with the CPU fails. Tests
// run each emulated kernel both ways (for_each_launch_order below).
//
// Cost is the kernel's work done serially; tests keep their grids small.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

#include "toroid/core/launch_index.hpp"

namespace toroid::testing {

// The order the emulator visits blocks and threads in (see above).
struct LaunchOrder {
    bool shuffled = false;
    std::uint64_t seed = 0;  // advanced by every shuffle, so launches differ
};

inline LaunchOrder& launch_order() {
    static thread_local LaunchOrder order;
    return order;
}

// Inside its lifetime every emulated launch runs in a shuffled order.
class ShuffledLaunches {
  public:
    explicit ShuffledLaunches(std::uint64_t seed) : saved_(launch_order()) {
        launch_order() = LaunchOrder{true, seed};
    }
    ~ShuffledLaunches() { launch_order() = saved_; }
    ShuffledLaunches(const ShuffledLaunches&) = delete;
    ShuffledLaunches& operator=(const ShuffledLaunches&) = delete;

  private:
    LaunchOrder saved_;
};

// Runs check() twice: launches in index order, then shuffled.
template <class Check>
void for_each_launch_order(Check&& check, std::uint64_t seed = 0x5eed) {
    check();
    ShuffledLaunches shuffled(seed);
    check();
}

// Every index of a box, in the current launch order.
inline std::vector<Index3> ordered_indices(const Index3& box) {
    std::vector<Index3> all;
    all.reserve(std::size_t(box.x) * box.y * box.z);
    for (std::uint32_t z = 0; z < box.z; ++z)
        for (std::uint32_t y = 0; y < box.y; ++y)
            for (std::uint32_t x = 0; x < box.x; ++x) all.push_back(Index3{x, y, z});
    LaunchOrder& order = launch_order();
    if (order.shuffled) {
        std::mt19937_64 rng(order.seed++);
        std::shuffle(all.begin(), all.end(), rng);
    }
    return all;
}

template <class Body>
void for_each_thread_of_block(const Index3& grid, const Index3& block, const Index3& b,
                              Body&& body) {
    LaunchIndex idx;
    idx.grid_dim = grid;
    idx.block_dim = block;
    idx.block = b;
    if (!launch_order().shuffled) {
        for (std::uint32_t tz = 0; tz < block.z; ++tz)
            for (std::uint32_t ty = 0; ty < block.y; ++ty)
                for (std::uint32_t tx = 0; tx < block.x; ++tx) {
                    idx.thread = Index3{tx, ty, tz};
                    body(idx);
                }
        return;
    }
    for (const Index3& t : ordered_indices(block)) {
        idx.thread = t;
        body(idx);
    }
}

template <class Body>
void for_each_block(const Index3& grid, Body&& body) {
    if (!launch_order().shuffled) {
        for (std::uint32_t bz = 0; bz < grid.z; ++bz)
            for (std::uint32_t by = 0; by < grid.y; ++by)
                for (std::uint32_t bx = 0; bx < grid.x; ++bx) body(Index3{bx, by, bz});
        return;
    }
    for (const Index3& b : ordered_indices(grid)) body(b);
}

// body(const LaunchIndex&) for every thread of the launch <<<grid, block>>>.
template <class Body>
void emulate_launch(const Index3& grid, const Index3& block, Body&& body) {
    for_each_block(grid, [&](const Index3& b) { for_each_thread_of_block(grid, block, b, body); });
}

// Kernels with barriers: phases(const LaunchIndex&, Shared&) in order, each
// over the whole block before the next; one Shared per block.
template <class Shared, class... Phases>
void emulate_launch_phased(const Index3& grid, const Index3& block, Phases&&... phases) {
    for_each_block(grid, [&](const Index3& b) {
        Shared shared{};
        (for_each_thread_of_block(grid, block, b,
                                  [&](const LaunchIndex& idx) { phases(idx, shared); }),
         ...);
    });
}

// Kernels whose barriers sit in loops (a runtime number of phases):
// program(run_phase) once per block, with a fresh Shared; run_phase(f) runs
// f(const LaunchIndex&, Shared&) for every thread of the block, so each call
// is one phase and consecutive calls are separated by a barrier.
// A program that also takes the block's index, program(run_phase, block),
// learns it before its first phase (for loops whose bounds depend on it).
template <class Shared, class Program>
void emulate_launch_program(const Index3& grid, const Index3& block, Program&& program) {
    for_each_block(grid, [&](const Index3& b) {
        auto shared = std::make_unique<Shared>();  // on the heap: it may hold a block's registers
        auto run_phase = [&](auto&& phase) {
            for_each_thread_of_block(grid, block, b,
                                     [&](const LaunchIndex& idx) { phase(idx, *shared); });
        };
        if constexpr (std::is_invocable_v<Program&, decltype(run_phase)&, const Index3&>)
            program(run_phase, b);
        else
            program(run_phase);
    });
}

}  // namespace toroid::testing
