// Device tests the CPU emulation cannot stand in for: tori wider than one
// block row, taller than the grid's y limit, planes over 2^31 words (with a
// glider fleet whose cells are predicted), the render kernel against the
// CPU renderer through a host target, and the batch backend at its
// preferred size. Both step kernels (TOROID_CUDA_KERNEL=classic|strip).
// Skipped without a device; a skip is a failure for scripts/gpu-check.sh.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "gpu_test.hpp"
#include "reference.hpp"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/render_request.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/gpu/cuda_backend.hpp"
#include "toroid/gpu/device.hpp"

namespace toroid {
namespace {

// GpuTest's skip, with the step kernel as the parameter.
class DeviceSizes : public testing::GpuTest, public ::testing::WithParamInterface<const char*> {
  protected:
    void SetUp() override {
        testing::GpuTest::SetUp();
        ::setenv("TOROID_CUDA_KERNEL", GetParam(), 1);
    }
    void TearDown() override { ::unsetenv("TOROID_CUDA_KERNEL"); }
};

void expect_equals_cpu(std::int64_t w, std::int64_t h, int gens) {
    const Rule rule = Rule::parse("B3/S23");
    const Grid start = testing::random_grid(w, h, 0.3, std::uint64_t(w + h));
    CpuBackend cpu(rule, {0, 1});
    auto gpu = gpu::make_cuda_backend(rule, {0, 1});
    cpu.load(start, 0);
    gpu->load(start, 0);
    cpu.step(std::uint64_t(gens));
    gpu->step(std::uint64_t(gens));
    ASSERT_EQ(gpu->population(), cpu.population()) << w << "x" << h;
    ASSERT_EQ(gpu->hash(), cpu.hash()) << w << "x" << h;
    ASSERT_EQ(gpu->grid(), cpu.grid()) << w << "x" << h;
}

// 2^20 cells wide: 16384 words a row, many blocks (classic) or strips across.
TEST_P(DeviceSizes, WiderThanOneBlockRow) {
    expect_equals_cpu(std::int64_t(1) << 20, 64, 13);
}

// 2^21 rows: more row strips than gridDim.y allows (65535), so blocks stride.
TEST_P(DeviceSizes, TallerThanTheGridsYLimit) {
    expect_equals_cpu(64, std::int64_t(1) << 21, 13);
}

// 2^19 x 2^19: 2^32 stored words a plane (over 2^31), 34 GB each. A fleet
// of gliders, two across the seams and most at word indices past 2^31: after
// 64 generations each has moved 16 cells diagonally, and the population is
// five cells a glider.
TEST_P(DeviceSizes, PlanesOverTwoToThe31Words) {
    const std::int64_t n = std::int64_t(1) << 19;
    const double needed = 2.0 * double(n / 64 + 16) * double(n) * 8.0;
    if (double(gpu::device_free_bytes()) < needed * 1.05)
        GTEST_SKIP() << "needs " << needed / 1e9 << " GB of device memory";
    struct Glider {
        std::int64_t x, y;
        int sx, sy;
    };
    std::vector<Glider> fleet = {{n - 2, n - 2, 1, 1}, {1, n - 3, -1, 1}};
    for (int i = 0; i < 62; ++i)
        fleet.push_back({(std::int64_t(i) * 8191 + 5) % n,
                         n / 2 + (std::int64_t(i) * 4099) % (n / 2), i % 2 ? 1 : -1,
                         i % 3 ? 1 : -1});
    auto gpu = gpu::make_cuda_backend(Rule::parse("B3/S23"), {0, 1});
    gpu->reset(n, n, 0);
    for (const Glider& g : fleet) {
        Grid box(3, 3);
        testing::place_glider(box, 0, 0, g.sx, g.sy);
        gpu->write_region(box, g.x, g.y);
    }
    ASSERT_EQ(gpu->population(), 5 * fleet.size());
    gpu->step(64);
    EXPECT_EQ(gpu->population(), 5 * fleet.size());
    for (const Glider& g : fleet) {
        Grid box(3, 3);
        testing::place_glider(box, 0, 0, g.sx, g.sy);
        for (int dy = 0; dy < 3; ++dy)
            for (int dx = 0; dx < 3; ++dx)
                ASSERT_EQ(gpu->get(g.x + 16 * g.sx + dx, g.y + 16 * g.sy + dy), box.get(dx, dy))
                    << "glider from (" << g.x << ", " << g.y << ") cell " << dx << "," << dy;
    }
}

// The render kernel into a host target against the CPU backend's renderer.
TEST_P(DeviceSizes, RenderEqualsTheCpuRenderer) {
    for (const char* text : {"B3/S23", "B2/S34H"})
        for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{2048, 2048}, {100, 37}}) {
            const Rule rule = Rule::parse(text);
            const Grid start = testing::random_grid(w, h, 0.4, 3);
            CpuBackend cpu(rule, {0, 1});
            auto gpu = gpu::make_cuda_backend(rule, {0, 1});
            cpu.load(start, 0);
            gpu->load(start, 0);
            cpu.step(9);
            gpu->step(9);
            for (std::int64_t step : {kSubcell / 16, kSubcell / 3, kSubcell, 5 * kSubcell / 2,
                                      8 * kSubcell, 64 * kSubcell}) {
                RenderRequest q;
                q.width = 320;
                q.height = 181;
                q.step = step;
                q.centre_x = w * kSubcell / 3;
                q.centre_y = -h * kSubcell / 5;
                q.grid_lines = true;
                std::vector<std::uint32_t> a(320 * 181, 1), b(320 * 181, 2);
                RenderTarget ta{a.data(), 320, 181, 320, RenderMemory::Host};
                RenderTarget tb{b.data(), 320, 181, 320, RenderMemory::Host};
                cpu.render(q, ta);
                gpu->render(q, tb);
                ASSERT_EQ(a, b) << text << " " << w << "x" << h << " step " << step;
            }
        }
}

// The batch backend at its preferred batch size against the CPU batch.
TEST_P(DeviceSizes, BatchAtItsPreferredSizeEqualsCpu) {
    auto gpu = create_batch_backend("cuda");
    auto cpu = create_batch_backend("cpu");
    const TorusShape shape = TorusShape::of(32, 32);
    const std::size_t count = gpu->preferred_batch(shape);
    TorusBatch a(32, 32, count);
    for (std::size_t i = 0; i < count; ++i) {
        const Grid g = testing::random_grid(32, 32, 0.4, i + 1);
        std::copy(g.words().begin(), g.words().end(), a.torus(i).begin());
        a.rules[i] = Rule::parse(i % 3 ? "B3/S23" : "B36/S23").compile();
        a.seeds[i] = i;
    }
    TorusBatch b = a;
    BatchHistory ha, hb;
    cpu->advance(a, 50, ha);
    gpu->advance(b, 50, hb);
    ASSERT_EQ(a.words, b.words);
    ASSERT_EQ(ha.hash, hb.hash);
    ASSERT_EQ(ha.population, hb.population);
}

INSTANTIATE_TEST_SUITE_P(StepKernels, DeviceSizes, ::testing::Values("classic", "strip"));

}  // namespace
}  // namespace toroid
