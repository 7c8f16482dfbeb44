// toroid-view without a window: view mapping, zoom about the cursor, wrap,
// the actions on the torus (bad input leaves it untouched), the 1-D diagram.
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "actions.hpp"
#include "config_path.hpp"
#include "eca_diagram.hpp"
#include "input.hpp"
#include "toroid/eca/eca_cpu.hpp"
#include "toroid/error.hpp"
#include "view.hpp"

namespace toroid::view {
namespace {

AppState app_with(const char* rule, std::int64_t w, std::int64_t h) {
    AppState app;
    app.backend_name = "cpu";
    app.view.width = 640;
    app.view.height = 480;
    start_torus(app, Rule::parse(rule), Grid(w, h));
    return app;
}

TEST(ViewLogic, ZoomOptionParsesPowersBothWays) {
    EXPECT_EQ(parse_zoom("--zoom", "8"), 3.0);
    EXPECT_EQ(parse_zoom("--zoom", "1/8"), -3.0);
    EXPECT_EQ(parse_zoom("--zoom", "1"), 0.0);
    EXPECT_THROW(parse_zoom("--zoom", "0"), InputError);
    EXPECT_THROW(parse_zoom("--zoom", "64"), InputError);
    EXPECT_THROW(parse_zoom("--zoom", "x"), InputError);
    EXPECT_EQ(step_of(3.0), kSubcell / 8);
    EXPECT_EQ(step_of(-2.0), kSubcell * 4);
}

TEST(ViewLogic, FitCentresAndPicksThePowerOfTwoThatFits) {
    AppState app = app_with("B3/S23", 100, 50);
    EXPECT_EQ(app.view.zoom, 2.0);  // 400 x 200 pixels in 640 x 480
    AppState big = app_with("B3/S23", 4096, 4096);
    EXPECT_EQ(big.view.zoom, -4.0);  // 256 pixels
    EXPECT_EQ(big.view.centre_x, 2048 * kSubcell);
}

TEST(ViewLogic, WindowPointsMapToCellsAndZoomKeepsTheCursorCell) {
    AppState app = app_with("B3/S23", 64, 64);
    app.view.zoom = app.view.target_zoom = 3;  // 8 pixels per cell, centre at cell 32
    const CellXY c = cell_at_window(app.view, 320 + 8 * 5 + 3, 240 - 8 * 2 + 1);
    EXPECT_EQ(c.x, 37);
    EXPECT_EQ(c.y, 30);
    zoom_about(app.view, 5, 363, 225, true);
    const CellXY after = cell_at_window(app.view, 363, 225);
    EXPECT_EQ(after.x, 37);
    EXPECT_EQ(after.y, 30);
}

TEST(ViewLogic, PanningWrapsAcrossTheSeams) {
    AppState app = app_with("B3/S23", 64, 64);
    app.view.zoom = 0;
    pan_pixels(app.view, 40, 0);  // content right: the centre moves left 40 cells
    EXPECT_EQ(app.view.centre_x, (32 - 40 + 64) * kSubcell);
    const CellXY c = cell_at_window(app.view, 320, 240);
    EXPECT_EQ(c.x, 56);
}

TEST(ViewLogic, HexagonalCellsFollowTheShiftedRows) {
    AppState app = app_with("B2/S34H", 64, 64);
    app.view.zoom = 4;  // 16 pixels per cell
    app.view.centre_x = app.view.centre_y = 0;
    // Row 2 is shifted left by one cell: plane x 0.5 in row 2 is cell 1.
    const CellXY c = cell_at_window(app.view, 320 + 8, 240 + 2 * 16 + 8);
    EXPECT_EQ(c.y, 2);
    EXPECT_EQ(c.x, 1);
}

TEST(ViewLogic, HexagonalViewsCentreAndWrapInTheShearedGeometry) {
    // After fit the window's centre is the torus' centre (a corner of
    // hexagons); the centre cell (32, 20) is half a cell down-right of it.
    AppState app = app_with("B2/S34H", 64, 40);
    const CellXY c = cell_at_window(app.view, 324, 244);
    EXPECT_EQ(c.x, 32);
    EXPECT_EQ(c.y, 20);
    // Panning down across the seam (a whole torus height) moves on by one
    // row, as anywhere else: the picture repeats along (-H/2, H).
    app.view.zoom = 3;  // 8 pixels a cell
    app.view.centre_y = 39 * kSubcell + kSubcell / 2;
    for (int i = 0; i < 3; ++i) {
        const CellXY below = cell_at_window(app.view, 320, 240 + 8);
        pan_pixels(app.view, 0, -8);
        const CellXY now = cell_at_window(app.view, 320, 240);
        EXPECT_EQ(now.x, below.x) << i;
        EXPECT_EQ(now.y, below.y) << i;
    }
    // Square to hexagonal and back keeps the cell under the centre.
    AppState sq = app_with("B3/S23", 64, 40);
    sq.view.zoom = 3;
    sq.view.centre_x = 10 * kSubcell + 3;
    sq.view.centre_y = 33 * kSubcell + kSubcell / 2 + 5;  // mid-row: a square and a hexagon
    const CellXY before = cell_at_window(sq.view, 320, 240);
    set_hexagonal(sq.view, true);
    const CellXY hex = cell_at_window(sq.view, 320, 240);
    EXPECT_EQ(hex.x, before.x);
    EXPECT_EQ(hex.y, before.y);
    set_hexagonal(sq.view, false);
    EXPECT_EQ(sq.view.centre_x, 10 * kSubcell + 3);
}

TEST(ViewLogic, StrokesAreLinesWithoutGaps) {
    std::uint64_t state = 5;
    auto next = [&](std::int64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return std::int64_t((state >> 33) % std::uint64_t(n)) - n / 2;
    };
    for (bool hex : {false, true})
        for (int trial = 0; trial < 200; ++trial) {
            const render::PlaneCell a{next(100), next(100)}, b{next(100), next(100)};
            const auto cells = stroke_cells(a, b, hex);
            render::PlaneCell prev = a;
            for (const auto& c : cells) {
                const std::int64_t dx = c.x - prev.x, dy = c.y - prev.y;
                EXPECT_TRUE(std::abs(dx) <= 1 && std::abs(dy) <= 1 && (dx || dy));
                if (hex) {
                    EXPECT_FALSE(dx * dy < 0) << "cells that only touch at a corner";
                }
                prev = c;
            }
            if (a.x != b.x || a.y != b.y) {
                ASSERT_FALSE(cells.empty());
                EXPECT_EQ(cells.back().x, b.x);
                EXPECT_EQ(cells.back().y, b.y);
            }
        }
}

TEST(ViewLogic, ASelectionDragKeepsItsGeometryWhenTheViewWraps) {
    // Press at cell 60 near the right seam, pan 16 cells on with the arrow
    // keys (the view's centre wraps past 64), move 2.5 cells on: cells 60 ..
    // 79, 20 wide (without the bookkeeping: 15 .. 60, the wrong way round).
    AppState app = app_with("B3/S23", 64, 40);
    app.view.zoom = app.view.target_zoom = 3;
    app.view.centre_x = 60 * kSubcell + kSubcell / 2;
    app.view.centre_y = 20 * kSubcell + kSubcell / 2;
    app.tool = Tool::Select;
    std::vector<InputEvent> e = {InputEvent::move(320, 240),
                                 InputEvent::button_event(0, GLFW_PRESS)};
    for (int i = 0; i < 4; ++i) {
        e.push_back(InputEvent::key_event(GLFW_KEY_RIGHT, GLFW_PRESS));
        e.push_back(InputEvent::key_event(GLFW_KEY_RIGHT, GLFW_RELEASE));
    }
    e.push_back(InputEvent::move(320 + 16 + 4, 240));
    e.push_back(InputEvent::button_event(0, GLFW_RELEASE));
    handle_events(app, e, UiFocus{});
    ASSERT_TRUE(app.selection.has_value());
    EXPECT_EQ(app.view.centre_x, 12 * kSubcell + kSubcell / 2);  // it did wrap
    EXPECT_EQ(app.selection->x, 60);
    EXPECT_EQ(app.selection->width, 20);
}

TEST(ViewLogic, ImguiIniGoesToTheUsersConfigFolder) {
    EXPECT_EQ(imgui_ini_path("/x/cfg", "/home/u"), "/x/cfg/toroid/imgui.ini");
    EXPECT_EQ(imgui_ini_path(nullptr, "/home/u"), "/home/u/.config/toroid/imgui.ini");
    EXPECT_EQ(imgui_ini_path("", "/home/u"), "/home/u/.config/toroid/imgui.ini");
    EXPECT_EQ(imgui_ini_path("relative/cfg", "/home/u"), "/home/u/.config/toroid/imgui.ini");
    EXPECT_EQ(imgui_ini_path(nullptr, nullptr), std::nullopt);
    EXPECT_EQ(imgui_ini_path("", ""), std::nullopt);
}

TEST(ViewLogic, BadRuleLeavesTheTorusUntouched) {
    AppState app = app_with("B3/S23", 32, 32);
    set_cell(app, {3, 4}, true);
    app.rule_text = "B9/S23";
    validate_rule_text(app);
    EXPECT_NE(app.rule_message.find("out of range"), std::string::npos);
    EXPECT_FALSE(run_action(app, [&] { apply_rule_text(app); }));
    EXPECT_TRUE(app.message_is_error);
    EXPECT_EQ(app.backend->rule().to_string(), "B3/S23");
    EXPECT_TRUE(app.backend->get(3, 4));
    app.rule_text = "B36/S23";
    EXPECT_TRUE(run_action(app, [&] { apply_rule_text(app); }));
    EXPECT_EQ(app.backend->rule().to_string(), "B36/S23");
    EXPECT_TRUE(app.backend->get(3, 4));  // the grid is kept
}

TEST(ViewLogic, UnreadablePatternAndHugeTorusAreMessagesNotCrashes) {
    AppState app = app_with("B3/S23", 32, 32);
    EXPECT_FALSE(run_action(app, [&] { open_pattern(app, "/nonexistent/x.rle"); }));
    EXPECT_NE(app.message.find("x.rle"), std::string::npos);
    app.new_size = "10000000x10000000";
    EXPECT_FALSE(run_action(app, [&] { new_torus(app); }));
    EXPECT_NE(app.message.find("memory"), std::string::npos);
    EXPECT_EQ(torus_width(app), 32);
}

TEST(ViewLogic, SelectionCopyPasteModesRotateFlip) {
    AppState app = app_with("B3/S23", 20, 20);
    set_cell(app, {1, 1}, true);
    set_cell(app, {2, 1}, true);
    set_cell(app, {1, 2}, true);
    select_rect(app, {1, 1}, {3, 2});  // 3 x 2
    copy_selection(app);
    paste(app, {10, 10});
    EXPECT_TRUE(app.backend->get(10, 10) && app.backend->get(11, 10) && app.backend->get(10, 11));
    app.paste_mode = PasteMode::Xor;
    paste(app, {10, 10});  // xor with itself: empty
    EXPECT_EQ(app.backend->population(), 3u);
    app.paste_mode = PasteMode::Or;
    paste(app, {19, 19});  // wraps across both seams
    EXPECT_TRUE(app.backend->get(19, 19) && app.backend->get(0, 19) && app.backend->get(19, 0));

    EXPECT_EQ(rotated(Grid(3, 2), true).width(), 2);
    Grid g(3, 2);
    g.set(0, 0, true);
    const Grid cw = rotated(g, true);
    EXPECT_TRUE(cw.get(1, 0));  // top-left goes to top-right
    EXPECT_TRUE(flipped(g, true).get(2, 0));
    EXPECT_TRUE(flipped(g, false).get(0, 1));

    select_rect(app, {1, 1}, {3, 2});
    flip_selection(app, true);  // cells (1,1) (2,1) (1,2) -> (3,1) (2,1) (3,2)
    EXPECT_TRUE(app.backend->get(3, 1) && app.backend->get(2, 1) && app.backend->get(3, 2));
    EXPECT_FALSE(app.backend->get(1, 1));
    select_rect(app, {18, 5}, {22, 6});  // row-frame cells past the seam: across it, 5 wide
    EXPECT_EQ(app.selection->x, 18);
    EXPECT_EQ(app.selection->width, 5);
    random_fill_selection(app);
    clear_selection_cells(app);
    EXPECT_FALSE(app.backend->get(0, 5));
}

TEST(ViewLogic, OneDimensionalRulesScrollAsASpaceTimeDiagram) {
    EXPECT_EQ(parse_wolfram_rule("W110"), 110);
    EXPECT_EQ(parse_wolfram_rule("B3/S23"), -1);
    EXPECT_THROW(parse_wolfram_rule("W300"), InputError);
    EcaDiagram d(90, 64, 16, "center");
    d.step(20);  // more than the diagram holds: the last 16 rows are kept
    EXPECT_EQ(d.generation(), 20u);
    // The newest row (bottom) is the ring; the one above is one generation before.
    const std::int64_t newest = ((15 - d.origin_y()) % 16 + 16) % 16;
    EcaRing ring = eca_initial_ring(64, "center");
    eca_step(ring, 90, 19);
    const std::int64_t before = ((14 - d.origin_y()) % 16 + 16) % 16;
    for (std::int64_t x = 0; x < 64; ++x) {
        EXPECT_EQ(d.rows().get(x, newest), d.ring().get(x));
        EXPECT_EQ(d.rows().get(x, before), ring.get(x));
    }
    AppState app = app_with("B3/S23", 64, 32);
    app.rule_text = "W30";
    EXPECT_TRUE(run_action(app, [&] { apply_rule_text(app); }));
    EXPECT_TRUE(app.eca.has_value());
    EXPECT_EQ(rule_name(app), "W30");
}

// The 1-D ring runs on the 1-D backend registry, by the name the viewer was
// given (--backend), refused before allocating when it does not fit.
TEST(ViewLogic, OneDimensionalRulesRunOnTheNamedOneDimensionalBackend) {
    EcaDiagram d(30, 100, 8, "center", "cpu", 1);
    EXPECT_EQ(d.describe().rfind("cpu (", 0), 0u) << d.describe();
    EXPECT_NE(d.describe().find(", 1 threads)"), std::string::npos) << d.describe();
    d.step(3);
    EcaRing ring = eca_initial_ring(100, "center");
    eca_step(ring, 30, 3);
    EXPECT_EQ(d.ring().to_string('#', '.'), ring.to_string('#', '.'));
    EXPECT_THROW(EcaDiagram(30, 100, 8, "center", "tpu"), InputError);
    try {
        EcaDiagram(30, std::int64_t(1) << 40, std::int64_t(1) << 20, "center", "cpu");
        FAIL() << "a 2^40-cell ring with 2^20 rows was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("memory"), std::string::npos) << e.what();
    }
    AppState app = app_with("B3/S23", 64, 32);
    app.backend_name = "tpu";
    app.rule_text = "W30";
    EXPECT_FALSE(run_action(app, [&] { apply_rule_text(app); }));
    EXPECT_FALSE(app.eca.has_value());
    EXPECT_TRUE(app.message_is_error);
}

}  // namespace
}  // namespace toroid::view
