// toroid-view under the hand (issue 21, section 6), each case as a user
// meets it, through --script under Xvfb: hexagonal rules centred and their
// selections drawn, drags that select what was dragged, clicks off the
// torus that edit nothing, taps and strokes shorter than a frame, wrapped
// messages, panels that survive a tiny window, the full-view and quit keys,
// the clipboard as RLE, dropped files, 1-D rules that start with their first
// rows, the default size.
//
// Geometry used below: a 64x40 torus at zoom 8 in the 1280x720 window is
// 512x320 pixels centred, so square cell (x, y) covers pixels
// [384 + 8x, 392 + 8x) x [200 + 8y, 208 + 8y). The panels of the scripted
// window (their rectangles are in every dump) leave x 500..970 free.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "eca_naive.hpp"
#include "toroid/core/render_request.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/io/pattern.hpp"
#include "viewer_harness.hpp"

namespace toroid::view {
namespace {

using namespace harness;
const RenderPalette kPal;

// The centre pixel of square cell (x, y) of the 64x40 torus at zoom 8.
std::string at(int x, int y) {
    return std::to_string(384 + 8 * x + 4) + " " + std::to_string(200 + 8 * y + 4);
}

std::set<std::pair<int, int>> cells_of(const nlohmann::json& j) {
    std::set<std::pair<int, int>> got;
    for (const auto& c : j.at("cells")) got.insert({c[0].get<int>(), c[1].get<int>()});
    return got;
}

fs::path write_file(const std::string& name, const std::string& text) {
    const fs::path p = temp_dir() / name;
    std::ofstream(p) << text;
    return p;
}

// --- hexagonal rules ---------------------------------------------------------

TEST(ViewerHand, HexagonalRulesAreDrawnCentred) {
    // One cell at the torus' centre (placed centred: cell (511, 511) of
    // 1024^2). Its hexagon's centre is plane (511 - 511/2 + 1/2, 511.5) =
    // (256, 511.5), and the view's centre is the torus' centre as drawn,
    // plane (512 - 1024/4, 512) = (256, 512): at zoom 8 the hexagon is at
    // pixel (320, 236) of a 640x480 window (the window used to be empty).
    const fs::path rle = write_file("dot-hex.rle", "x = 1, y = 1, rule = B2/S34H\no!\n");
    const RgbaImage img =
        capture("--pattern " + rle.string() + " --size 1024x1024 --zoom 8 --window 640x480", "hc");
    long sx = 0, sy = 0, n = 0;
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x)
            if (img.at(x, y) == kPal.live) sx += x, sy += y, ++n;
    ASSERT_GT(n, 30) << "the centred cell is not in the window";
    EXPECT_NEAR(double(sx) / double(n), 320.0, 1.0);
    EXPECT_NEAR(double(sy) / double(n), 236.0, 1.0);
    // Fitted (64x40 at 1:8 in 640x480): the centre cell (31, 19) is at the
    // window's centre too: plane (31 - 19/2 + 1/2, 19.5) against the centre (22, 20).
    const fs::path small = write_file("dot-hex-small.rle", "x = 2, y = 2, rule = B2/S34H\no$!\n");
    const RgbaImage fitted =
        capture("--pattern " + small.string() + " --size 64x40 --window 640x480", "hc-fit");
    sx = sy = n = 0;
    for (int y = 0; y < fitted.height; ++y)
        for (int x = 0; x < fitted.width; ++x)
            if (fitted.at(x, y) == kPal.live) sx += x, sy += y, ++n;
    ASSERT_GT(n, 30);
    EXPECT_NEAR(double(sx) / double(n), 320.0, 1.0);
    EXPECT_NEAR(double(sy) / double(n), 236.0, 1.0);
}

TEST(ViewerHand, SwitchingToAHexagonalRuleKeepsTheCellAtTheCentre) {
    // The cell under the window's centre before and after B3/S23 -> B2/S34H
    // and back: square, floor(cx); hexagonal, floor(cx + row/2).
    auto centre_cell = [](const nlohmann::json& j, bool hex) {
        const std::int64_t cx = j.at("centre")[0].get<std::int64_t>();
        const std::int64_t cy = j.at("centre")[1].get<std::int64_t>();
        const std::int64_t row = cy >> kSubcellBits;
        const std::int64_t x = (cx + (hex ? row * (kSubcell / 2) : 0)) >> kSubcellBits;
        return std::pair{((x % 64) + 64) % 64, row};
    };
    const std::string base = "--size 64x64 --zoom 8";
    const auto before = run_script(base, "frames 2\ndump " + dump_path() + "\n");
    const auto hex = run_script(base,
                                "focus rule\nframes 2\ntype B2/S34H\nkey Enter\nframes 3\n"
                                "dump " +
                                    dump_path() + "\n");
    ASSERT_EQ(hex.at("rule"), "B2/S34H");
    EXPECT_EQ(centre_cell(hex, true), centre_cell(before, false));
    const auto back = run_script(base,
                                 "focus rule\nframes 2\ntype B2/S34H\nkey Enter\nframes 3\n"
                                 "focus rule\nframes 2\ntype B3/S23\nkey Enter\nframes 3\n"
                                 "dump " +
                                     dump_path() + "\n");
    ASSERT_EQ(back.at("rule"), "B3/S23");
    EXPECT_EQ(back.at("centre"), before.at("centre"));
}

TEST(ViewerHand, SelectionsOnHexagonalRulesAreDrawn) {
    // Select tool, a drag over the middle of a hexagonal torus: the pixels
    // of the selected cells are tinted by the selection's overlay, others not.
    const std::string shot = (temp_dir() / "hex-selection.png").string();
    const auto j = run_script("--rule B2/S34H --size 64x40 --zoom 8",
                              "key 4\ndrag 600 300 720 400\nframes 2\nscreenshot " + shot +
                                  "\ndump " + dump_path() + "\n");
    ASSERT_TRUE(j.contains("selection")) << j.dump();
    const RgbaImage img = read_png(shot);
    const std::uint32_t inside = img.at(660, 350), outside = img.at(560, 250);
    EXPECT_EQ(outside, kPal.dead);
    EXPECT_NE(inside, kPal.dead);
    EXPECT_GT((inside >> 16) & 255, inside & 255);  // bluish
}

// --- selections, clicks, strokes ------------------------------------------------

TEST(ViewerHand, DragOverMoreThanHalfTheTorusSelectsWhatWasDragged) {
    // 38 x 26 cells of a 64x40 torus (the shorter way round would be 28x16).
    const auto j =
        run_script("--size 64x40 --zoom 8", "key 4\ndrag " + at(20, 12) + " " + at(57, 37) +
                                                "\nframes 2\ndump " + dump_path() + "\n");
    EXPECT_EQ(j.at("selection"), nlohmann::json({20, 12, 38, 26})) << j.dump();
    // The same drag within one frame (a quick hand on a slow frame).
    const auto fast =
        run_script("--size 64x40 --zoom 8", "key 4\ndrag " + at(57, 37) + " " + at(20, 12) +
                                                " fast\nframes 2\ndump " + dump_path() + "\n");
    EXPECT_EQ(fast.at("selection"), nlohmann::json({20, 12, 38, 26})) << fast.dump();
}

TEST(ViewerHand, ClicksOffTheDrawnTorusEditNothing) {
    // Below the torus' one copy (pixels 200..519 high): the outside colour.
    const auto j = run_script("--size 64x40 --zoom 8",
                              "key 2\nclick 640 650\nclick 900 600\ndrag 640 650 700 560\n"
                              "key 4\ndrag 640 650 700 560\nframes 2\ndump " +
                                  dump_path() + "\n");
    EXPECT_TRUE(j.at("cells").empty()) << j.dump();
    EXPECT_FALSE(j.contains("selection")) << j.dump();
    // A selection dragged from the torus past its edge stops at the edge.
    const auto edge =
        run_script("--size 64x40 --zoom 8",
                   "key 4\ndrag " + at(50, 30) + " 940 650\nframes 2\ndump " + dump_path() + "\n");
    EXPECT_EQ(edge.at("selection"), nlohmann::json({50, 30, 14, 10})) << edge.dump();
}

TEST(ViewerHand, FastStrokesDrawWithoutGaps) {
    // Within one frame, 8 samples 4 cells apart: a line of 31 cells, and a
    // diagonal of 21, each without a gap.
    const auto j =
        run_script("--size 64x40 --zoom 8", "key 2\ndrag " + at(20, 5) + " " + at(50, 5) +
                                                " fast\ndrag " + at(30, 10) + " " + at(50, 30) +
                                                " fast\nframes 2\ndump " + dump_path() + "\n");
    std::set<std::pair<int, int>> want;
    for (int x = 20; x <= 50; ++x) want.insert({x, 5});
    for (int i = 0; i <= 20; ++i) want.insert({30 + i, 10 + i});
    EXPECT_EQ(cells_of(j), want) << j.dump();
}

// --- keys ---------------------------------------------------------------------

TEST(ViewerHand, KeyTapsShorterThanAFrameAllCount) {
    // Three taps of Tab (step 1) and three of Enter within one frame each.
    const auto j = run_script("--pattern glider --size 64x64",
                              "key Tab Tab Tab\nframes 1\nkey Enter Enter Enter\nframes 1\n"
                              "key Enter\nframes 1\ndump " +
                                  dump_path() + "\n");
    EXPECT_EQ(j.at("running"), false);  // toggled four times
    EXPECT_GE(j.at("generation").get<int>(), 3);
    EXPECT_LE(j.at("generation").get<int>(), 5);  // and a frame or two while running
    const auto c =
        run_script("--size 64x40 --zoom 8", "key 2\nclick " + at(30, 10) + "\nkey 4\ndrag " +
                                                at(29, 9) + " " + at(31, 11) +
                                                "\nkey ctrl+C ctrl+X\n"
                                                "frames 1\ndump " +
                                                dump_path() + "\n");
    EXPECT_TRUE(c.at("cells").empty()) << c.dump();  // the cut came in the same frame as the copy
}

TEST(ViewerHand, F11HidesThePanelsAndCtrlQQuits) {
    const std::string shot = (temp_dir() / "full-view.png").string();
    const auto j = run_script("--size 64x40 --zoom 8", "key F11\nframes 2\nscreenshot " + shot +
                                                           "\ndump " + dump_path() + "\n");
    EXPECT_EQ(j.at("panels_visible"), false);
    EXPECT_TRUE(j.at("panels").empty()) << j.dump();
    const RgbaImage img = read_png(shot);
    EXPECT_EQ(img.at(100, 100), kPal.outside);   // where the Control panel was
    EXPECT_EQ(img.at(1100, 100), kPal.outside);  // and Statistics
    // F11 again brings them back; a click where a panel was then is the panel's.
    const auto back =
        run_script("--size 64x40 --zoom 8",
                   "key F11\nframes 2\nkey F11\nframes 2\ndump " + dump_path() + "\n");
    EXPECT_EQ(back.at("panels_visible"), true);
    EXPECT_EQ(back.at("panels").size(), 5u);
    // ctrl+Q: nothing after it runs (the dump after it is never written).
    const fs::path file =
        write_file("quit.txt", "key ctrl+Q\nframes 5\ndump " + dump_path() + "\n");
    fs::remove(dump_path());
    EXPECT_EQ(run_viewer("--size 64x40 --window 640x480 --script " + file.string()), 0);
    EXPECT_FALSE(fs::exists(dump_path()));
}

// --- panels ---------------------------------------------------------------------

TEST(ViewerHand, ErrorMessagesWrapInsideThePanel) {
    const std::string missing = "/nonexistent/" + std::string(200, 'x') + "/pattern.rle";
    const auto j =
        run_script("--size 64x40", "drop " + missing + "\nframes 3\ndump " + dump_path() + "\n");
    ASSERT_TRUE(j.at("message_is_error").get<bool>()) << j.dump();
    ASSERT_TRUE(j.contains("message_rect")) << j.dump();
    const auto stats = j.at("panels").at("Statistics");
    const double right = stats[0].get<double>() + stats[2].get<double>();
    const auto m = j.at("message_rect");
    EXPECT_LE(m[0].get<double>() + m[2].get<double>(), right) << j.dump();
    EXPECT_GT(m[3].get<double>(), 20.0);  // more than one line
}

TEST(ViewerHand, PanelsComeBackInPlaceAfterATinyWindow) {
    const auto before = run_script("--size 64x40", "frames 3\ndump " + dump_path() + "\n");
    const auto after = run_script("--size 64x40",
                                  "frames 3\nresize 120 90\nframes 5\nresize 1 1\n"
                                  "frames 5\nresize 1280 720\nframes 5\ndump " +
                                      dump_path() + "\n");
    ASSERT_EQ(after.at("window"), nlohmann::json({1280, 720})) << after.dump();
    EXPECT_EQ(after.at("panels"), before.at("panels"));
    // A panel moved by the hand keeps its new place through the same.
    const auto moved = run_script("--size 64x40",
                                  "frames 3\ndrag 1000 20 900 120\nframes 2\n"
                                  "resize 200 150\nframes 5\nresize 1280 720\n"
                                  "frames 5\ndump " +
                                      dump_path() + "\n");
    const auto home = before.at("panels").at("Statistics");  // dragged by its title bar
    EXPECT_EQ(moved.at("panels").at("Statistics")[0].get<double>(), home[0].get<double>() - 100)
        << moved.dump();
    EXPECT_EQ(moved.at("panels").at("Statistics")[1].get<double>(), home[1].get<double>() + 100)
        << moved.dump();
}

// --- clipboard and files ------------------------------------------------------------

TEST(ViewerHand, PasteRleFromTheClipboardAndCopySelectionsAsRle) {
    const fs::path glider = write_file("clip.rle",
                                       "#C a glider\nx = 3, y = 3, rule = B3/S23\n"
                                       "bo$2bo$3o!\n");
    const auto j = run_script("--size 64x40 --zoom 8",
                              "clipboard " + glider.string() + "\nclick " + at(10, 10) +
                                  " right\nkey ctrl+V\nframes 2\ndump " + dump_path() + "\n");
    const std::set<std::pair<int, int>> want = {{11, 10}, {12, 11}, {10, 12}, {11, 12}, {12, 12}};
    EXPECT_EQ(cells_of(j), want) << j.dump();
    // Copy a selection: the clipboard holds its RLE, which reads back as the cells.
    const auto c =
        run_script("--size 64x40 --zoom 8",
                   "clipboard " + glider.string() + "\nclick " + at(30, 10) +
                       " right\nkey ctrl+V\nkey 4\ndrag " + at(28, 8) + " " + at(35, 15) +
                       "\nkey ctrl+C\nframes 2\ndump " + dump_path() + "\n");
    const Pattern p = parse_pattern(c.at("clipboard").get<std::string>(), "clipboard");
    ASSERT_EQ(p.cells.width(), 3) << c.dump();
    EXPECT_EQ(p.cells.population(), 5u);
    EXPECT_TRUE(p.cells.get(1, 0) && p.cells.get(2, 1) && p.cells.get(0, 2));
    EXPECT_EQ(p.rule->to_string(), "B3/S23");
    // Text that is not a pattern is an error, and the torus is untouched.
    const fs::path junk = write_file("junk.txt", "hello, world\n");
    const auto bad = run_script("--size 64x40 --zoom 8",
                                "clipboard " + junk.string() + "\nclick " + at(10, 10) +
                                    " right\nkey ctrl+V\nframes 2\ndump " + dump_path() + "\n");
    EXPECT_TRUE(bad.at("message_is_error").get<bool>()) << bad.dump();
    EXPECT_NE(bad.at("message").get<std::string>().find("clipboard"), std::string::npos);
    EXPECT_TRUE(bad.at("cells").empty());
}

TEST(ViewerHand, DroppedFilesOpen) {
    const fs::path blinker = write_file("blinker.rle", "x = 3, y = 1, rule = B36/S23\n3o!\n");
    const auto j = run_script(
        "--size 64x40", "drop " + blinker.string() + "\nframes 2\ndump " + dump_path() + "\n");
    EXPECT_EQ(j.at("rule"), "B36/S23") << j.dump();  // the file's rule, as opening it does
    const std::set<std::pair<int, int>> want = {{30, 19}, {31, 19}, {32, 19}};
    EXPECT_EQ(cells_of(j), want) << j.dump();
}

// --- 1-D rules and sizes ------------------------------------------------------------

TEST(ViewerHand, OneDimensionalRulesStartWithTheirFirstRowsAndHonourSoup) {
    // Row 0 is the first row of the 2-D soup of that density and seed; every
    // row below is rule 110 of the one above; the diagram is full at start.
    const auto j = run_script("--rule W110 --size 100x30 --soup 0.2 --seed 9",
                              "frames 1\ndump " + dump_path() + "\n");
    const auto rows = j.at("eca_rows");
    ASSERT_EQ(rows.size(), 30u) << j.dump();
    Grid soup(100, 1);
    fill_soup(soup, 0.2, 9);
    std::string first(100, '0');
    for (int x = 0; x < 100; ++x)
        if (soup.get(x, 0)) first[std::size_t(x)] = '1';
    EXPECT_EQ(rows[0].get<std::string>(), first);
    toroid::testing::Cells ring(100);
    for (int x = 0; x < 100; ++x) ring[std::size_t(x)] = first[std::size_t(x)] == '1';
    for (std::size_t r = 1; r < 30; ++r) {
        ring = toroid::testing::naive_eca_step(ring, 110);
        std::string want(100, '0');
        for (int x = 0; x < 100; ++x)
            if (ring[std::size_t(x)]) want[std::size_t(x)] = '1';
        ASSERT_EQ(rows[r].get<std::string>(), want) << "row " << r;
    }
    EXPECT_EQ(j.at("generation"), 29);
}

TEST(ViewerHand, APatternWithoutASizeGetsTheDefault512) {
    const auto j = run_script("--pattern glider", "frames 1\ndump " + dump_path() + "\n");
    EXPECT_EQ(j.at("width"), 512);
    EXPECT_EQ(j.at("height"), 512);
    EXPECT_EQ(j.at("population"), 5);
    // A pattern's own size when the file gives one (a whole torus).
    const fs::path torus = write_file("torus.rle", "x = 40, y = 30, rule = B3/S23:T40,30\n3o!\n");
    const auto t =
        run_script("--pattern " + torus.string(), "frames 1\ndump " + dump_path() + "\n");
    EXPECT_EQ(t.at("width"), 40);
    EXPECT_EQ(t.at("height"), 30);
}

}  // namespace
}  // namespace toroid::view

