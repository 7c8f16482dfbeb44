// Each CUDA kernel on the device against the emulated launch of the same
// body (tests/kernels): the 2-D step and edge kernels word for word over
// whole stored planes (margins included), the reductions, and the 1-D warp
// kernel. Skipped without a device (scripts/gpu-check.sh runs it).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "eca_naive.hpp"
#include "emulated_eca.hpp"
#include "emulated_planes.hpp"
#include "gpu_test.hpp"
#include "life_kernels.cuh"
#include "reference.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"

namespace toroid::testing {
namespace {

using KernelVsEmulation = GpuTest;  // skipped without a CUDA device

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

TEST_F(KernelVsEmulation, StepEdgesAndReductionsEqualTheEmulatedLaunches) {
    const int sizes[][2] = {{1, 1},    {2, 2},     {3, 3},    {63, 64}, {64, 63},
                            {65, 65},  {127, 17},  {128, 9},  {129, 5}, {1000, 1},
                            {1, 1000}, {4100, 70}, {70, 4100}};
    std::uint64_t seed = 1;
    for (const char* text : {"B3/S23", "B36/S23", "B0/S8", "B2/S34H", "B0/S0123456H", "B2/S013V",
                             "B2(1/3)/S12H", "B3/S2(0.9)3", "B0(0.01)3/S23"}) {
        const Rule rule = Rule::parse(text);
        for (auto [w, h] : sizes) {
            EmulatedCudaPlanes emulated(rule, seed);
            emulated.load(random_grid(w, h, 0.4, seed), 3);
            const PlaneShape& s = emulated.shape();
            // The device starts from the very same words, garbage included.
            gpu::DeviceBuffer<std::uint64_t> cur = upload(emulated.plane());
            gpu::DeviceBuffer<std::uint64_t> next = upload(emulated.other_plane());
            for (int g = 0; g < 4; ++g) {
                gpu::launch_step(cur.get(), next.get(), s, emulated.rule(), seed,
                                 emulated.generation());
                gpu::launch_fix_edges(next.get(), s);
                std::swap(cur, next);
                emulated.step(1);
                const std::string where = std::string(text) + " " + std::to_string(w) + "x" +
                                          std::to_string(h) + " generation " +
                                          std::to_string(g + 1);
                ASSERT_EQ(download(cur), emulated.plane()) << where;
                ASSERT_EQ(gpu::device_population(cur.get(), s), emulated.population()) << where;
                ASSERT_EQ(hash_finish(w, h, gpu::device_hash_sum(cur.get(), s)), emulated.hash())
                    << where;
            }
            ++seed;
        }
    }
}

TEST_F(KernelVsEmulation, EcaWarpKernelEqualsItsEmulatedLaunch) {
    constexpr std::int64_t tile = std::int64_t(kernels::kEcaWarpTile) * 64;
    std::uint64_t seed = 1;
    for (std::int64_t width :
         {std::int64_t(1), std::int64_t(2), std::int64_t(63), std::int64_t(64), std::int64_t(65),
          std::int64_t(1000), tile - 1, tile, tile + 1, 8 * tile + 65, 40 * tile + 3})
        for (int rule : {30, 110, 90, 184, 1, 45})
            for (std::int64_t steps : {1, 64, 65, 200}) {
                const Cells start = random_cells(std::size_t(width), seed++);
                EcaRing ring(width);
                for (std::int64_t x = 0; x < width; ++x) ring.set(x, start[std::size_t(x)] != 0);
                EcaRing emulated = ring;
                emulated_eca_step(emulated, rule, steps);
                gpu::eca_run(ring, rule, steps);
                ASSERT_EQ(ring, emulated)
                    << "rule " << rule << " width " << width << " steps " << steps;
            }
}

}  // namespace
}  // namespace toroid::testing
