// Launchers of the 2-D kernels (host-callable; used by cuda_backend.cu).
//
// Device planes use the stored layout shared with the CPU backend,
// toroid/core/plane_layout.hpp, with stride = plane_stride(words).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "cuda_check.cuh"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/kernels/plane_sum.hpp"

namespace toroid::gpu {

// dst = one generation after src. `generation` keys the stochastic draws.
void launch_step(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& shape,
                 const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation);
// Rewrites the halo word and edge bit of every row of `plane`.
void launch_fix_edges(std::uint64_t* plane, const PlaneShape& shape);
// Population and hash sum of the canonical words into counters[0..1]
// (zeroed first), asynchronously on `stream`.
void launch_plane_sums(const std::uint64_t* plane, const PlaneShape& shape,
                       unsigned long long* counters, cudaStream_t stream);

// The reductions' storage, kept: two device counters and their pinned host
// copy (a backend asks every frame; nothing is allocated per call).
class PlaneSumScratch {
  public:
    PlaneSumScratch();
    ~PlaneSumScratch();
    PlaneSumScratch(const PlaneSumScratch&) = delete;
    PlaneSumScratch& operator=(const PlaneSumScratch&) = delete;
    // Both sums of a plane (synchronous).
    kernels::PlaneSums sums(const std::uint64_t* plane, const PlaneShape& shape);
    // A device counter the strip kernel may add the population to.
    unsigned long long* device_counter() const { return device_.get(); }
    // Reads device counter 0 back (synchronous).
    std::uint64_t read_counter();

  private:
    DeviceBuffer<unsigned long long> device_;
    unsigned long long* host_ = nullptr;
};

// Reductions over the canonical words (synchronous, with scratch of their own).
std::uint64_t device_population(const std::uint64_t* plane, const PlaneShape& shape);
std::uint64_t device_hash_sum(const std::uint64_t* plane, const PlaneShape& shape);

}  // namespace toroid::gpu
