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
// Cost is the kernel's work done serially; tests keep their grids small.
#pragma once

#include <cstdint>
#include <memory>

#include "toroid/core/launch_index.hpp"

namespace toroid::testing {

template <class Body>
void for_each_thread_of_block(const Index3& grid, const Index3& block, const Index3& b,
                              Body&& body) {
    LaunchIndex idx;
    idx.grid_dim = grid;
    idx.block_dim = block;
    idx.block = b;
    for (std::uint32_t tz = 0; tz < block.z; ++tz)
        for (std::uint32_t ty = 0; ty < block.y; ++ty)
            for (std::uint32_t tx = 0; tx < block.x; ++tx) {
                idx.thread = Index3{tx, ty, tz};
                body(idx);
            }
}

template <class Body>
void for_each_block(const Index3& grid, Body&& body) {
    for (std::uint32_t bz = 0; bz < grid.z; ++bz)
        for (std::uint32_t by = 0; by < grid.y; ++by)
            for (std::uint32_t bx = 0; bx < grid.x; ++bx) body(Index3{bx, by, bz});
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
template <class Shared, class Program>
void emulate_launch_program(const Index3& grid, const Index3& block, Program&& program) {
    for_each_block(grid, [&](const Index3& b) {
        auto shared = std::make_unique<Shared>();  // on the heap: it may hold a block's registers
        auto run_phase = [&](auto&& phase) {
            for_each_thread_of_block(grid, block, b,
                                     [&](const LaunchIndex& idx) { phase(idx, *shared); });
        };
        program(run_phase);
    });
}

}  // namespace toroid::testing
