// The strip kernel and the LOP3 Life circuit on the device against their
// emulation and the host: whole stored planes word for word (edges and
// margins included), the fused population, k = 1, 2, 4, 8, every rule kind,
// and the CUDA backend with TOROID_CUDA_KERNEL=strip against the CPU.
// Skipped without a device (scripts/gpu-check.sh runs it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "emulated_planes.hpp"
#include "gpu_test.hpp"
#include "reference.hpp"
#include "strip_kernels.cuh"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/gpu/cuda_backend.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/kernels/lop3.hpp"

namespace toroid::testing {
namespace {

using StripDevice = GpuTest;

gpu::DeviceBuffer<std::uint64_t> upload(const std::vector<std::uint64_t>& words) {
    gpu::DeviceBuffer<std::uint64_t> d(words.size());
    TOROID_CUDA_CHECK(cudaMemcpy(d.get(), words.data(), words.size() * 8, cudaMemcpyHostToDevice));
    return d;
}

std::vector<std::uint64_t> download(const gpu::DeviceBuffer<std::uint64_t>& d) {
    std::vector<std::uint64_t> words(d.size());
    TOROID_CUDA_CHECK(cudaMemcpy(words.data(), d.get(), d.size() * 8, cudaMemcpyDeviceToHost));
    return words;
}

TEST_F(StripDevice, LaunchesEqualTheirEmulation) {
    const int sizes[][2] = {{1, 1},    {2, 3},    {63, 64},  {64, 63},  {65, 65},   {1000, 1},
                            {1, 1000}, {1919, 9}, {1920, 5}, {1921, 7}, {4100, 70}, {70, 4100}};
    std::uint64_t seed = 1;
    for (const char* text :
         {"B3/S23", "B36/S23", "B0/S8", "B2/S34H", "B2/S013V", "B2(1/3)/S12H", "B3/S2(0.9)3"}) {
        const Rule rule = Rule::parse(text);
        for (auto [w, h] : sizes)
            for (int k : {1, 2, 4, 8}) {
                if (k > kernels::strip_max_k(rule.compile())) continue;  // stochastic: k = 1
                StripConfig config;
                config.max_k = k;
                EmulatedCudaPlanes emulated(rule, seed, config);
                emulated.load(random_grid(w, h, 0.4, seed), 3);
                const PlaneShape& s = emulated.shape();
                gpu::DeviceBuffer<std::uint64_t> cur = upload(emulated.plane());
                gpu::DeviceBuffer<std::uint64_t> next = upload(emulated.other_plane());
                gpu::DeviceBuffer<unsigned long long> count(1);
                for (int launch = 0; launch < 2; ++launch) {
                    TOROID_CUDA_CHECK(cudaMemset(count.get(), 0, 8));
                    gpu::launch_strip(cur.get(), next.get(), s, emulated.rule(), seed,
                                      emulated.generation(), k, 0, count.get());
                    std::swap(cur, next);
                    emulated.step(std::uint64_t(k));
                    const std::string where = std::string(text) + " " + std::to_string(w) + "x" +
                                              std::to_string(h) + " k " + std::to_string(k) +
                                              " launch " + std::to_string(launch);
                    ASSERT_EQ(download(cur), emulated.plane()) << where;
                    unsigned long long got = 0;
                    TOROID_CUDA_CHECK(cudaMemcpy(&got, count.get(), 8, cudaMemcpyDeviceToHost));
                    ASSERT_EQ(got, emulated.fused_population()) << where;
                }
                ++seed;
            }
    }
}

// The backend with the strip kernel (environment variable) against the CPU.
TEST_F(StripDevice, BackendWithTheStripKernelEqualsCpu) {
    ::setenv("TOROID_CUDA_KERNEL", "strip", 1);
    std::uint64_t seed = 5;
    for (const char* text : {"B3/S23", "B36/S23", "B2/S34H", "B2/S013V", "B2(1/3)/S12H"})
        for (auto [w, h] : {std::pair{3, 5}, {65, 65}, {4100, 70}, {2000, 2000}}) {
            const Rule rule = Rule::parse(text);
            const Grid start = random_grid(w, h, 0.4, seed++);
            CpuBackend cpu(rule, {2, seed});
            auto gpu = gpu::make_cuda_backend(rule, {0, seed});
            ASSERT_NE(gpu->describe().find("strip"), std::string::npos);
            cpu.load(start, 3);
            gpu->load(start, 3);
            for (int gens : {1, 7, 8, 23}) {
                cpu.step(std::uint64_t(gens));
                gpu->step(std::uint64_t(gens));
                ASSERT_EQ(gpu->population(), cpu.population()) << text << " " << w << "x" << h;
                ASSERT_EQ(gpu->grid(), cpu.grid()) << text << " " << w << "x" << h;
                ASSERT_EQ(gpu->hash(), cpu.hash());
            }
        }
    ::unsetenv("TOROID_CUDA_KERNEL");
}

__global__ void life_gates_kernel(const std::uint64_t* w, std::uint64_t* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const std::uint64_t* c = w + 9 * i;
    using namespace toroid::kernels;
    const auto up = life_row_sums(c[0], c[1], c[2]);
    const auto mid = life_row_sums(c[3], c[4], c[5]);
    const auto down = life_row_sums(c[6], c[7], c[8]);
    out[i] = life_next(up, mid, c[4], down);  // lop3.b32 on the device
}

TEST_F(StripDevice, Lop3LifeCircuitOnTheDeviceEqualsTheHost) {
    const int n = 1 << 16;
    std::mt19937_64 rng(9);
    std::vector<std::uint64_t> words(9 * std::size_t(n));
    for (auto& w : words) w = rng() & (rng() | rng());
    gpu::DeviceBuffer<std::uint64_t> d = upload(words);
    gpu::DeviceBuffer<std::uint64_t> out{std::size_t(n)};
    life_gates_kernel<<<(n + 255) / 256, 256>>>(d.get(), out.get(), n);
    TOROID_CUDA_CHECK(cudaGetLastError());
    const std::vector<std::uint64_t> got = download(out);
    for (int i = 0; i < n; ++i) {
        const std::uint64_t* c = words.data() + 9 * i;
        const auto up = row_sums(c[0], c[1], c[2]), mid = row_sums(c[3], c[4], c[5]),
                   down = row_sums(c[6], c[7], c[8]);
        ASSERT_EQ(got[std::size_t(i)], apply_life(c[4], moore_count(up, mid, down))) << i;
    }
}

}  // namespace
}  // namespace toroid::testing
