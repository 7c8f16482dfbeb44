// LaunchShape: the <<<grid, block>>> of a launch, as plain data.
//
// Each kernel's body header computes its launch shape with a constexpr
// function; the .cu launcher and the emulated-launch tests both call it, so
// the tests run exactly the grid the device runs.
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"

// Full unrolling of a loop with a constant trip count in device code, so
// that a body's small arrays stay in registers; nothing on the host.
#if defined(__CUDA_ARCH__)
#define TOROID_UNROLL _Pragma("unroll")
#else
#define TOROID_UNROLL
#endif

namespace toroid::kernels {

struct LaunchShape {
    Index3 grid;
    Index3 block;
};

// Blocks of `per_block` threads covering `n` >= 0 items, one item a thread.
constexpr std::int64_t blocks_for(std::int64_t n, std::int64_t per_block) {
    return (n + per_block - 1) / per_block;
}

}  // namespace toroid::kernels
