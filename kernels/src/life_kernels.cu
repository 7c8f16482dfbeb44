// The 2-D kernels: one-line shells over the bodies in
// kernels/bodies/include/toroid/kernels/ (step, edge repair, reductions),
// which the CPU tests run over the same launch grids on the host.
#include "cuda_check.cuh"
#include "life_kernels.cuh"
#include "toroid/kernels/life_step.hpp"
#include "toroid/kernels/plane_edges.hpp"
#include "toroid/kernels/plane_sum.hpp"

namespace toroid::gpu {
namespace {

using kernels::LaunchShape;

template <class V>
__global__ void step_kernel(const std::uint64_t* __restrict__ src, std::uint64_t* __restrict__ dst,
                            PlaneShape s, CompiledRule rule, std::uint64_t seed,
                            std::uint64_t generation) {
    kernels::step_body<V>(this_thread(), src, dst, s, rule, seed, generation);
}

__global__ void fix_edges_kernel(std::uint64_t* plane, PlaneShape s) {
    kernels::fix_edges_body(this_thread(), plane, s);
}

// The plane's two sums (plane_sum.hpp): a shuffle reduction per warp, one
// atomic per warp and counter.
__global__ void plane_sum_kernel(const std::uint64_t* plane, PlaneShape s,
                                 unsigned long long* out) {
    const kernels::PlaneSums mine = kernels::plane_sum_thread(this_thread(), plane, s);
    unsigned long long population = mine.population, hash = mine.hash;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        population += __shfl_xor_sync(0xffffffffu, population, o);
        hash += __shfl_xor_sync(0xffffffffu, hash, o);
    }
    if (threadIdx.x % 32 == 0) {
        atomicAdd(out, population);
        atomicAdd(out + 1, hash);
    }
}

}  // namespace

void launch_step(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& s,
                 const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation) {
    const LaunchShape l = kernels::step_launch_shape(s);
    with_step_variant(rule, [&](auto variant) {
        step_kernel<decltype(variant)>
            <<<to_dim3(l.grid), to_dim3(l.block)>>>(src, dst, s, rule, seed, generation);
    });
    TOROID_CUDA_CHECK(cudaGetLastError());
}

void launch_fix_edges(std::uint64_t* plane, const PlaneShape& s) {
    const LaunchShape l = kernels::edges_launch_shape(s);
    fix_edges_kernel<<<to_dim3(l.grid), to_dim3(l.block)>>>(plane, s);
    TOROID_CUDA_CHECK(cudaGetLastError());
}

void launch_plane_sums(const std::uint64_t* plane, const PlaneShape& s,
                       unsigned long long* counters, cudaStream_t stream) {
    TOROID_CUDA_CHECK(cudaMemsetAsync(counters, 0, 2 * sizeof(unsigned long long), stream));
    const LaunchShape l = kernels::plane_sum_launch_shape(s);
    plane_sum_kernel<<<to_dim3(l.grid), to_dim3(l.block), 0, stream>>>(plane, s, counters);
    TOROID_CUDA_CHECK(cudaGetLastError());
}

PlaneSumScratch::PlaneSumScratch() : device_(2) {
    TOROID_CUDA_CHECK(cudaMallocHost(&host_, 2 * sizeof(unsigned long long)));
}
PlaneSumScratch::~PlaneSumScratch() {
    if (host_) TOROID_CUDA_WARN(cudaFreeHost(host_));
}

kernels::PlaneSums PlaneSumScratch::sums(const std::uint64_t* plane, const PlaneShape& s) {
    launch_plane_sums(plane, s, device_.get(), nullptr);
    TOROID_CUDA_CHECK(cudaMemcpyAsync(host_, device_.get(), 2 * sizeof(unsigned long long),
                                      cudaMemcpyDeviceToHost, nullptr));
    TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    return kernels::PlaneSums{host_[0], host_[1]};
}

std::uint64_t PlaneSumScratch::read_counter() {
    TOROID_CUDA_CHECK(cudaMemcpyAsync(host_, device_.get(), sizeof(unsigned long long),
                                      cudaMemcpyDeviceToHost, nullptr));
    TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
    return host_[0];
}

std::uint64_t device_population(const std::uint64_t* plane, const PlaneShape& s) {
    return PlaneSumScratch().sums(plane, s).population;
}

std::uint64_t device_hash_sum(const std::uint64_t* plane, const PlaneShape& s) {
    return PlaneSumScratch().sums(plane, s).hash;
}

}  // namespace toroid::gpu
