// The 2-D kernels: one-line shells over the bodies in
// kernels/bodies/include/toroid/kernels/ (step, edge repair, reductions),
// which the CPU tests run over the same launch grids on the host.
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include "cuda_check.cuh"
#include "life_kernels.cuh"
#include "toroid/kernels/life_step.hpp"
#include "toroid/kernels/plane_edges.hpp"
#include "toroid/kernels/plane_reduce.hpp"

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

template <class PerIndex>
std::uint64_t reduce_plane(PerIndex per_index, const PlaneShape& s) {
    return thrust::transform_reduce(
        thrust::device, thrust::counting_iterator<std::int64_t>(0),
        thrust::counting_iterator<std::int64_t>(kernels::reduce_count(s)), per_index,
        std::uint64_t(0), thrust::plus<std::uint64_t>());
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

std::uint64_t device_population(const std::uint64_t* plane, const PlaneShape& s) {
    return reduce_plane(kernels::PopcountAt{kernels::PlaneWordAt{plane, s}}, s);
}

std::uint64_t device_hash_sum(const std::uint64_t* plane, const PlaneShape& s) {
    return reduce_plane(kernels::HashAt{kernels::PlaneWordAt{plane, s}}, s);
}

}  // namespace toroid::gpu
