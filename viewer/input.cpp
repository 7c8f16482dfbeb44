#define GLFW_INCLUDE_NONE
#include "input.hpp"

#include <GLFW/glfw3.h>

#include <cmath>

#include "actions.hpp"
#include "toroid/error.hpp"

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
    {"F11", "hide / show the panels (full view)"},
    {"arrows, right drag", "pan (wraps across the seams)"},
    {"1 / 2 / 3 / 4", "tool: pan, draw, erase, select"},
    {"left drag", "with the tool: pan, draw, erase or select"},
    {"ctrl+A", "select all"},
    {"ctrl+C / ctrl+X", "copy / cut the selection (to the clipboard as RLE)"},
    {"ctrl+V", "paste the clipboard's pattern at the cursor (mode copy, or, xor)"},
    {"Delete", "clear the selection"},
    {"r / R", "rotate the selection clockwise / anticlockwise"},
    {"x / y", "flip the selection left-right / top-bottom"},
    {"Escape", "drop the selection"},
    {"drop a file", "open it"},
    {"ctrl+Q", "quit"},
};

// The pointer, or the window's centre when it is not over the window.
void pointer(const AppState& app, double& x, double& y) {
    x = app.mouse_known ? app.mouse_x : app.view.width / 2.0;
    y = app.mouse_known ? app.mouse_y : app.view.height / 2.0;
}

bool over_panel(const AppState& app, double x, double y) {
    for (const PanelRect& r : app.ui.panels)
        if (x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height) return true;
    return false;
}

void key_press(AppState& app, int key, int mods, bool repeat) {
    ViewState& v = app.view;
    if (mods & GLFW_MOD_CONTROL) {
        if (repeat) return;
        switch (key) {
            case GLFW_KEY_A:
                select_all(app);
                break;
            case GLFW_KEY_C:
                run_action(app, [&] { copy_selection(app); });
                break;
            case GLFW_KEY_X:
                run_action(app, [&] {
                    copy_selection(app);
                    clear_selection_cells(app);
                });
                break;
            case GLFW_KEY_V:
                run_action(app, [&] {
                    double x = 0, y = 0;
                    pointer(app, x, y);
                    if (!on_torus(v, x, y))
                        throw InputError("the cursor is off the torus: point at where to paste");
                    paste(app, cell_at_window(v, x, y));
                });
                break;
            case GLFW_KEY_Q:
                app.quit = true;
                break;
            default:
                break;
        }
        return;
    }
    const double pan = 32;
    switch (key) {
        case GLFW_KEY_ENTER:
        case GLFW_KEY_KP_ENTER:
            if (!repeat) app.running = !app.running;
            break;
        case GLFW_KEY_TAB:
            if (repeat) break;
            app.running = false;
            run_action(app, [&] { step_generations(app, step_size(app)); });
            break;
        case GLFW_KEY_LEFT:
            pan_pixels(v, pan, 0);
            break;
        case GLFW_KEY_RIGHT:
            pan_pixels(v, -pan, 0);
            break;
        case GLFW_KEY_UP:
            pan_pixels(v, 0, pan);
            break;
        case GLFW_KEY_DOWN:
            pan_pixels(v, 0, -pan);
            break;
        case GLFW_KEY_DELETE:
            if (!repeat) run_action(app, [&] { clear_selection_cells(app); });
            break;
        case GLFW_KEY_ESCAPE:
            app.selection.reset();
            break;
        case GLFW_KEY_F11:
            if (!repeat) app.ui.panels_visible = !app.ui.panels_visible;
            break;
        default:
            break;
    }
}

