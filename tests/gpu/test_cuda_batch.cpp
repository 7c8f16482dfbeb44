// The CUDA batch backend against the CPU batch backend: mixed rules (one
// per torus, stochastic included), awkward sizes, tori at different
// generations; then a whole sweep on both; a census's history and resident
// batch, and a census with --batch cuda against one without.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "census_batch_support.hpp"
#include "gpu_test.hpp"
#include "reference.hpp"
#include "toroid/analysis/census_run.hpp"
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

TEST_F(CudaBatchTest, CensusHistoryAndResidentBatchEqualTheCpus) {
    auto cpu = create_batch_backend("cpu");
    auto gpu = create_batch_backend("cuda");
    for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{70, 40}, {1024, 1024}}) {
        TorusBatch a(w, h, 40);
        for (std::size_t i = 0; i < a.count; ++i) {
            a.rules[i] = Rule::parse(i % 2 ? "B3/S23" : "B36/S23").compile();
            if (i % 4 == 0) {  // a fill: boxes of the whole torus
                const Grid g = testing::random_grid(w, h, 0.02 + 0.01 * double(i % 5), i + 1);
                std::copy(g.words().begin(), g.words().end(), a.torus(i).begin());
                continue;
            }
            // A blob at the centre or across the seams: regions that grow,
            // wrap and shrink.
            testing::place_blob(a, i, i % 4 == 1 ? w / 2 : w - 6, i % 4 == 1 ? h / 2 : h - 5, 12,
                                i + 1);
        }
        const SparseTori start = testing::sparse_of(a);
        auto on_cpu = cpu->resident(a.shape, a.rules, start),
             on_gpu = gpu->resident(a.shape, a.rules, start);
        BatchHistory hc, hg;
        hc.with_signature = hg.with_signature = true;
        on_cpu->advance(65, hc);
        on_gpu->advance(65, hg);
        ASSERT_EQ(hc.hash, hg.hash) << w << "x" << h;
        ASSERT_EQ(hc.population, hg.population);
        ASSERT_EQ(hc.signature, hg.signature);
        const std::vector<std::size_t> keep{0, 3, 4, 39};
        on_cpu->keep(keep);
        on_gpu->keep(keep);
        on_cpu->advance(3, hc);
        on_gpu->advance(3, hg);
        ASSERT_EQ(hc.signature, hg.signature);
        SparseTori sc, sg;
        on_cpu->nonzero_words(sc);
        on_gpu->nonzero_words(sg);
        ASSERT_EQ(sc.start, sg.start);
        for (std::size_t i = 0; i < keep.size(); ++i) {
            std::vector<std::pair<std::uint32_t, std::uint64_t>> c, g;
            for (std::size_t e = sc.start[i]; e < sc.start[i + 1]; ++e) {
                c.push_back({sc.index[e], sc.word[e]});
                g.push_back({sg.index[e], sg.word[e]});
            }
            std::sort(c.begin(), c.end());
            std::sort(g.begin(), g.end());
            ASSERT_EQ(c, g) << "torus " << i;
        }
    }
}

TEST_F(CudaBatchTest, CensusWithTheFirstGenerationsOnTheDevice) {
    CensusOptions o;
    o.torus = 1024;
    auto gpu = create_batch_backend("cuda");
    const auto plain = testing::census_blocks(o, "k_toroidgpu01", 200, 100, nullptr),
               batched = testing::census_blocks(o, "k_toroidgpu01", 200, 100, gpu.get());
    for (const auto& [b, t] : plain) {
        EXPECT_EQ(t.objects, batched.at(b).objects) << "block " << b;
        EXPECT_EQ(t.samples, batched.at(b).samples) << "block " << b;
        EXPECT_EQ(t.generations, batched.at(b).generations) << "block " << b;
    }
}

}  // namespace
}  // namespace toroid
