// Batched tori: the CPU batch backend (vector groups and scalar path) and the
// CUDA batch kernels run on the host with emulated launches, against the
// test suite's own naive reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <vector>

#include "census_batch_support.hpp"
#include "emulated_census_batch.hpp"
#include "emulated_launch.hpp"
#include "reference.hpp"
#include "toroid/analysis/census_record.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/hashsoup.hpp"
#include "toroid/core/reference_stepper.hpp"
#include "toroid/core/splitmix64.hpp"
#include "toroid/cpu/cpu_batch_backend.hpp"
#include "toroid/error.hpp"
#include "toroid/kernels/batch_step.hpp"

namespace toroid {
namespace {

const char* kRules[] = {
    "B3/S23", "B36/S23", "B0/S8", "B1357/S1357", "B2/S34H", "B2/S013V", "B2(1/3)/S12H",
    "B3/S2(0.9)3", "B/S012345678", "B0123478/S01234678", "B2-a/S12", "B01c/S3-q", "B2o3m/S2pH",
    "MAPFitTAo",
    // Table rules of each variant: corrections above, tree, interpreted circuit.
    "B2ei3cjn/S1c2-ae3eijy4ceqt", "MAPh5X29Ii/vMY0S5BLA5KZfP"};
const std::pair<std::int64_t, std::int64_t> kSizes[] = {{1, 1},  {2, 3},  {3, 1},  {5, 7},
                                                        {63, 4}, {64, 3}, {65, 5}, {130, 3}};

// A batch mixing every rule with random tori of one size.
TorusBatch mixed_batch(std::int64_t w, std::int64_t h, std::vector<Grid>& starts) {
    const std::size_t n = 2 * std::size(kRules) + 1;  // two lane groups per rule and a straggler
    TorusBatch batch(w, h, n);
    starts.clear();
    for (std::size_t i = 0; i < n; ++i) {
        starts.push_back(testing::random_grid(w, h, 0.45, 1000 + i));
        std::copy(starts[i].words().begin(), starts[i].words().end(), batch.torus(i).begin());
        batch.rules[i] = Rule::parse(kRules[(i / 2) % std::size(kRules)]).compile();
        batch.seeds[i] = 77 + i;
        batch.generations[i] = i % 3;  // tori at different generations
    }
    return batch;
}

void expect_matches_reference(const TorusBatch& batch, const BatchHistory& history,
                              const std::vector<Grid>& starts, std::uint64_t gens) {
    for (std::size_t i = 0; i < batch.count; ++i) {
        const Rule rule = Rule::parse(kRules[(i / 2) % std::size(kRules)]);
        Grid g = starts[i];
        for (std::uint64_t k = 0; k < gens; ++k) {
            g = testing::reference_step(g, rule, 77 + i, i % 3 + k);
            EXPECT_EQ(history.hash[k * batch.count + i], g.hash())
                << rule.to_string() << " torus " << i;
            EXPECT_EQ(history.population[k * batch.count + i], g.population());
        }
        Grid got(batch.shape.width, batch.shape.height);
        auto t = batch.torus(i);
        std::copy(t.begin(), t.end(), got.words().begin());
        EXPECT_EQ(got, g) << rule.to_string() << " " << batch.shape.width << "x"
                          << batch.shape.height;
        EXPECT_EQ(batch.generations[i], i % 3 + gens);
    }
}

TEST(BatchBackend, CpuEqualsTheReferenceOnAwkwardSizes) {
    auto backend = create_batch_backend("cpu");
    for (auto [w, h] : kSizes) {
        std::vector<Grid> starts;
        TorusBatch batch = mixed_batch(w, h, starts);
        BatchHistory history;
        backend->advance(batch, 4, history);
        expect_matches_reference(batch, history, starts, 4);
    }
}

TEST(BatchBackend, EmulatedCudaLaunchesEqualTheReference) {
    for (auto [w, h] : kSizes) {
        std::vector<Grid> starts;
        TorusBatch batch = mixed_batch(w, h, starts);
        const std::uint64_t gens = 3;
        BatchHistory history;
        history.reset(batch.count, gens);
        std::vector<std::uint64_t> a = batch.words, b(a.size());
        const std::uint64_t words = a.size();
        for (std::uint64_t g = 0; g < gens; ++g) {
            kernels::BatchStepArgs s{a.data(),
                                     b.data(),
                                     batch.shape,
                                     batch.count,
                                     batch.rules.data(),
                                     batch.seeds.data(),
                                     batch.generations.data(),
                                     g};
            const Index3 block{64, 1, 1};
            testing::emulate_launch(
                Index3{std::uint32_t((words + 63) / 64), 1, 1}, block,
                [&](const LaunchIndex& idx) { kernels::batch_step_body(idx, s); });
            kernels::BatchHistoryArgs hist{b.data(), batch.shape, batch.count,
                                           history.hash.data() + g * batch.count,
                                           history.population.data() + g * batch.count};
            testing::emulate_launch(
                Index3{std::uint32_t((batch.count + 31) / 32), 1, 1}, Index3{32, 1, 1},
                [&](const LaunchIndex& idx) { kernels::batch_history_body(idx, hist); });
            a.swap(b);
        }
        batch.words = a;
        for (auto& gen : batch.generations) gen += gens;
        expect_matches_reference(batch, history, starts, gens);
    }
}

TEST(BatchBackend, EngineReferenceStepperEqualsTheTestReference) {
    for (const char* r : kRules)
        for (auto [w, h] : kSizes) {
            const Rule rule = Rule::parse(r);
            const Grid g = testing::random_grid(w, h, 0.5, 5);
            EXPECT_EQ(reference_step(g, rule, 9, 4), testing::reference_step(g, rule, 9, 4)) << r;
        }
}

TEST(BatchBackend, RegistryNamesAndErrors) {
    const auto names = batch_backend_registry().available();
    EXPECT_NE(std::find(names.begin(), names.end(), "cpu"), names.end());
    EXPECT_THROW((void)create_batch_backend("tpu"), InputError);
    EXPECT_THROW(TorusBatch(0, 4, 1), InputError);
}

// Tori for a census's batch: random fills (cells everywhere: boxes of the
// whole torus), and small blobs at the centre, across the seams and in a
// corner (their regions grow, wrap and shrink), under each rule.
TorusBatch census_batch(std::int64_t w, std::int64_t h) {
    std::vector<Grid> fills;
    TorusBatch batch = mixed_batch(w, h, fills);
    for (std::size_t i = 0; i < batch.count; ++i) {
        batch.seeds[i] = 0;  // a resident batch starts at generation 0, seed 0
        batch.generations[i] = 0;
        if (i % 3 == 0) continue;  // random fill
        std::fill(batch.torus(i).begin(), batch.torus(i).end(), 0);
        testing::place_blob(batch, i, i % 3 == 1 ? w / 2 : w - 4, i % 3 == 1 ? h / 2 : h - 3, 8,
                            50 + i);
    }
    return batch;
}

// Each torus's nonzero words as sorted (index, word) pairs.
std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>> by_torus(const SparseTori& s) {
    std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>> out(s.start.size() - 1);
    for (std::size_t i = 0; i + 1 < s.start.size(); ++i) {
        for (std::size_t e = s.start[i]; e < s.start[i + 1]; ++e)
            out[i].push_back({s.index[e], s.word[e]});
        std::sort(out[i].begin(), out[i].end());
    }
    return out;
}

// A census's resident batch: the CUDA kernels' (emulated: the start
// scattered, each torus stepped over its region, the history by tiles, the
// nonzero words counted, scanned and packed, tori kept by the gather)
// against the host's over the CPU backend, generation by generation; the
// CPU backend's history against the reference; its signature against one
// summed from each tile's count by hand.
TEST(BatchBackend, CensusResidentBatchAsTheDevicesKernelsKeepIt) {
    for (const auto& size : {std::pair<std::int64_t, std::int64_t>{5, 7},
                             {70, 40},
                             {130, 33},
                             {256, 256},
                             {600, 70}}) {
        const std::int64_t w = size.first, h = size.second;
        const TorusBatch batch = census_batch(w, h);
        const SparseTori start = testing::sparse_of(batch);
        auto cpu = create_batch_backend("cpu", BatchOptions{1});
        testing::for_each_launch_order([&] {
            auto host = cpu->resident(batch.shape, batch.rules, start);
            testing::EmulatedResidentBatch device(batch.shape, batch.rules, start);
            BatchHistory hh, hd;
            hh.with_signature = hd.with_signature = true;
            const std::vector<std::size_t> keep{1, 2, 4, 5, batch.count - 1};
            for (int round = 0; round < 3; ++round) {
                host->advance(round == 0 ? 5 : 3, hh);
                device.advance(round == 0 ? 5 : 3, hd);
                ASSERT_EQ(hd.hash, hh.hash) << w << "x" << h << " round " << round;
                ASSERT_EQ(hd.population, hh.population) << w << "x" << h;
                ASSERT_EQ(hd.signature, hh.signature) << w << "x" << h;
                SparseTori sh, sd;
                host->nonzero_words(sh);
                device.nonzero_words(sd);
                ASSERT_EQ(by_torus(sd), by_torus(sh)) << w << "x" << h << " round " << round;
                if (round == 1) {
                    host->keep(keep);
                    device.keep(keep);
                    ASSERT_EQ(device.count(), keep.size());
                }
            }
        });
        // The CPU backend's census history against the reference.
        std::vector<Grid> starts;
        TorusBatch stepped = mixed_batch(w, h, starts);
        BatchHistory history;
        history.with_signature = true;
        cpu->advance(stepped, 2, history);
        expect_matches_reference(stepped, history, starts, 2);
        // The signature by hand: tiles of 8 words by 32 rows, row-major.
        for (std::size_t i = 0; i < stepped.count; ++i) {
            Grid g(w, h);
            const auto t = stepped.torus(i);
            std::copy(t.begin(), t.end(), g.words().begin());
            const std::int64_t tiles_x = (w + 511) / 512;
            std::map<std::int64_t, std::uint64_t> pop;
            for (std::int64_t y = 0; y < h; ++y)
                for (std::int64_t x = 0; x < w; ++x)
                    if (g.get(x, y)) ++pop[(y / 32) * tiles_x + x / 512];
            std::uint64_t signature = 0;
            for (const auto& [tile, p] : pop)
                signature += splitmix64((std::uint64_t(tile) << 32) ^ p);
            EXPECT_EQ(history.signature[stepped.count + i], signature) << w << "x" << h;
        }
    }
}

// A census's records made through the device's kernels (emulated) equal
// the CPU batch backend's, generation by generation, and the census is the
// same with them.
TEST(BatchBackend, CensusRecordedThroughTheDevicesKernels) {
    const Rule rule = Rule::parse("B3/S23");
    CensusOptions o;
    o.torus = 512;
    SoupCensusRunner runner(rule, o);
    std::vector<std::vector<Cell>> starts;
    std::int64_t side = 0;
    for (std::uint64_t i = 0; i < 30; ++i) {
        auto s = runner.start(soup_seed_text("k_toroidemu01", i));
        side = s.side;
        starts.push_back(s.cells);
    }
    testing::EmulatedCudaBatchBackend device;
    auto cpu = create_batch_backend("cpu", BatchOptions{1});
    const auto on_device = record_census_soups(device, rule, side, starts, 640, 72);
    const auto on_cpu = record_census_soups(*cpu, rule, side, starts, 640, 72);
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const CensusRecord &d = on_device[i], &c = on_cpu[i];
        ASSERT_EQ(d.generations(), c.generations()) << "soup " << i;
        for (std::uint64_t g = 0; g <= d.generations(); ++g) {
            ASSERT_EQ(d.population(g), c.population(g)) << "soup " << i << " generation " << g;
            ASSERT_EQ(d.hash(g), c.hash(g)) << "soup " << i << " generation " << g;
            ASSERT_EQ(d.signature(g), c.signature(g)) << "soup " << i << " generation " << g;
        }
        for (std::size_t k = 0; k < d.snapshots(); ++k) ASSERT_EQ(d.cells(k), c.cells(k));
        const SoupCensus a = runner.run(soup_seed_text("k_toroidemu01", i)),
                         b = runner.run(soup_seed_text("k_toroidemu01", i), &d);
        EXPECT_EQ(a.objects, b.objects) << "soup " << i;
        EXPECT_EQ(a.generations, b.generations) << "soup " << i;
    }
}

}  // namespace
}  // namespace toroid
