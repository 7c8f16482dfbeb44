// GPU checks for elementary automata: the shared update function inside a
// kernel equals the host, and the device backend equals the naive reference.
// Skipped when no CUDA device is present (run by scripts/gpu-check.sh).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "eca_naive.hpp"
#include "gpu_test.hpp"
#include "toroid/eca/eca_cpu.hpp"
#include "toroid/eca/eca_update.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"

using namespace toroid;

namespace {

__global__ void step_words_kernel(const std::uint64_t* prev, const std::uint64_t* cur,
                                  const std::uint64_t* next, std::uint64_t* out, int n,
                                  EcaMasks masks) {
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n) out[i] = eca_step_word(masks, prev[i], cur[i], next[i]);
}

using EcaGpu = toroid::testing::GpuTest;  // skipped without a CUDA device

EcaRing to_ring(const toroid::testing::Cells& cells) {
    EcaRing ring(static_cast<std::int64_t>(cells.size()));
    for (std::size_t x = 0; x < cells.size(); ++x)
        ring.set(static_cast<std::int64_t>(x), cells[x] != 0);
    return ring;
}

}  // namespace

TEST_F(EcaGpu, SharedWordFunctionMatchesHost) {
    const int n = 4096;
    std::mt19937_64 gen(3);
    std::vector<std::uint64_t> p(n), c(n), x(n), out(n);
    for (int i = 0; i < n; ++i) {
        p[i] = gen();
        c[i] = gen();
        x[i] = gen();
    }
    const std::size_t bytes = n * sizeof(std::uint64_t);
    std::uint64_t *dp, *dc, *dx, *dout;
    ASSERT_EQ(cudaMalloc(&dp, bytes), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&dc, bytes), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&dx, bytes), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&dout, bytes), cudaSuccess);
    cudaMemcpy(dp, p.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dx, x.data(), bytes, cudaMemcpyHostToDevice);
    for (int rule = 0; rule < 256; ++rule) {
        const EcaMasks masks = eca_masks(static_cast<unsigned>(rule));
        step_words_kernel<<<(n + 255) / 256, 256>>>(dp, dc, dx, dout, n, masks);
        ASSERT_EQ(cudaMemcpy(out.data(), dout, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
        for (int i = 0; i < n; ++i)
            ASSERT_EQ(out[i], eca_step_word(masks, p[i], c[i], x[i])) << rule;
    }
    cudaFree(dp);
    cudaFree(dc);
    cudaFree(dx);
    cudaFree(dout);
}

TEST_F(EcaGpu, MatchesCpuAndNaiveOnAwkwardWidths) {
    std::uint64_t seed = 11;
    for (std::int64_t width :
         {1, 2, 3, 63, 64, 65, 127, 129, 2047 * 64 + 5, 4096 * 64, 5000 * 64 + 1}) {
        for (int rule : {30, 45, 90, 110, 150, 255}) {
            const toroid::testing::Cells start =
                toroid::testing::random_cells(static_cast<std::size_t>(width), seed++);
            for (std::int64_t steps : {1, 64, 100}) {
                EcaRing gpu_ring = to_ring(start);
                gpu::eca_run(gpu_ring, rule, steps);
                EcaRing cpu_ring = to_ring(start);
                eca_step(cpu_ring, rule, steps);
                ASSERT_EQ(gpu_ring, cpu_ring)
                    << "width " << width << " rule " << rule << " steps " << steps;
                if (width < 100000) {
                    EcaRing naive = to_ring(toroid::testing::naive_eca_run(start, rule, steps));
                    ASSERT_EQ(gpu_ring, naive)
                        << "width " << width << " rule " << rule << " steps " << steps;
                }
            }
        }
    }
}

TEST_F(EcaGpu, RandomWidthsAllRules) {
    std::mt19937_64 gen(99);
    for (int rule = 0; rule < 256; ++rule) {
        const std::int64_t width = 1 + static_cast<std::int64_t>(gen() % 3000);
        const toroid::testing::Cells start =
            toroid::testing::random_cells(static_cast<std::size_t>(width), gen());
        const std::int64_t steps = 1 + static_cast<std::int64_t>(gen() % 200);
        EcaRing ring = to_ring(start);
        gpu::eca_run(ring, rule, steps);
        ASSERT_EQ(ring, to_ring(toroid::testing::naive_eca_run(start, rule, steps)))
            << rule << " " << width;
    }
}
