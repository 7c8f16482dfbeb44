// The byte torus's population kernel (device_byte_torus.cuh): the body of
// kernels/bodies/.../byte_population.hpp, a shuffle reduction per warp and
// one atomic per warp.
#include "device_byte_torus.cuh"
#include "toroid/kernels/byte_population.hpp"

namespace toroid::gpu {
namespace {

__global__ void byte_population_kernel(const std::uint8_t* cells, std::int64_t n,
                                       unsigned long long* out) {
    unsigned long long count = kernels::byte_population_thread(this_thread(), cells, n);
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) count += __shfl_xor_sync(0xffffffffu, count, o);
    if (threadIdx.x % 32 == 0 && count) atomicAdd(out, count);
}

}  // namespace

std::uint64_t count_nonzero_bytes(const std::uint8_t* cells, std::int64_t n,
                                  unsigned long long* counter) {
    TOROID_CUDA_CHECK(cudaMemset(counter, 0, sizeof(unsigned long long)));
    const kernels::LaunchShape l = kernels::byte_population_launch(n);
    byte_population_kernel<<<to_dim3(l.grid), to_dim3(l.block)>>>(cells, n, counter);
    TOROID_CUDA_CHECK(cudaGetLastError());
    unsigned long long count = 0;
    TOROID_CUDA_CHECK(cudaMemcpy(&count, counter, sizeof count, cudaMemcpyDeviceToHost));
    return std::uint64_t(count);
}

}  // namespace toroid::gpu