void char_typed(AppState& app, unsigned c) {
    ViewState& v = app.view;
    double cx = 0, cy = 0;
    pointer(app, cx, cy);
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

// The row-frame cell (unwrapped) under window point (x, y).
render::PlaneCell frame_cell(const ViewState& v, double x, double y) {
    std::int64_t px = 0, py = 0;
    window_to_unwrapped(v, x, y, px, py);
    return unwrapped_cell(v, px, py);
}

void draw_cell(AppState& app, render::PlaneCell c) {
    set_cell(app, {wrap(c.x, torus_width(app)), wrap(c.y, torus_height(app))}, app.stroke_alive);
}

void extend_selection(AppState& app, double x, double y) {
    clamp_to_torus(app.view, x, y);  // dragged past the edge: up to the edge
    const Gesture& g = app.gesture;
    select_rect(app, unwrapped_cell(app.view, g.anchor_x, g.anchor_y), frame_cell(app.view, x, y));
}

void press(AppState& app, int button) {
    Gesture& g = app.gesture;
    if (g.kind != Gesture::Kind::None) return;  // another button is down: it keeps the gesture
    double x = 0, y = 0;
    pointer(app, x, y);
    g = Gesture{};
    g.button = button;
    g.last_x = x;
    g.last_y = y;
    if (over_panel(app, x, y)) {
        g.kind = Gesture::Kind::Panel;
    } else if (button != 0 || app.tool == Tool::Pan) {
        g.kind = Gesture::Kind::Pan;  // right (or middle) drag pans with any tool
    } else if (!app.backend || !on_torus(app.view, x, y)) {
        g.kind = Gesture::Kind::Ignored;  // the 1-D diagram is view only; off the torus: nothing
    } else if (app.tool == Tool::Select) {
        g.kind = Gesture::Kind::Select;
        window_to_unwrapped(app.view, x, y, g.anchor_x, g.anchor_y);
        extend_selection(app, x, y);
    } else {  // draw or erase: a stroke writes what the first cell was not (Golly), erase clears
        g.kind = Gesture::Kind::Draw;
        const render::PlaneCell c = frame_cell(app.view, x, y);
        const CellXY cell = cell_at_window(app.view, x, y);
        app.stroke_alive = app.tool == Tool::Draw && !app.backend->get(cell.x, cell.y);
        run_action(app, [&] { draw_cell(app, c); });
        g.last = c;
    }
}

void move(AppState& app, double x, double y) {
    app.mouse_x = x;
    app.mouse_y = y;
    app.mouse_known = true;
    Gesture& g = app.gesture;
    switch (g.kind) {
        case Gesture::Kind::Pan:
            pan_pixels(app.view, x - g.last_x, y - g.last_y);
            break;
        case Gesture::Kind::Draw:
            if (!on_torus(app.view, x, y)) {  // off the torus: the stroke resumes where it returns
                g.last.reset();
                break;
            }
            run_action(app, [&] {
                const render::PlaneCell c = frame_cell(app.view, x, y);
                if (!g.last) {
                    draw_cell(app, c);
                } else {
                    for (const render::PlaneCell& s : stroke_cells(*g.last, c, app.view.hexagonal))
                        draw_cell(app, s);
                }
                g.last = c;
            });
            break;
        case Gesture::Kind::Select:
            extend_selection(app, x, y);
            break;
        default:
            break;
    }
    g.last_x = x;
    g.last_y = y;
}

}  // namespace

const KeyHelp* key_help(int& count) {
    count = int(sizeof kKeys / sizeof kKeys[0]);
    return kKeys;
}

void handle_events(AppState& app, const std::vector<InputEvent>& events, const UiFocus& focus) {
    for (const InputEvent& e : events) {
        switch (e.kind) {
            case InputEvent::Kind::Key:
                if (e.action == GLFW_RELEASE) break;
                // A text field keeps the keys (ctrl+Q still quits).
                if (focus.text_input && !(e.key == GLFW_KEY_Q && (e.mods & GLFW_MOD_CONTROL)))
                    break;
                key_press(app, e.key, e.mods, e.action == GLFW_REPEAT);
                break;
            case InputEvent::Kind::Char:
                if (!focus.text_input) char_typed(app, e.codepoint);
                break;
            case InputEvent::Kind::Move:
                move(app, e.x, e.y);
                break;
            case InputEvent::Kind::Leave:
                app.mouse_known = false;
                break;
            case InputEvent::Kind::Button:
                if (e.action == GLFW_PRESS) {
                    press(app, e.button);
                } else if (e.button == app.gesture.button) {
                    app.gesture = Gesture{};
                }
                break;
            case InputEvent::Kind::Scroll: {
                double x = 0, y = 0;
                pointer(app, x, y);
                if (e.y != 0 && !over_panel(app, x, y))  // over a panel the wheel scrolls it
                    zoom_about(app.view, std::round(app.view.target_zoom) + (e.y > 0 ? 1 : -1), x,
                               y, false);
                break;
            }
            case InputEvent::Kind::Drop:
                run_action(app, [&] { open_dropped(app, e.paths); });
                break;
        }
    }
}

}  // namespace toroid::view
