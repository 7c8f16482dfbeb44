// The render kernel's body under an emulated launch equals the CPU images
// pixel for pixel: the CPU backend's render (from its own plane layout, on
// its thread pool) and the host fallback (from a copy of the visible cells).
// Requests cover zoom in and out, smooth zoom, grid lines, hexagons, both
// density modes, tori smaller than the image (one copy) and odd sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
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

// The contract of a zoomed-out pixel, cell by cell (render_request.hpp),
// written without the body's word arithmetic: the rows y with a top edge in
// [y0, y1), in each the cells whose left edge lies in [x0, x1) (hexagonal
// rules: row y read from x + y/2), at most one torus width of them; spans
// clipped to the one copy when the image is larger than the torus. Only the
// colour scale is the body's (log2_fixed, blend): that is the look, not the
// count.
std::uint32_t naive_zoomed_out_pixel(const RenderRequest& q, bool hex, const Grid& g,
                                     std::int64_t px, std::int64_t py) {
    const std::int64_t w = g.width(), h = g.height(), step = q.step;
    std::int64_t x0 = q.centre_x + (px - q.width / 2) * step, x1 = x0 + step;
    std::int64_t y0 = q.centre_y + (py - q.height / 2) * step, y1 = y0 + step;
    auto clip = [](std::int64_t& a0, std::int64_t& a1, std::int64_t centre, std::int64_t pixels,
                   std::int64_t span, std::int64_t size) {
        if (pixels * span <= size * kSubcell) return true;  // wider than the image: wraps
        const std::int64_t lo = (floor_div(centre, kSubcell) - size / 2) * kSubcell;
        a0 = std::max(a0, lo);
        a1 = std::min(a1, lo + size * kSubcell);
        return a0 < a1;
    };
    if (!clip(x0, x1, q.centre_x, q.width, step, w) || !clip(y0, y1, q.centre_y, q.height, step, h))
        return q.palette.outside;
    std::uint64_t live = 0, area = 0;
    for (std::int64_t y = ceil_div(y0, kSubcell); y < ceil_div(y1, kSubcell); ++y) {
        const std::int64_t shift = hex ? y * (kSubcell / 2) : 0;
        const std::int64_t first = ceil_div(x0 + shift, kSubcell);
        const std::int64_t n = std::min(ceil_div(x1 + shift, kSubcell) - first, w);
        for (std::int64_t i = 0; i < n; ++i, ++area) live += g.get(wrap(first + i, w), wrap(y, h));
    }
    if (live == 0) return q.palette.dead;
    if (q.density == DensityMode::AnyLive) return q.palette.live;
    const std::int64_t level =
        48 + (207 * render::log2_fixed(live + 1)) / render::log2_fixed(area + 1);
    return render::blend(q.palette.dead, q.palette.live, std::uint32_t(level));
}

