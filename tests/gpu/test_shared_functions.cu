// The shared TOROID_HD functions run inside a kernel must give exactly what
// they give on the host (lifelib's test_popcount idea).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpu_test.hpp"
#include "toroid/core/bitslice.hpp"
#include "toroid/core/philox.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/stochastic.hpp"
#include "toroid/gpu/device.hpp"

namespace toroid {
namespace {

struct Case {
    std::uint64_t w[9];  // three rows: west, self, east
};

TOROID_HD std::uint64_t evaluate(const Case& c, const CompiledRule& rule, std::uint64_t i) {
    const RowSums<std::uint64_t> up = row_sums(c.w[0], c.w[1], c.w[2]);
    const RowSums<std::uint64_t> mid = row_sums(c.w[3], c.w[4], c.w[5]);
    const RowSums<std::uint64_t> down = row_sums(c.w[6], c.w[7], c.w[8]);
    Count4<std::uint64_t> count = moore_count(up, mid, down);
    if (rule.neighbourhood == Neighbourhood::Hexagonal)
        count = hex_count(c.w[0], c.w[1], c.w[3], c.w[5], c.w[7], c.w[8]);
    if (rule.neighbourhood == Neighbourhood::VonNeumann)
        count = von_neumann_count(c.w[1], c.w[3], c.w[5], c.w[7]);
    std::uint64_t next = apply_rule(c.w[4], count, rule.birth, rule.survive);
    const std::uint64_t candidates = stochastic_candidates(c.w[4], count, rule);
    next |= resolve_stochastic(candidates, c.w[4], count, rule, 12345, i, i * 7);
    return next ^ cell_draw(7, i, i * 3);
}

__global__ void evaluate_kernel(const Case* cases, std::uint64_t* out, CompiledRule rule, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = evaluate(cases[i], rule, std::uint64_t(i));
}

using SharedFunctions = testing::GpuTest;  // skipped without a CUDA device

TEST_F(SharedFunctions, KernelEqualsHost) {
    std::mt19937_64 rng(3);
    const int n = 4096;
    std::vector<Case> cases(n);
    for (auto& c : cases)
        for (auto& w : c.w) w = rng() & rng();
    for (const char* text :
         {"B3/S23", "B36/S23", "B2/S34H", "B2/S013V", "B2(1/3)/S12H", "B0(0.3)3/S2(0.9)3"}) {
        const CompiledRule rule = Rule::parse(text).compile();
        Case* d_cases = nullptr;
        std::uint64_t* d_out = nullptr;
        ASSERT_EQ(cudaMalloc(&d_cases, sizeof(Case) * n), cudaSuccess);
        ASSERT_EQ(cudaMalloc(&d_out, 8 * n), cudaSuccess);
        cudaMemcpy(d_cases, cases.data(), sizeof(Case) * n, cudaMemcpyHostToDevice);
        evaluate_kernel<<<(n + 127) / 128, 128>>>(d_cases, d_out, rule, n);
        std::vector<std::uint64_t> got(n);
        ASSERT_EQ(cudaMemcpy(got.data(), d_out, 8 * n, cudaMemcpyDeviceToHost), cudaSuccess);
        cudaFree(d_cases);
        cudaFree(d_out);
        for (int i = 0; i < n; ++i)
            ASSERT_EQ(got[std::size_t(i)], evaluate(cases[std::size_t(i)], rule, std::uint64_t(i)))
                << text;
    }
}

}  // namespace
}  // namespace toroid
