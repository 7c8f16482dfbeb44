// Generations and range-r rules on the device: the cuda backend against the
// cpu backend, cell for cell, population and hash, for known and random
// rules of every kind the multi-state kernels run (Generations on the three
// neighbourhoods with letters; Larger than Life on every shape, the box and
// the runs paths), on tori from 1x1 to larger than a block and smaller than
// the range; and "auto" choosing the device for dense work (skipped without
// a GPU; scripts/gpu-check.sh runs it).
#include <string>

#include "gpu_test.hpp"
#include "reference_multistate.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {
namespace {

class CudaMultiState : public testing::GpuTest {};

void expect_cuda_equals_cpu(const Rule& rule, std::int64_t w, std::int64_t h, int generations) {
    SCOPED_TRACE(rule.to_string() + " on " + std::to_string(w) + "x" + std::to_string(h));
    const Grid start = testing::random_state_grid(w, h, rule.states(), 0.45, std::uint64_t(w + h));
    auto gpu = create_backend("cuda", rule, {});
    auto cpu = create_backend("cpu", rule, {});
    EXPECT_EQ(gpu->name(), "cuda");
    gpu->load(start);
    cpu->load(start);
    for (int chunk = 0; chunk < 2; ++chunk) {
        gpu->step(std::uint64_t(generations));
        cpu->step(std::uint64_t(generations));
        ASSERT_EQ(gpu->grid(), cpu->grid());
        EXPECT_EQ(gpu->population(), cpu->population());
        EXPECT_EQ(gpu->hash(), cpu->hash());
        EXPECT_EQ(gpu->generation(), cpu->generation());
    }
}

TEST_F(CudaMultiState, GenerationsEqualTheCpu) {
    for (const char* text : {"/2/3", "345/2/4", "B2/S345/C4", "B2/S34/C5H", "B1/S013/C6V",
                             "1e2-a3-cij4aijkrtz5cnqr/2ce3aejnr4aj5y6a/3", "B3/S23/C256"})
        for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{1, 1}, {33, 9}, {1000, 700}})
            expect_cuda_equals_cpu(Rule::parse(text), w, h, 20);
}

TEST_F(CudaMultiState, LargerThanLifeEqualsTheCpuOnEveryShape) {
    for (const char* text :
         {"R5,C0,M1,S34..58,B34..45,NM", "R2,C0,S4-7,9-12,B4,11-12,NN",
          "R7,C5,M1,S40..80,B45..70,NC", "R4,C0,M0,S15..30,B17..25,N2", "R3,C3,S2-4,B3,N+",
          "R4,C0,S10-20,B12-16,NB", "R3,C4,M1,S10..20,B12..16,NH", "R2,C0,M1,S12..25,B14..20,NL",
          "R50,C0,M1,S3000..5500,B3100..4600,NM"})
        for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{3, 2}, {130, 70}, {900, 600}})
            expect_cuda_equals_cpu(Rule::parse(text), w, h, 10);
}

TEST_F(CudaMultiState, AutoChoosesTheDeviceForDenseWork) {
    for (const char* text : {"/2/3", "R5,C0,M1,S34..58,B34..45,NM"}) {
        EXPECT_EQ(create_backend("auto", Rule::parse(text))->name(), "cuda") << text;
        EXPECT_EQ(create_backend("auto", Rule::parse(text), {}, Workload::Sparse)->name(), "cpu");
    }
}

}  // namespace
}  // namespace toroid
