// Batched tori: the CPU batch backend (vector groups and scalar path) and the
// CUDA batch kernels run on the host with emulated launches, against the
// test suite's own naive reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "emulated_launch.hpp"
#include "reference.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/reference_stepper.hpp"
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

}  // namespace
}  // namespace toroid
