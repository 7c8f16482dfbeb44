// Launchers of the strip kernel (toroid/kernels/strip_step.hpp): k
// generations per launch, edges written by the kernel itself.
//
// The device instantiates k = 1, 2, 4, 8 (the pipeline's records live in
// registers, two rows per generation); strip_launch_generations() splits a
// step into launches of those sizes.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/kernels/strip_step.hpp"

namespace toroid::gpu {

// dst = `gens` generations after src (gens 1, 2, 4 or 8, and 1 for a
// stochastic rule: kernels::strip_max_k);
// band_rows 0 picks strip_band_rows(). With `population` non-null the
// kernel adds dst's population to *population (the caller zeroes it).
void launch_strip(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& s,
                  const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation, int gens,
                  std::int64_t band_rows = 0, unsigned long long* population = nullptr,
                  cudaStream_t stream = nullptr);

}  // namespace toroid::gpu
