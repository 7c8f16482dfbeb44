// The CUDA backend against the CPU backend (itself checked against the
// naive reference): every rule kind, awkward sizes, stochastic rules.
#include <gtest/gtest.h>

#include "gpu_test.hpp"
#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/cuda_backend.hpp"
#include "toroid/gpu/device.hpp"

namespace toroid {
namespace {

using CudaBackendTest = testing::GpuTest;  // skipped without a CUDA device

TEST_F(CudaBackendTest, EqualsCpuForEveryRuleKindAndSize) {
    const int sizes[][2] = {{1, 1},    {2, 2},     {3, 5},    {63, 64},  {64, 63},  {65, 65},
                            {100, 73}, {129, 127}, {1000, 1}, {1, 1000}, {4100, 70}};
    std::uint64_t seed = 1;
    for (const char* text : {"B3/S23", "B36/S23", "B0/S8", "B2/S34H", "B2/S013V", "B2(1/3)/S12H",
                             "B3/S2(0.9)3", "B2-a/S12", "B01c/S3-q", "B2o3m/S2pH", "MAPFitTAo"}) {
        const Rule rule = Rule::parse(text);
        for (auto [w, h] : sizes) {
            const Grid start = testing::random_grid(w, h, 0.4, seed++);
            CpuBackend cpu(rule, {2, seed});
            auto gpu = gpu::make_cuda_backend(rule, {0, seed});
            cpu.load(start, 3);
            gpu->load(start, 3);
            for (int round = 0; round < 4; ++round) {
                cpu.step(7);
                gpu->step(7);
                ASSERT_EQ(gpu->grid(), cpu.grid()) << text << " " << w << "x" << h;
                ASSERT_EQ(gpu->population(), cpu.population());
                ASSERT_EQ(gpu->hash(), cpu.hash());
            }
            gpu->set(w / 2, h / 2, !gpu->get(w / 2, h / 2));
            cpu.set(w / 2, h / 2, !cpu.get(w / 2, h / 2));
            cpu.step(5);
            gpu->step(5);
            ASSERT_EQ(gpu->grid(), cpu.grid()) << text << " after an edit";
        }
    }
}

TEST(CudaBackendAbsent, ClearErrorWithoutDevice) {
    if (gpu::device_count() > 0) GTEST_SKIP() << "a device is present";
    EXPECT_THROW(gpu::make_cuda_backend(Rule(), {}), InputError);
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

// reset + write_region + read_region on the device, across the torus's
// corner, against the CPU backend.
TEST_F(CudaBackendTest, RegionsOnAnEmptyTorusEqualCpu) {
    for (auto [w, h] : {std::pair<int, int>{64, 64}, {65, 33}, {4100, 70}}) {
        const Grid patch = testing::random_grid(40, 20, 0.5, std::uint64_t(w));
        CpuBackend cpu(Rule(), {2, 0});
        auto gpu = gpu::make_cuda_backend(Rule(), {0, 0});
        for (Backend* b : {static_cast<Backend*>(&cpu), gpu.get()}) {
            b->reset(w, h, 2);
            b->write_region(patch, w - 10, h - 5);
            b->step(9);
        }
        ASSERT_EQ(gpu->grid(), cpu.grid()) << w << "x" << h;
        const Rect r{w - 20, h - 10, 45, 30};
        ASSERT_EQ(gpu->read_region(r), cpu.read_region(r));
        ASSERT_EQ(gpu->generation(), 11u);
    }
}

}  // namespace
}  // namespace toroid
