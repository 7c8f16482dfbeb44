// The CUDA batch backend against the CPU batch backend: mixed rules (one
// per torus, stochastic included), awkward sizes, tori at different
// generations; then a whole sweep on both.
#include <gtest/gtest.h>

#include "gpu_test.hpp"
#include "reference.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/gpu/batch.hpp"
#include "toroid/gpu/device.hpp"

namespace toroid {
namespace {

using CudaBatchTest = testing::GpuTest;  // skipped without a CUDA device

TEST_F(CudaBatchTest, EqualsTheCpuBatchBackend) {
    const char* rules[] = {"B3/S23",       "B36/S23",     "B0/S8",    "B2/S34H",    "B2/S013V",
                           "B2(1/3)/S12H", "B3/S2(0.9)3", "B2-a/S12", "B2o3m/S2pH", "MAPFitTAo"};
    const int sizes[][2] = {{1, 1}, {3, 5}, {16, 16}, {63, 7}, {64, 64}, {65, 9}, {130, 33}};
    auto cpu = create_batch_backend("cpu");
    auto gpu = create_batch_backend("cuda");
    for (auto [w, h] : sizes) {
        TorusBatch a(w, h, 300);
        for (std::size_t i = 0; i < a.count; ++i) {
            const Grid g = testing::random_grid(w, h, 0.4, i + 1);
            std::copy(g.words().begin(), g.words().end(), a.torus(i).begin());
            a.rules[i] = Rule::parse(rules[i % std::size(rules)]).compile();
            a.seeds[i] = i * 7 + 1;
            a.generations[i] = i % 5;
        }
        TorusBatch b = a;
        BatchHistory ha, hb;
        cpu->advance(a, 37, ha);
        gpu->advance(b, 37, hb);
        ASSERT_EQ(a.words, b.words) << w << "x" << h;
        ASSERT_EQ(ha.hash, hb.hash);
        ASSERT_EQ(ha.population, hb.population);
        ASSERT_EQ(a.generations, b.generations);
    }
}

TEST_F(CudaBatchTest, SweepsAgree) {
    SweepOptions o;
    o.soups = 64;
    o.soup.torus_width = o.soup.torus_height = 64;
    o.soup.max_gens = 2000;
    const RuleFamily f = RuleFamily::parse("B3[6]/S23");
    std::vector<nlohmann::json> on_cpu, on_gpu;
    o.backend = "cpu";
    run_sweep(f, {0, 1}, o, [&](const RuleCensus& c) { on_cpu.push_back(to_json(c)); });
    o.backend = "cuda";
    run_sweep(f, {0, 1}, o, [&](const RuleCensus& c) { on_gpu.push_back(to_json(c)); });
    EXPECT_EQ(on_cpu, on_gpu);
}

}  // namespace
}  // namespace toroid
