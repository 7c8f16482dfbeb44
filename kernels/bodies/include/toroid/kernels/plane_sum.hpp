// Body of the plane reduction kernel: population and hash sum in one pass.
//
// A 2-D launch: thread x of the grid owns canonical word column j =
// global x, block row b owns rows b * kSumRows .. + kSumRows - 1 and strides
// on by gridDim.y * kSumRows rows. The word index y * words + j that
// hash_word() is keyed by is a multiplication, never a division. Each thread
// sums its words' popcounts and hash_word() mixes (sums mod 2^64: the order
// of additions never matters), then every warp adds its 32 sums together and
// lane 0 adds the warp's total to the two counters, one atomic each per warp
// (a shuffle reduction on the device; in the emulation two phases over
// PlaneSumShared, plane_sum_block_program()). The counters live in storage
// the caller keeps and zeroes: nothing is allocated per call.
#pragma once

#include <cstdint>

#include "toroid/core/grid_hash.hpp"
#include "toroid/core/launch_index.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kSumThreads = 256;
inline constexpr std::int64_t kSumRows = 16;
inline constexpr std::uint32_t kSumMaxBlocksY = 65535;

constexpr LaunchShape plane_sum_launch_shape(const PlaneShape& s,
                                             std::uint32_t max_blocks_y = kSumMaxBlocksY) {
    const std::int64_t bands = blocks_for(s.height, kSumRows);
    LaunchShape l;
    l.grid = Index3{std::uint32_t(blocks_for(s.words, kSumThreads)),
                    std::uint32_t(bands < max_blocks_y ? bands : max_blocks_y), 1};
    l.block = Index3{kSumThreads, 1, 1};
    return l;
}

struct PlaneSums {
    std::uint64_t population = 0;
    std::uint64_t hash = 0;  // sum of hash_word(), for hash_finish()
};

// One thread's share.
TOROID_HD PlaneSums plane_sum_thread(const LaunchIndex& at, const std::uint64_t* plane,
                                     const PlaneShape& s) {
    PlaneSums sums;
    const std::int64_t j = at.global_x();
    if (j >= s.words) return sums;
    const std::uint64_t mask = s.word_mask(j);
    for (std::int64_t y0 = std::int64_t(at.block.y) * kSumRows; y0 < s.height;
         y0 += std::int64_t(at.grid_dim.y) * kSumRows) {
        const std::int64_t y1 = y0 + kSumRows < s.height ? y0 + kSumRows : s.height;
        for (std::int64_t y = y0; y < y1; ++y) {
            const std::uint64_t w = plane[s.word_index(y, j)] & mask;
            sums.population += std::uint64_t(popcount64(w));
            sums.hash += hash_word(std::uint64_t(y * s.words + j), w);
        }
    }
    return sums;
}

// Host emulation: the threads' shares, then each warp's lane 0 adds its warp.
struct PlaneSumShared {
    PlaneSums share[kSumThreads];
};

template <class RunPhase>
void plane_sum_block_program(const std::uint64_t* plane, const PlaneShape& s, PlaneSums* out,
                             RunPhase&& run_phase) {
    run_phase([&](const LaunchIndex& at, PlaneSumShared& sh) {
        sh.share[at.thread_rank()] = plane_sum_thread(at, plane, s);
    });
    run_phase([&](const LaunchIndex& at, PlaneSumShared& sh) {
        if (at.thread.x % 32 != 0) return;
        PlaneSums warp;
        for (std::uint32_t l = 0; l < 32; ++l) {
            warp.population += sh.share[at.thread_rank() + l].population;
            warp.hash += sh.share[at.thread_rank() + l].hash;
        }
        out->population += warp.population;  // one atomic each on the device
        out->hash += warp.hash;
    });
}

}  // namespace toroid::kernels