namespace toroid::view {
namespace {

using namespace harness;

// The README's pictures are made by docs/images/make-screenshots.sh; made
// again here, they must equal the committed ones pixel for pixel (the one
// with the panels up to anti-aliasing: 0.1% of its pixels may differ by a
// few levels, as Mesa's rasteriser may round differently from one release
// to another). A change that alters a picture fails until it is run again.
TEST(ViewerReadme, ScreenshotsAreCurrent) {
    const fs::path out = temp_dir() / "readme-images";
    fs::create_directories(out);
    const std::string cmd = "cd " + std::string(TOROID_SOURCE_DIR) + " && V=" + TOROID_VIEW_EXE +
                            " D=" + out.string() + " bash docs/images/make-screenshots.sh > " +
                            (temp_dir() / "out.txt").string() + " 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << viewer_output();
    int pictures = 0;
    for (const auto& made : fs::directory_iterator(out)) {
        if (made.path().extension() != ".png") continue;
        ++pictures;
        const std::string name = made.path().filename().string();
        const fs::path committed = fs::path(TOROID_SOURCE_DIR) / "docs/images" / name;
        ASSERT_TRUE(fs::exists(committed)) << name << " is made but not in docs/images";
        const RgbaImage a = read_png(made.path().string()), b = read_png(committed.string());
        ASSERT_EQ(a.width, b.width) << name;
        ASSERT_EQ(a.height, b.height) << name;
        int differ = 0, far = 0;
        for (std::size_t i = 0; i < a.pixels.size(); ++i) {
            if (a.pixels[i] == b.pixels[i]) continue;
            ++differ;
            for (int c = 0; c < 24; c += 8) {
                const int d = int((a.pixels[i] >> c) & 255) - int((b.pixels[i] >> c) & 255);
                if (d > 8 || d < -8) ++far;
            }
        }
        const bool panels = name == "viewer-ui.png";
        const int allowed = panels ? int(a.pixels.size() / 1000) : 0;
        EXPECT_TRUE(differ <= allowed && (panels ? far == 0 : differ == 0))
            << "docs/images/" << name << " is stale (" << differ
            << " pixels differ): run `bash docs/images/make-screenshots.sh` and commit the "
               "pictures";
    }
    EXPECT_EQ(pictures, 9);
}

}  // namespace
}  // namespace toroid::view