TEST(RenderBody, ZoomedOutPixelsCountExactlyTheCellsOfTheContract) {
    // Square and hexagonal rules; widths around a word and odd ones (runs
    // that cross words and the torus' edge), steps of whole and fractional
    // cells up to beyond a word, centres anywhere (negative too), images
    // larger and smaller than the torus; the CPU backend in rows and in
    // column strips.
    std::uint64_t state = 12345;
    auto next = [&](std::uint64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    };
    const std::pair<std::int64_t, std::int64_t> sizes[] = {
        {63, 17}, {64, 64}, {65, 33}, {100, 9}, {129, 70}, {200, 130}, {7, 5}, {1, 3}, {1536, 24}};
    int checked = 0;
    for (const char* rule : {"B3/S23", "B2/S34H"}) {
        const bool hex = Rule::parse(rule).neighbourhood() == Neighbourhood::Hexagonal;
        for (auto [w, h] : sizes) {
            Grid g(w, h);
            fill_soup(g, 0.3, std::uint64_t(w * 131 + h));
            CpuBackend cpu(Rule::parse(rule), BackendOptions{2, 1, true});
            cpu.load(g);
            if (w == 1536) cpu.set_column_strips(8);  // three strips of one tile
            for (int trial = 0; trial < 12; ++trial) {
                RenderRequest q;
                q.width = 8 + std::int32_t(next(40));
                q.height = 8 + std::int32_t(next(30));
                const std::int64_t cells = 1 + std::int64_t(next(trial % 3 == 0 ? 150 : 40));
                q.step = cells * kSubcell + (trial % 2 ? std::int64_t(next(kSubcell)) : 0);
                q.centre_x = std::int64_t(next(std::uint64_t(4 * w * kSubcell))) - 2 * w * kSubcell;
                q.centre_y = std::int64_t(next(std::uint64_t(4 * h * kSubcell))) - 2 * h * kSubcell;
                q.density = trial % 4 == 3 ? DensityMode::AnyLive : DensityMode::LogDensity;
                SCOPED_TRACE(std::string(rule) + " " + std::to_string(w) + "x" + std::to_string(h) +
                             " step " + std::to_string(q.step) + " centre " +
                             std::to_string(q.centre_x) + "," + std::to_string(q.centre_y));
                const auto emulated = emulated_image(q, g, hex);
                std::vector<std::uint32_t> want(emulated.size());
                for (std::int64_t py = 0; py < q.height; ++py)
                    for (std::int64_t px = 0; px < q.width; ++px)
                        want[std::size_t(py * q.width + px)] =
                            naive_zoomed_out_pixel(q, hex, g, px, py);
                ASSERT_EQ(emulated, want);
                for (const std::string& isa : CpuBackend::instruction_sets()) {
                    cpu.use_instruction_set(isa);  // each build of the drawing loop
                    ASSERT_EQ(backend_image(q, cpu), want) << isa;
                }
                ASSERT_EQ(fallback_image(q, cpu), want);
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 2 * 9 * 12);
}

TEST(RenderBody, CpuSweepsEqualTheBodyAtEveryZoomAndEdge) {
    // The CPU backend sweeps rows of pixels (cpu_render_rows.hpp); the body
    // draws them one by one. Random views: zoomed in (grid lines, bold lines
    // every 10 or 3 or none) and out (whole and fractional cells per pixel,
    // beyond 64:1 too), centres anywhere, tori smaller and larger than the
    // image (its edges), column strips; every instruction set.
    std::uint64_t state = 777;
    auto next = [&](std::uint64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    };
    const std::pair<std::int64_t, std::int64_t> sizes[] = {
        {64, 64}, {65, 33}, {100, 9}, {129, 70}, {7, 5}, {1, 1}, {300, 260}, {1536, 24}};
    int checked = 0;
    for (const char* rule : {"B3/S23", "B2/S34H"}) {
        const bool hex = Rule::parse(rule).neighbourhood() == Neighbourhood::Hexagonal;
        for (auto [w, h] : sizes) {
            Grid g(w, h);
            fill_soup(g, 0.4, std::uint64_t(w * 7 + h));
            CpuBackend cpu(Rule::parse(rule), BackendOptions{2, 1, true});
            cpu.load(g);
            if (w == 1536) cpu.set_column_strips(8);
            for (int trial = 0; trial < 16; ++trial) {
                RenderRequest q;
                q.width = 1 + std::int32_t(next(90));
                q.height = 1 + std::int32_t(next(50));
                switch (trial % 4) {
                    case 0:
                        q.step = kSubcell >> (1 + next(5));
                        break;  // 1:2 .. 1:32
                    case 1:
                        q.step = 1 + std::int64_t(next(kSubcell));
                        break;  // any zoom in
                    case 2:
                        q.step = kSubcell << next(8);
                        break;  // 1:1 .. 128:1
                    default:
                        q.step = kSubcell * (1 + std::int64_t(next(100))) +  // whole or not
                                 (trial % 8 == 3 ? std::int64_t(next(kSubcell)) : 0);
                }
                q.centre_x = std::int64_t(next(std::uint64_t(4 * w * kSubcell))) - 2 * w * kSubcell;
                q.centre_y = std::int64_t(next(std::uint64_t(4 * h * kSubcell))) - 2 * h * kSubcell;
                q.grid_lines = next(2) == 1;
                q.bold_every = std::int32_t(std::array{10, 3, 0}[next(3)]);
                q.density = next(2) ? DensityMode::AnyLive : DensityMode::LogDensity;
                SCOPED_TRACE(std::string(rule) + " " + std::to_string(w) + "x" + std::to_string(h) +
                             " image " + std::to_string(q.width) + "x" + std::to_string(q.height) +
                             " step " + std::to_string(q.step) + " centre " +
                             std::to_string(q.centre_x) + "," + std::to_string(q.centre_y));
                const auto body = emulated_image(q, g, hex);
                for (const std::string& isa : CpuBackend::instruction_sets()) {
                    cpu.use_instruction_set(isa);
                    ASSERT_EQ(backend_image(q, cpu), body) << isa;
                }
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 2 * 8 * 16);
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
