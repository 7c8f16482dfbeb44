// Body of the byte-torus population kernel: the cells in a non-zero state
// of a byte torus (device_byte_torus.cuh: the named, Generations and range-r
// rules' CUDA backends), counted on the device instead of copied to the host.
//
// A 1-D launch of at most kBytePopulationMaxBlocks blocks: thread t counts
// the bytes t, t + threads, t + 2 threads, .. (neighbouring threads read
// neighbouring bytes); the device shell adds a warp's counts by shuffles
// and lane 0 adds the warp's total to the counter with one atomic; the
// emulation adds every thread's count. The counter lives in storage the
// caller keeps and zeroes.
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kBytePopulationThreads = 256;
inline constexpr std::int64_t kBytePopulationMaxBlocks = 4096;

inline LaunchShape byte_population_launch(std::int64_t cells) {
    std::int64_t blocks = blocks_for(cells, kBytePopulationThreads);
    if (blocks > kBytePopulationMaxBlocks) blocks = kBytePopulationMaxBlocks;
    if (blocks < 1) blocks = 1;
    return {Index3{std::uint32_t(blocks), 1, 1}, Index3{kBytePopulationThreads, 1, 1}};
}

// One thread's count.
TOROID_HD std::uint64_t byte_population_thread(const LaunchIndex& at, const std::uint8_t* cells,
                                               std::int64_t n) {
    const std::int64_t stride = std::int64_t(at.grid_dim.x) * at.block_dim.x;
    std::uint64_t count = 0;
    for (std::int64_t i = at.global_x(); i < n; i += stride) count += cells[i] != 0;
    return count;
}

}  // namespace toroid::kernels
