// Launchers of the 2-D kernels (host-callable; used by cuda_backend.cu).
//
// Device planes use the CPU backend's row layout: row y starts at
// plane + y * stride; canonical words at [kRowOffset, kRowOffset + words);
// the word before holds cell W-1 in bit 63 and bit W holds cell 0.
#pragma once

#include <cstdint>

#include "toroid/core/compiled_rule.hpp"

namespace toroid::gpu {

inline constexpr std::int64_t kRowOffset = 8;

struct PlaneShape {
    std::int64_t width = 0, height = 0;
    std::int64_t words = 0;   // canonical words per row
    std::int64_t stride = 0;  // stored words per row (words + 2 * kRowOffset)
    std::uint64_t last_mask = ~std::uint64_t(0);
};

// dst = one generation after src. `generation` keys the stochastic draws.
void launch_step(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& shape,
                 const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation);
// Rewrites the halo word and edge bit of every row of `plane`.
void launch_fix_edges(std::uint64_t* plane, const PlaneShape& shape);
// Reductions over the canonical words (synchronous).
std::uint64_t device_population(const std::uint64_t* plane, const PlaneShape& shape);
std::uint64_t device_hash_sum(const std::uint64_t* plane, const PlaneShape& shape);

}  // namespace toroid::gpu
