// toroid-view as users run it, under Xvfb (Mesa): pixel checks on headless
// captures (--screenshot) and scripted input (--script). Expected pixels are
// computed here from the contract in render_request.hpp, not by the viewer's
// renderer: pixel px of a centred view at zoom Z (pixels per cell) shows cell
// W/2 + floor((px - window/2) / Z), in one copy when the torus is smaller.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "toroid/core/render_request.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/io/pattern.hpp"
#include "viewer_harness.hpp"

namespace toroid::view {
namespace {

using namespace harness;
const RenderPalette kPal;

Grid run_engine(const char* pattern, const char* rule, std::int64_t w, std::int64_t h, int gens) {
    const Pattern p = read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/" + pattern);
    CpuBackend b(Rule::parse(rule));
    b.load(place_pattern(p, w, h));
    b.step(std::uint64_t(gens));
    return b.grid();
}

// The image a square-cell rule must give at `zoom` pixels per cell, no grid lines.
void expect_square_image(const RgbaImage& img, const Grid& g, int zoom) {
    int wrong = 0;
    for (int py = 0; py < img.height; ++py)
        for (int px = 0; px < img.width; ++px) {
            const auto cell = [&](int p, int window, std::int64_t size) {
                const std::int64_t d = p - window / 2;
                return size / 2 + (d >= 0 ? d / zoom : -((-d + zoom - 1) / zoom));
            };
            const std::int64_t cx = cell(px, img.width, g.width()),
                               cy = cell(py, img.height, g.height());
            const bool one_copy_x = std::int64_t(img.width) > g.width() * zoom,
                       one_copy_y = std::int64_t(img.height) > g.height() * zoom;
            std::uint32_t want;
            if ((one_copy_x && (cx < 0 || cx >= g.width())) ||
                (one_copy_y && (cy < 0 || cy >= g.height())))
                want = kPal.outside;
            else
                want = g.get(cx, cy) ? kPal.live : kPal.dead;
            if (img.at(px, py) == want) continue;
            if (++wrong < 5) {
                ADD_FAILURE() << "pixel " << px << "," << py << " (cell " << cx << "," << cy
                              << ") is " << std::hex << img.at(px, py) << ", expected " << want;
            }
        }
    EXPECT_EQ(wrong, 0);
}

TEST(ViewerCapture, GliderAtZoom8IsFiveSquaresThenMovesDownRight) {
    const std::string args = "--pattern glider --size 64x64 --zoom 8 --window 640x640";
    const RgbaImage at0 = capture(args, "glider0");
    expect_square_image(at0, run_engine("glider.rle", "B3/S23", 64, 64, 0), 8);
    EXPECT_EQ(count(at0, kPal.live), 5 * 64);
    const RgbaImage at4 = capture(args + " --gens 4", "glider4");
    expect_square_image(at4, run_engine("glider.rle", "B3/S23", 64, 64, 4), 8);
    // The same shape one cell down and right.
    for (int y = 0; y + 8 < 640; ++y)
        for (int x = 0; x + 8 < 640; ++x)
            if (at0.at(x, y) == kPal.live) {
                ASSERT_EQ(at4.at(x + 8, y + 8), kPal.live);
            }
    EXPECT_EQ(count(at4, kPal.live), 5 * 64);
}

TEST(ViewerCapture, GridLinesOnlyWithGrid) {
    const std::string args = "--pattern glider --size 64x64 --zoom 8 --window 640x640";
    const RgbaImage plain = capture(args, "plain");
    EXPECT_EQ(count(plain, kPal.grid) + count(plain, kPal.grid_bold), 0);
    const RgbaImage grid = capture(args + " --grid", "grid");
    // One vertical and one horizontal line per cell: the first pixel column
    // and row of every cell, bold every 10 cells.
    const int x0 = 320 - 32 * 8;  // pixel of cell 0
    for (int c = 0; c < 64; ++c) {
        const std::uint32_t want = c % 10 == 0 ? kPal.grid_bold : kPal.grid;
        EXPECT_EQ(grid.at(x0 + 8 * c, x0 + 8 * 7 + 3), want) << "column of cell " << c;
    }
    EXPECT_EQ(grid.at(x0 + 8 * 5 + 3, x0 + 8 * 5 + 3), kPal.dead);  // inside a cell
    EXPECT_EQ(count(grid, kPal.live), 5 * 49);  // each live square keeps 7x7 pixels
}

TEST(ViewerCapture, HexagonalRulesDrawHexagonsWithAnOutline) {
    const fs::path rle = temp_dir() / "one-hex.rle";
    std::ofstream(rle) << "x = 1, y = 1, rule = B2/S34H\no!\n";
    // 16x16 torus, the cell at (7, 7); zoom 32. The view is centred on the
    // torus' centre as drawn: plane (8 - 8/2, 8) = (4, 8). The hexagon's
    // centre is plane x = 7 - 7/2 + 1/2 = 4, y = 7.5, i.e. pixel (320, 320 - 16).
    const std::string args =
        "--pattern " + rle.string() + " --size 16x16 --zoom 32 --window 640x640";
    const RgbaImage img = capture(args, "hex");
    const int cx = 320, cy = 304;
    EXPECT_EQ(img.at(cx, cy), kPal.live);
    EXPECT_EQ(img.at(cx, cy - 19), kPal.live);  // the top vertex reaches above the row (y 7 - 0.1)
    EXPECT_EQ(img.at(cx - 14, cy - 19), kPal.dead);  // ... its upper corners do not
    EXPECT_EQ(img.at(cx + 14, cy - 19), kPal.dead);
    EXPECT_EQ(img.at(cx - 14, cy), kPal.live);  // the vertical sides span the row's middle
    const RgbaImage outlined = capture(args + " --grid", "hex-grid");
    // Walking out of the hexagon in each direction: live, then the outline, then dead.
    for (auto [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
        int x = cx, y = cy;
        while (outlined.at(x, y) == kPal.live) x += dx, y += dy;
        EXPECT_EQ(outlined.at(x, y), kPal.grid) << "direction " << dx << "," << dy;
        while (outlined.at(x, y) == kPal.grid) x += dx, y += dy;
        EXPECT_EQ(outlined.at(x, y), kPal.dead) << "direction " << dx << "," << dy;
    }
    EXPECT_EQ(count(outlined, kPal.grid_bold), 0);
}

TEST(ViewerCapture, ZoomedOutPixelsShowDensity) {
    // A whole-torus file: 64x64, an 8x8 block half full at cells 8..15 and a
    // full one at 24..31 (rows 8..15 and 24..31).
    const fs::path rle = temp_dir() / "blocks.rle";
    {
        std::ofstream f(rle);
        f << "x = 64, y = 64, rule = B3/S23:T64,64\n8$";
        for (int r = 0; r < 8; ++r) f << (r % 2 == 0 ? "8b8o$" : "$");
        f << "8$";
        for (int r = 0; r < 8; ++r) f << "24b8o$";
        f << "!\n";
    }
    // Zoom 1/8 in a 64x64 window: the torus is 8x8 pixels at (28..35).
    const RgbaImage img =
        capture("--pattern " + rle.string() + " --zoom 1/8 --window 64x64", "density");
    EXPECT_EQ(img.at(30, 30), kPal.dead);       // an empty block: background
    EXPECT_EQ(img.at(31, 31), kPal.live);       // a full block: the live colour
    const std::uint32_t half = img.at(29, 29);  // half full: a mid-tone
    for (int c = 0; c < 24; c += 8) {
        EXPECT_GT((half >> c) & 255, (kPal.dead >> c) & 255);
        EXPECT_LT((half >> c) & 255, (kPal.live >> c) & 255);
    }
    EXPECT_EQ(img.at(10, 10), kPal.outside);  // beyond the torus
}

TEST(ViewerCapture, GliderCrossingTheSeamAppearsOnTheOtherSide) {
    // 16x16 torus: the glider starts at cells 6..8 and after 34 generations
    // straddles the seam (cells 14..16 = 14, 15, 0).
    const Grid g = run_engine("glider.rle", "B3/S23", 16, 16, 34);
    const RgbaImage img =
        capture("--pattern glider --size 16x16 --zoom 8 --window 256x256 --gens 34", "seam");
    expect_square_image(img, g, 8);
    bool left = false, right = false;  // live pixels at both ends of the copy (pixels 64..191)
    for (int y = 0; y < 256; ++y) {
        left |= img.at(64 + 2, y) == kPal.live;
        right |= img.at(191 - 2, y) == kPal.live;
    }
    EXPECT_TRUE(left);
    EXPECT_TRUE(right);
    EXPECT_EQ(count(img, kPal.live), 5 * 64);
}

TEST(ViewerCapture, WithUiHasPanelsAndBenchmarkPrintsJson) {
    const RgbaImage ui = capture("--size 64x64 --soup 0.5 --window 800x600 --with-ui", "ui");
    const RgbaImage bare = capture("--size 64x64 --soup 0.5 --window 800x600", "bare");
    EXPECT_NE(ui.pixels, bare.pixels);
    const fs::path out = temp_dir() / "bench.json";
    const std::string cmd = std::string(TOROID_VIEW_EXE) +
                            " --size 256x256 --soup 0.5 --window 320x240 --benchmark 5 --json > " +
                            out.string();
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const auto j = nlohmann::json::parse(std::ifstream(out));
    EXPECT_GT(j.at("frames_per_second").get<double>(), 0);
    EXPECT_GT(j.at("generations_per_second").get<double>(), 0);
    EXPECT_NE(j.at("backend").get<std::string>().find("cpu"), std::string::npos);
}

TEST(ViewerScript, BadRuleShowsTheParsersMessageAndKeepsTheGrid) {
    const std::string dump = (temp_dir() / "state.json").string();
    const auto j = run_script("--pattern glider --size 64x64",
                              "focus rule\nframes 2\ntype B9/S23\nframes 2\nkey Enter\nframes 2\n"
                              "dump " +
                                  dump + "\n");
    EXPECT_EQ(j.at("rule_text"), "B9/S23");
    EXPECT_NE(j.at("rule_message").get<std::string>().find("out of range"), std::string::npos)
        << j.dump();
    EXPECT_EQ(j.at("rule"), "B3/S23");  // not applied
    EXPECT_EQ(j.at("population"), 5);
    EXPECT_EQ(j.at("generation"), 0);
}

TEST(ViewerScript, DrawnCellsAreInTheEngine) {
    // 64x64 at zoom 8 in 1280x720: cell (x, y) is at pixel (384 + 8x, 104 + 8y).
    const std::string dump = (temp_dir() / "state.json").string();
    const auto j = run_script("--size 64x64 --zoom 8",
                              "key 2\nclick 708 268\nclick 716 268\ndrag 764 348 764 380\n"
                              "frames 2\ndump " +
                                  dump + "\n");
    const auto cells = j.at("cells");
    std::set<std::pair<int, int>> got;
    for (const auto& c : cells) got.insert({c[0].get<int>(), c[1].get<int>()});
    const std::set<std::pair<int, int>> want = {{40, 20}, {41, 20}, {47, 30}, {47, 31},
                                                {47, 32}, {47, 33}, {47, 34}};
    EXPECT_EQ(got, want) << j.dump();
}

TEST(ViewerScript, KeysRunStepAndZoom) {
    const std::string dump = (temp_dir() / "state.json").string();
    const auto j = run_script("--pattern glider --size 64x64 --zoom 8",
                              "key Space\nkey +\nkey +\nkey Tab\nkey l\nwheel 640 360 1\n"
                              "frames 20\ndump " +
                                  dump + "\n");
    EXPECT_EQ(j.at("generation"), 5);  // Space: 1, Tab: a step of 2^2
    EXPECT_EQ(j.at("step"), 4);
    EXPECT_EQ(j.at("grid_lines"), true);
    EXPECT_EQ(j.at("zoom"), 4.0);  // the wheel zooms in one power of two (smoothly)
}

TEST(ViewerScript, EnterRunsUntilEnterAgain) {
    const std::string dump = (temp_dir() / "state.json").string();
    const auto j = run_script("--pattern glider --size 64x64 --zoom 8",
                              "key Enter\nframes 10\nkey Enter\nframes 3\ndump " + dump + "\n");
    EXPECT_EQ(j.at("running"), false);
    EXPECT_GE(j.at("generation").get<int>(), 10);  // one generation per frame while running
    EXPECT_LE(j.at("generation").get<int>(), 14);
    EXPECT_EQ(j.at("population"), 5);
}

TEST(ViewerErrors, BadOptionsExit2) {
    EXPECT_NE(run_viewer("--size 64x64 --zoom 1/0 --screenshot x.png"), 0);
    EXPECT_NE(run_viewer("--size 64x64 --screenshot x.jpg"), 0);
    EXPECT_NE(run_viewer("--rule B9/S23 --size 64x64 --screenshot x.png"), 0);
    std::ifstream out(temp_dir() / "out.txt");
    const std::string text((std::istreambuf_iterator<char>(out)), {});
    EXPECT_NE(text.find("error: bad rule 'B9/S23'"), std::string::npos) << text;
}

}  // namespace
}  // namespace toroid::view
