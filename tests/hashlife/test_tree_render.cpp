// HashLifeBackend::render against the CPU renderer: small views drawn from
// the cells are the same pixels; views sampled from the tree are the same
// pixels at power-of-two zooms aligned with the tree, for every torus shape.
#include <gtest/gtest.h>

#include <vector>

#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"

namespace toroid {
namespace {

std::vector<std::uint32_t> image(const RenderRequest& q, const Backend& b) {
    std::vector<std::uint32_t> pixels(std::size_t(q.width) * std::size_t(q.height), 0xdeadbeef);
    b.render(q, RenderTarget{pixels.data(), q.width, q.height, q.width, RenderMemory::Host});
    return pixels;
}

struct Pair {
    CpuBackend cpu;
    HashLifeBackend hl;
    Pair(const Rule& rule, const Grid& g)
        : cpu(rule, BackendOptions{1, 0, true}),
          hl(rule, BackendOptions{1, 0, true, std::uint64_t(64) << 20}) {
        cpu.load(g);
        hl.load(g);
    }
};

TEST(TreeRender, SmallViewsAreTheCpuPixels) {
    for (const char* rule : {"B3/S23", "B2/S34H"}) {
        Pair b(Rule::parse(rule), testing::random_grid(128, 64, 0.3, 4));
        for (std::int64_t step : {kSubcell / 8, kSubcell, kSubcell * 3 + 777, kSubcell * 4}) {
            RenderRequest q;
            q.width = 90;
            q.height = 70;
            q.step = step;
            q.centre_x = 64 * kSubcell + 12345;
            q.centre_y = 32 * kSubcell - 999;
            q.grid_lines = true;
            EXPECT_EQ(image(q, b.hl), image(q, b.cpu)) << rule << " step " << step;
        }
    }
}

TEST(TreeRender, TreeSamplingIsExactAtAlignedPowerOfTwoZooms) {
    std::uint64_t seed = 20;
    for (auto [w, h] : {std::pair{256, 256}, {512, 128}, {64, 256}, {1024, 1024}}) {
        Pair b(Rule(), testing::random_grid(w, h, 0.05, seed++));
        b.hl.step(40);
        b.cpu.step(40);
        b.hl.set_direct_render_cells(0);  // always sample the tree
        for (int l = 0; l <= 5; ++l) {
            for (DensityMode mode : {DensityMode::LogDensity, DensityMode::AnyLive}) {
                RenderRequest q;
                q.step = kSubcell << l;  // 2^l cells a pixel
                q.width = 96;
                q.height = 64;
                // Pixel edges on multiples of 2^l cells; the view wraps.
                q.centre_x =
                    (std::int64_t(q.width / 2) << l) * kSubcell + (std::int64_t(7) << l) * kSubcell;
                q.centre_y = (std::int64_t(q.height / 2) << l) * kSubcell -
                             (std::int64_t(3) << l) * kSubcell;
                q.density = mode;
                EXPECT_EQ(image(q, b.hl), image(q, b.cpu)) << w << "x" << h << " 2^" << l;
            }
        }
        // Zoomed out past the whole torus: one copy, the rest `outside` (half
        // the shorter side a pixel keeps the copy's edges on pixel edges).
        RenderRequest q;
        q.width = 100;
        q.height = 80;
        q.step = kSubcell * std::min(w, h) / 2;
        q.centre_x = std::int64_t(w / 2) * kSubcell;
        q.centre_y = std::int64_t(h / 2) * kSubcell;
        EXPECT_EQ(image(q, b.hl), image(q, b.cpu)) << w << "x" << h << " whole";
    }
}

TEST(TreeRender, AHugeTorusZoomedOutToItsWholeExtent) {
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    const std::int64_t n = std::int64_t(1) << 30;
    hl.reset(n, n);
    for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}})
        hl.set(x + n / 2, y + n / 2, true);
    RenderRequest q;
    q.width = 1024;
    q.height = 1024;
    q.step = (n / 1024) * kSubcell;  // the whole torus in the image
    q.centre_x = q.centre_y = (n / 2) * kSubcell;
    const auto pixels = image(q, hl);
    int live = 0;
    for (std::uint32_t p : pixels) live += p != q.palette.dead;
    EXPECT_EQ(live, 1);  // the glider, in one pixel
    EXPECT_NE(pixels[512 * 1024 + 512], q.palette.dead);
}

}  // namespace
}  // namespace toroid
