// Launchers of the 2-D kernels (host-callable; used by cuda_backend.cu).
//
// Device planes use the stored layout shared with the CPU backend,
// toroid/core/plane_layout.hpp, with stride = plane_stride(words).
#pragma once

#include <cstdint>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/plane_layout.hpp"

namespace toroid::gpu {

// dst = one generation after src. `generation` keys the stochastic draws.
void launch_step(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& shape,
                 const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation);
// Rewrites the halo word and edge bit of every row of `plane`.
void launch_fix_edges(std::uint64_t* plane, const PlaneShape& shape);
// Reductions over the canonical words (synchronous).
std::uint64_t device_population(const std::uint64_t* plane, const PlaneShape& shape);
std::uint64_t device_hash_sum(const std::uint64_t* plane, const PlaneShape& shape);

}  // namespace toroid::gpu
