#define GLFW_INCLUDE_NONE
#include "input.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>

#include "actions.hpp"

namespace toroid::view {

namespace {

constexpr KeyHelp kKeys[] = {
    {"Enter", "start / stop running"},
    {"Space", "one generation"},
    {"Tab", "one step (base^exponent generations)"},
    {"+ / -", "step exponent up / down (a step is 2^e generations)"},
    {"] / [ or wheel", "zoom in / out by a power of two (about the cursor)"},
    {"f", "fit the torus in the window"},
    {"l", "grid lines on / off"},
    {"a", "colour by age on / off"},
    {"d", "density view: log density / any live cell"},
    {"h", "this help"},
    {"arrows, right drag", "pan (wraps across the seams)"},
    {"1 / 2 / 3 / 4", "tool: pan, draw, erase, select"},
    {"left drag", "with the tool: pan, draw, erase or select"},
    {"ctrl+A", "select all"},
    {"ctrl+C / ctrl+X / ctrl+V", "copy / cut / paste at the cursor (mode copy, or, xor)"},
    {"Delete", "clear the selection"},
    {"r / R", "rotate the selection clockwise / anticlockwise"},
    {"x / y", "flip the selection left-right / top-bottom"},
    {"Escape", "drop the selection"},
};

}  // namespace

const KeyHelp* key_help(int& count) {
    count = int(sizeof kKeys / sizeof kKeys[0]);
    return kKeys;
}

void handle_keys(AppState& app) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    ViewState& v = app.view;
    const double cx = io.MousePos.x >= 0 ? io.MousePos.x : v.width / 2.0;
    const double cy = io.MousePos.y >= 0 ? io.MousePos.y : v.height / 2.0;
    for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
        const ImWchar c = io.InputQueueCharacters[i];
        switch (c) {
            case ' ':
                app.running = false;
                run_action(app, [&] { step_generations(app, 1); });
                break;
            case '+':
            case '=':
                if (app.step_exponent < 40) ++app.step_exponent;
                break;
            case '-':
            case '_':
                if (app.step_exponent > 0) --app.step_exponent;
                break;
            case ']':
                zoom_about(v, std::floor(v.target_zoom) + 1, cx, cy, false);
                break;
            case '[':
                zoom_about(v, std::ceil(v.target_zoom) - 1, cx, cy, false);
                break;
            case 'f':
                fit(v);
                break;
            case 'l':
                v.grid_lines = !v.grid_lines;
                break;
            case 'a':
                app.colour_by_age = !app.colour_by_age;
                break;
            case 'd':
                v.density = v.density == DensityMode::LogDensity ? DensityMode::AnyLive
                                                                 : DensityMode::LogDensity;
                break;
            case 'h':
                app.show_help = !app.show_help;
                break;
            case '1':
                app.tool = Tool::Pan;
                break;
            case '2':
                app.tool = Tool::Draw;
                break;
            case '3':
                app.tool = Tool::Erase;
                break;
            case '4':
                app.tool = Tool::Select;
                break;
            case 'r':
                run_action(app, [&] { rotate_selection(app, true); });
                break;
            case 'R':
                run_action(app, [&] { rotate_selection(app, false); });
                break;
            case 'x':
                run_action(app, [&] { flip_selection(app, true); });
                break;
            case 'y':
                run_action(app, [&] { flip_selection(app, false); });
                break;
            default:
                break;
        }
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_ENTER, false)) app.running = !app.running;
    if (ImGui::IsKeyPressed(GLFW_KEY_TAB, false)) {
        app.running = false;
        run_action(app, [&] { step_generations(app, step_size(app)); });
    }
    const double pan = 32;
    if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) pan_pixels(v, pan, 0);
    if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) pan_pixels(v, -pan, 0);
    if (ImGui::IsKeyPressed(GLFW_KEY_UP)) pan_pixels(v, 0, pan);
    if (ImGui::IsKeyPressed(GLFW_KEY_DOWN)) pan_pixels(v, 0, -pan);
    if (ImGui::IsKeyPressed(GLFW_KEY_DELETE, false))
        run_action(app, [&] { clear_selection_cells(app); });
    if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) app.selection.reset();
    if (io.KeyCtrl) {
        if (ImGui::IsKeyPressed(GLFW_KEY_A, false)) select_all(app);
        if (ImGui::IsKeyPressed(GLFW_KEY_C, false)) run_action(app, [&] { copy_selection(app); });
        if (ImGui::IsKeyPressed(GLFW_KEY_X, false))
            run_action(app, [&] {
                copy_selection(app);
                clear_selection_cells(app);
            });
        if (ImGui::IsKeyPressed(GLFW_KEY_V, false))
            run_action(app, [&] { paste(app, cell_at_window(v, cx, cy)); });
    }
}

void handle_mouse(AppState& app) {
    ImGuiIO& io = ImGui::GetIO();
    ViewState& v = app.view;
    if (io.WantCaptureMouse) return;
    const double mx = io.MousePos.x, my = io.MousePos.y;
    if (io.MouseWheel != 0)
        zoom_about(v, std::round(v.target_zoom) + (io.MouseWheel > 0 ? 1 : -1), mx, my, false);
    if (ImGui::IsMouseDragging(1, 0.0f)) pan_pixels(v, io.MouseDelta.x, io.MouseDelta.y);
    if (!app.backend) return;  // 1-D diagram: view only

    const bool pressed = ImGui::IsMouseClicked(0), held = ImGui::IsMouseDown(0);
    if (!held && !ImGui::IsMouseReleased(0)) return;
    const CellXY cell = cell_at_window(v, mx, my);
    switch (app.tool) {
        case Tool::Pan:
            if (held) pan_pixels(v, io.MouseDelta.x, io.MouseDelta.y);
            break;
        case Tool::Draw:
        case Tool::Erase:
            if (pressed)  // a stroke draws what the first cell was not (Golly), erase clears
                app.stroke_alive = app.tool == Tool::Draw && !app.backend->get(cell.x, cell.y);
            if (held) run_action(app, [&] { set_cell(app, cell, app.stroke_alive); });
            break;
        case Tool::Select:
            if (pressed) app.drag_from = cell;
            if (app.drag_from) select_rect(app, *app.drag_from, cell);
            if (!held) app.drag_from.reset();
            break;
    }
}

}  // namespace toroid::view
