// The render kernel's body under an emulated launch equals the CPU images
// pixel for pixel: the CPU backend's render (from its own plane layout, on
// its thread pool) and the host fallback (from a copy of the visible cells).
// Requests cover zoom in and out, smooth zoom, grid lines, hexagons, both
// density modes, tori smaller than the image (one copy) and odd sizes.
#include <gtest/gtest.h>

#include <vector>

#include "emulated_launch.hpp"
#include "toroid/core/render_body.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

using render::PlaneView;
using render::RenderParams;

// The plane as the CUDA backend keeps it: canonical words at an offset in a
// longer row, with junk in the halo and padding bits the body must not read.
struct PaddedPlane {
    std::vector<std::uint64_t> words;
    std::int64_t stride = 0, offset = 3;
    explicit PaddedPlane(const Grid& g) {
        stride = g.words_per_row() + 2 * offset;
        words.assign(std::size_t(stride * g.height()), ~std::uint64_t(0));  // junk everywhere
        for (std::int64_t y = 0; y < g.height(); ++y) {
            for (std::int64_t j = 0; j < g.words_per_row(); ++j) {
                std::uint64_t w = g.row(y)[std::size_t(j)];
                if (j == g.words_per_row() - 1) w |= ~g.last_word_mask();  // junk padding
                words[std::size_t(y * stride + offset + j)] = w;
            }
        }
    }
};

std::vector<std::uint32_t> emulated_image(const RenderRequest& q, const Grid& g, bool hex) {
    PaddedPlane plane(g);
    PlaneView v;
    v.words = plane.words.data();
    v.stride = plane.stride;
    v.offset = plane.offset;
    v.torus_width = v.width = g.width();
    v.torus_height = v.height = g.height();
    const RenderParams p = render::make_render_params(q, hex, g.width(), g.height());
    std::vector<std::uint32_t> image(std::size_t(q.width) * std::size_t(q.height), 0xdeadbeef);
    testing::emulate_launch(
        render::render_grid_dim(q), render::render_block_dim(),
        [&](const LaunchIndex& idx) { render::render_body(idx, p, v, image.data(), q.width); });
    return image;
}

std::vector<std::uint32_t> backend_image(const RenderRequest& q, const Backend& b) {
    std::vector<std::uint32_t> image(std::size_t(q.width) * std::size_t(q.height), 0xdeadbeef);
    b.render(q, RenderTarget{image.data(), q.width, q.height, q.width, RenderMemory::Host});
    return image;
}

std::vector<std::uint32_t> fallback_image(const RenderRequest& q, const Backend& b) {
    std::vector<std::uint32_t> image(std::size_t(q.width) * std::size_t(q.height), 0xdeadbeef);
    b.Backend::render(q,
                      RenderTarget{image.data(), q.width, q.height, q.width, RenderMemory::Host});
    return image;
}

struct Case {
    const char* rule;
    std::int64_t width, height;
    std::int32_t pixels_x, pixels_y;
    std::int64_t step;
    std::int64_t centre_dx, centre_dy;  // added to the torus centre (1/kSubcell)
    bool grid;
    DensityMode density;
};

