// LaunchIndex: where a CUDA thread is, as plain data both sides can build.
//
// Every kernel of toroid is written as a TOROID_HD function of a LaunchIndex
// (its "body"); the __global__ function is a one-line shell that builds the
// index from blockIdx/threadIdx/gridDim/blockDim (this_thread() below) and
// calls the body. On the host, tests/support/emulated_launch.hpp builds the
// same indices for every thread of the launch grid and calls the same body,
// so the kernel's index arithmetic, halos and seams are tested on machines
// without a GPU.
//
// Kernels that synchronise (__syncthreads) are split into one body per phase,
// each a function of the index and of the block's shared state; the device
// shell calls them in order with a barrier between, the host emulator runs
// phase k for every thread of a block before phase k+1.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"

namespace toroid {

struct Index3 {
    std::uint32_t x = 1, y = 1, z = 1;
};

struct LaunchIndex {
    Index3 block;      // blockIdx
    Index3 thread;     // threadIdx
    Index3 grid_dim;   // gridDim
    Index3 block_dim;  // blockDim

    // Global thread coordinates (blockIdx * blockDim + threadIdx), 64-bit.
    TOROID_HD std::int64_t global_x() const {
        return std::int64_t(block.x) * block_dim.x + thread.x;
    }
    TOROID_HD std::int64_t global_y() const {
        return std::int64_t(block.y) * block_dim.y + thread.y;
    }
    TOROID_HD std::int64_t global_z() const {
        return std::int64_t(block.z) * block_dim.z + thread.z;
    }
    // Thread's rank inside its block, x fastest (as CUDA numbers warps).
    TOROID_HD std::uint32_t thread_rank() const {
        return thread.x + block_dim.x * (thread.y + block_dim.y * thread.z);
    }
};

#if defined(__CUDACC__)
// The index of the calling device thread: the only place kernels read the
// CUDA built-ins.
__device__ __forceinline__ LaunchIndex this_thread() {
    return LaunchIndex{{blockIdx.x, blockIdx.y, blockIdx.z},
                       {threadIdx.x, threadIdx.y, threadIdx.z},
                       {gridDim.x, gridDim.y, gridDim.z},
                       {blockDim.x, blockDim.y, blockDim.z}};
}
#endif

}  // namespace toroid