TEST(RenderBody, EmulatedLaunchEqualsCpuImagesPixelForPixel) {
    const Case cases[] = {
        {"B3/S23", 64, 64, 77, 53, kSubcell / 8, 0, 0, true, DensityMode::LogDensity},
        {"B3/S23", 65, 63, 96, 80, kSubcell, 3 * kSubcell + 123, -kSubcell / 3, false,
         DensityMode::LogDensity},
        {"B3/S23", 200, 130, 64, 48, kSubcell * 4, 0, 0, false, DensityMode::LogDensity},
        {"B3/S23", 200, 130, 64, 48, kSubcell * 4, 17 * kSubcell, 5, false, DensityMode::AnyLive},
        {"B3/S23", 129, 70, 50, 40, kSubcell * 3 + 12345, -kSubcell * 50, 0, false,
         DensityMode::LogDensity},  // smooth zoom between 2:1 and 4:1
        {"B3/S23", 31, 17, 70, 70, kSubcell / 5 + 77, kSubcell / 2, 0, true,
         DensityMode::LogDensity},  // smooth zoom in, torus smaller than the image
        {"B3/S23", 7, 5, 40, 30, kSubcell * 16, 0, 0, false, DensityMode::LogDensity},
        {"B2/S34H", 40, 30, 120, 90, kSubcell / 12, 0, 0, true, DensityMode::LogDensity},
        {"B2/S34H", 41, 29, 60, 50, kSubcell * 2, kSubcell * 7, -kSubcell * 9, false,
         DensityMode::LogDensity},
        {"B2/S013V", 64, 64, 33, 33, kSubcell * 2, 0, 0, false, DensityMode::AnyLive},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.rule) + " " + std::to_string(c.width) + "x" +
                     std::to_string(c.height) + " step " + std::to_string(c.step));
        Grid g(c.width, c.height);
        fill_soup(g, 0.37, 11);
        CpuBackend cpu(Rule::parse(c.rule), BackendOptions{2, 1, true});
        cpu.load(g);
        RenderRequest q;
        q.width = c.pixels_x;
        q.height = c.pixels_y;
        q.step = c.step;
        q.centre_x = c.width * kSubcell / 2 + c.centre_dx;
        q.centre_y = c.height * kSubcell / 2 + c.centre_dy;
        q.grid_lines = c.grid;
        q.density = c.density;
        const bool hex = Rule::parse(c.rule).neighbourhood() == Neighbourhood::Hexagonal;
        const auto emulated = emulated_image(q, g, hex);
        EXPECT_EQ(emulated, backend_image(q, cpu));
        EXPECT_EQ(emulated, fallback_image(q, cpu));
        for (std::uint32_t p : emulated) ASSERT_NE(p, 0xdeadbeefu);  // every pixel written
    }
}

TEST(RenderBody, DensityIsOrderedAndAnyLiveMarksEveryNonEmptyBlock) {
    // 8:1; block 0 empty, block 1 one cell, block 2 half full, block 3 full.
    Grid g(32, 8);
    g.set(8, 0, true);
    for (std::int64_t y = 0; y < 8; y += 2)
        for (std::int64_t x = 16; x < 24; ++x) g.set(x, y, true);
    for (std::int64_t y = 0; y < 8; ++y)
        for (std::int64_t x = 24; x < 32; ++x) g.set(x, y, true);
    RenderRequest q;
    q.width = 4;
    q.height = 1;
    q.step = 8 * kSubcell;
    q.centre_x = 16 * kSubcell;
    q.centre_y = 4 * kSubcell;
    const auto img = emulated_image(q, g, false);
    const RenderPalette pal;
    auto red = [](std::uint32_t p) { return p & 255u; };
    EXPECT_EQ(img[0], pal.dead);
    EXPECT_GT(red(img[1]), red(pal.dead));
    EXPECT_GT(red(img[2]), red(img[1]));
    EXPECT_LT(red(img[2]), red(pal.live));
    EXPECT_EQ(img[3], pal.live);
    q.density = DensityMode::AnyLive;
    const auto any = emulated_image(q, g, false);
    EXPECT_EQ(any, (std::vector<std::uint32_t>{pal.dead, pal.live, pal.live, pal.live}));
}

TEST(RenderBody, VisibleCellsCoverWhatTheImageReadsAndNoMore) {
    RenderRequest q;
    q.width = 100;
    q.height = 50;
    q.step = kSubcell / 4;  // 25 x 12.5 cells
    q.centre_x = 1000 * kSubcell;
    q.centre_y = 10 * kSubcell;
    const Rect r = visible_cells(q, 4096, 4096, false);
    EXPECT_LE(r.width, 28);
    EXPECT_LE(r.height, 16);
    EXPECT_LE(r.x, 1000 - 12);
    EXPECT_GE(r.x + r.width, 1000 + 13);
    q.step = kSubcell * 64;  // zoomed far out: the whole torus
    EXPECT_EQ(visible_cells(q, 4096, 4096, false).width, 4096);
}

}  // namespace
}  // namespace toroid
