// [SECTION] index
//   [SECTION] Control: run, step, zoom, display, tools
//   [SECTION] Torus: rule field, new torus, soup, clear
//   [SECTION] Files: pattern library, open, save
//   [SECTION] Edit: selection operations
//   [SECTION] Statistics and population plot
//   [SECTION] Overlays: help, selection
//
// Every panel begins with begin_panel(): it records the panel's rectangle
// (the hand's presses on it are the panel's; --script dump reports it) and
// keeps the panel at its place when the window changes size (UiLayout).
#include "panels.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "actions.hpp"
#include "input.hpp"
#include "toroid/core/rule_path.hpp"
#include "toroid/frontend/pattern_lookup.hpp"

namespace toroid::view {

namespace {

std::string zoom_label(double zoom) {
    char buf[48];
    if (zoom >= 0)
        std::snprintf(buf, sizeof buf, "1:%g", std::exp2(zoom));  // pixels per cell
    else
        std::snprintf(buf, sizeof buf, "%g:1", std::exp2(-zoom));  // cells per pixel
    return buf;
}

// Where a panel goes on a display of this size: its offset from the corner
// it belongs to, kept on the display (its title bar at least) when the
// display is smaller than that.
ImVec2 placed(const PanelPlace& place, ImVec2 display) {
    float x = place.right ? display.x + place.offset_x : place.offset_x;
    float y = place.bottom ? display.y + place.offset_y : place.offset_y;
    x = std::clamp(x, 0.0f, std::max(0.0f, display.x - 60.0f));
    y = std::clamp(y, 0.0f, std::max(0.0f, display.y - 20.0f));
    return ImVec2(x, y);
}

// The corner nearest to the panel's centre, and the offset from it.
void remember(PanelPlace& place, ImVec2 pos, ImVec2 size, ImVec2 display) {
    place.known = true;
    place.right = pos.x + size.x / 2 > display.x / 2;
    place.bottom = pos.y + size.y / 2 > display.y / 2;
    place.offset_x = place.right ? pos.x - display.x : pos.x;
    place.offset_y = place.bottom ? pos.y - display.y : pos.y;
}

// ImGui::Begin at the panel's place: the first time where ImGui has it
// (imgui.ini) or at `home`; after the display changed size, at its offset
// from its corner. A move by the hand (a drag of the panel) becomes its new
// place; ImGui's own clamping in a tiny window does not, so the panels come
// back where they were when the window grows again.
bool begin_panel(AppState& app, const char* name, ImVec2 home, bool* open = nullptr,
                 ImGuiWindowFlags flags = 0) {
    UiLayout& ui = app.ui;
    PanelPlace& place = ui.places[name];
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    if (!place.known)
        ImGui::SetNextWindowPos(home, ImGuiCond_FirstUseEver);
    else if (ui.display_changed)
        ImGui::SetNextWindowPos(placed(place, display), ImGuiCond_Always);
    const bool shown = ImGui::Begin(name, open, flags);
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    ui.panels.push_back(PanelRect{name, pos.x, pos.y, size.x, size.y});
    const bool moved = pos.x != place.drawn_x || pos.y != place.drawn_y;
    if (!place.known ||
        (moved && !ui.display_changed && ImGui::IsMouseDown(0) && ImGui::IsWindowFocused()))
        remember(place, pos, size, display);
    place.drawn_x = pos.x;
    place.drawn_y = pos.y;
    return shown;
}

// A message in the panel's width, wrapped, in red for errors; its rectangle
// is kept for the tests.
void wrapped_message(AppState& app, const std::string& text, bool error) {
    if (error) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.3f, 1));
    ImGui::TextWrapped("%s", text.c_str());
    if (error) ImGui::PopStyleColor();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    app.ui.message = PanelRect{"message", a.x, a.y, b.x - a.x, b.y - a.y};
}

}  // namespace

void begin_ui_frame(AppState& app) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    app.ui.display_changed =
        display.x != app.ui.display_width || display.y != app.ui.display_height;
    app.ui.display_width = display.x;
    app.ui.display_height = display.y;
    app.ui.panels.clear();
    app.ui.message.reset();
}

void panel_control(AppState& app) {
    begin_panel(app, "Control", ImVec2(10, 10));
    if (ImGui::Button(app.running ? "Stop (Enter)" : "Start (Enter)")) app.running = !app.running;
    ImGui::SameLine();
    if (ImGui::Button("Step (Tab)"))
        run_action(app, [&] { step_generations(app, step_size(app)); });
    ImGui::SameLine();
    if (ImGui::Button("+1 (Space)")) run_action(app, [&] { step_generations(app, 1); });
    ImGui::SetNextItemWidth(80);
    ImGui::InputInt("base", &app.step_base);  // Golly's step = base^exponent
    app.step_base = app.step_base < 2 ? 2 : app.step_base > 10 ? 10 : app.step_base;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(80);
    ImGui::InputInt("exponent (+/-)", &app.step_exponent);
    app.step_exponent = app.step_exponent < 0 ? 0 : app.step_exponent > 40 ? 40 : app.step_exponent;
    ImGui::Text("step = %llu generations", static_cast<unsigned long long>(step_size(app)));
    ImGui::SetNextItemWidth(120);
    ImGui::SliderFloat("target frames/s", &app.target_fps, 1, 240);
    ImGui::SetNextItemWidth(120);
    ImGui::InputScalar("run to generation", ImGuiDataType_U64, &app.run_to);

    ImGui::Separator();
    ImGui::Text("zoom %s", zoom_label(app.view.zoom).c_str());  // 1:8 = 8 pixels per cell
    ImGui::SameLine();
    if (ImGui::Button("fit (f)")) fit(app.view);
    ImGui::SameLine();
    if (ImGui::Button("in (])"))
        zoom_about(app.view, std::floor(app.view.target_zoom) + 1, app.view.width / 2.0,
                   app.view.height / 2.0, false);
    ImGui::SameLine();
    if (ImGui::Button("out ([)"))
        zoom_about(app.view, std::ceil(app.view.target_zoom) - 1, app.view.width / 2.0,
                   app.view.height / 2.0, false);
    ImGui::Checkbox("grid lines (l)", &app.view.grid_lines);
    ImGui::SameLine();
    ImGui::Checkbox("colour by age (a)", &app.colour_by_age);
    bool any = app.view.density == DensityMode::AnyLive;
    if (ImGui::Checkbox("zoomed out: any live cell (d), not log density", &any))
        app.view.density = any ? DensityMode::AnyLive : DensityMode::LogDensity;

    ImGui::Separator();
    int tool = int(app.tool);
    ImGui::RadioButton("pan", &tool, int(Tool::Pan));
    ImGui::SameLine();
    ImGui::RadioButton("draw", &tool, int(Tool::Draw));
    ImGui::SameLine();
    ImGui::RadioButton("erase", &tool, int(Tool::Erase));
    ImGui::SameLine();
    ImGui::RadioButton("select", &tool, int(Tool::Select));
    app.tool = Tool(tool);
    ImGui::End();
}

//-----------------------------------------------------------------------------
// [SECTION] Torus: rule field, new torus, soup, clear
//-----------------------------------------------------------------------------

void panel_torus(AppState& app) {
    begin_panel(app, "Torus", ImVec2(10, 260));
    if (app.focus_rule_field) {
        ImGui::SetKeyboardFocusHere();  // scripts and the rule shortcut
        app.focus_rule_field = false;
    }
    ImGui::SetNextItemWidth(220);
    const bool entered =
        ImGui::InputText("rule", &app.rule_text,
                         ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemEdited()) validate_rule_text(app);  // as you type
    ImGui::SameLine();
    if ((ImGui::Button("apply") || entered) && app.rule_message.empty())
        run_action(app, [&] { apply_rule_text(app); });
    if (!app.rule_message.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.3f, 1));
        ImGui::TextWrapped("%s", app.rule_message.c_str());  // in the panel, not cut at its edge
        ImGui::PopStyleColor();
    } else
        ImGui::TextDisabled("B3/S23, B2/S34H, B2/S013V, B2(1/3)/S12H, W110 (1-D)");
    // Named rules: Golly's families and the .rule files of the rule folders.
    ImGui::SetNextItemWidth(220);
    if (ImGui::BeginCombo("named rules", nullptr, ImGuiComboFlags_NoPreview)) {
        if (app.named_rules.empty()) app.named_rules = known_rule_names();
        for (const std::string& name : app.named_rules)
            if (ImGui::Selectable(name.c_str(), name == app.rule_text)) {
                app.rule_text = name;
                validate_rule_text(app);
                if (app.rule_message.empty()) run_action(app, [&] { apply_rule_text(app); });
            }
        ImGui::EndCombo();
    } else {
        app.named_rules.clear();  // listed afresh when opened (files may have come)
    }
    if (app.rule.stochastic() && !app.eca)
        ImGui::Text("stochastic rule, seed %llu", static_cast<unsigned long long>(app.seed));

    ImGui::Separator();
    ImGui::SetNextItemWidth(120);
    ImGui::InputText("size", &app.new_size);
    ImGui::SameLine();
    if (ImGui::Button("new torus")) run_action(app, [&] { new_torus(app); });
    ImGui::SetNextItemWidth(120);
    ImGui::InputDouble("density", &app.soup_density, 0.05, 0.1, "%.2f");
    ImGui::SetNextItemWidth(120);
    ImGui::InputScalar("seed", ImGuiDataType_U64, &app.soup_seed);
    if (ImGui::Button("random soup")) run_action(app, [&] { random_soup(app); });
    ImGui::SameLine();
    if (ImGui::Button("clear")) run_action(app, [&] { clear_torus(app); });
    if (app.eca) {
        ImGui::SetNextItemWidth(160);
        ImGui::InputText("1-D start", &app.eca_init);  // center, random:SEED, 0110...
    }
    ImGui::End();
}

//-----------------------------------------------------------------------------
// [SECTION] Files: pattern library, open, save
//-----------------------------------------------------------------------------

void panel_files(AppState& app) {
    begin_panel(app, "Patterns and files", ImVec2(10, 440));
    if (ImGui::BeginListBox("library", ImVec2(220, 100))) {
        for (const std::string& name : app.library)
            if (ImGui::Selectable(name.c_str(), false))
                run_action(app, [&] { open_pattern(app, name); });
        ImGui::EndListBox();
    }
    ImGui::SetNextItemWidth(220);
    ImGui::InputText("file", &app.file_path);
    if (ImGui::Button("open")) run_action(app, [&] { open_pattern(app, app.file_path); });
    ImGui::SameLine();
    if (ImGui::Button("save")) run_action(app, [&] { save_pattern(app, app.file_path); });
    ImGui::TextDisabled("formats by extension: .rle .cells .lif (and what the engine reads);");
    ImGui::TextDisabled("or drop a file on the window");
    ImGui::End();
}

//-----------------------------------------------------------------------------
// [SECTION] Edit: selection operations
//-----------------------------------------------------------------------------

void panel_edit(AppState& app) {
    begin_panel(app, "Selection", ImVec2(ImGui::GetIO().DisplaySize.x - 340, 350));
    if (app.selection)
        ImGui::Text("%lld,%lld  %lldx%lld", static_cast<long long>(app.selection->x),
                    static_cast<long long>(app.selection->y),
                    static_cast<long long>(app.selection->width),
                    static_cast<long long>(app.selection->height));
    else
        ImGui::TextDisabled("none (select tool, drag)");
    if (ImGui::Button("all")) select_all(app);
    ImGui::SameLine();
    if (ImGui::Button("copy")) run_action(app, [&] { copy_selection(app); });
    ImGui::SameLine();
    if (ImGui::Button("clear##sel")) run_action(app, [&] { clear_selection_cells(app); });
    int mode = int(app.paste_mode);
    ImGui::RadioButton("copy##mode", &mode, int(PasteMode::Copy));
    ImGui::SameLine();
    ImGui::RadioButton("or", &mode, int(PasteMode::Or));
    ImGui::SameLine();
    ImGui::RadioButton("xor", &mode, int(PasteMode::Xor));
    app.paste_mode = PasteMode(mode);
    ImGui::SameLine();
    if (ImGui::Button("paste"))  // at the selection's corner, else the view's centre
        run_action(app, [&] {
            const CellXY at = app.selection ? CellXY{app.selection->x, app.selection->y}
                                            : cell_at_window(app.view, app.view.width / 2.0,
                                                             app.view.height / 2.0);
            paste(app, at);
        });
    if (ImGui::Button("rotate cw")) run_action(app, [&] { rotate_selection(app, true); });
    ImGui::SameLine();
    if (ImGui::Button("rotate ccw")) run_action(app, [&] { rotate_selection(app, false); });
    if (ImGui::Button("flip left-right")) run_action(app, [&] { flip_selection(app, true); });
    ImGui::SameLine();
    if (ImGui::Button("flip top-bottom")) run_action(app, [&] { flip_selection(app, false); });
    if (ImGui::Button("random fill")) run_action(app, [&] { random_fill_selection(app); });
    ImGui::SameLine();
    ImGui::TextDisabled("(density and seed of the soup)");
    ImGui::End();
}

//-----------------------------------------------------------------------------
// [SECTION] Statistics and population plot
//-----------------------------------------------------------------------------

void panel_stats(AppState& app, const std::string& render_path) {
    begin_panel(app, "Statistics", ImVec2(ImGui::GetIO().DisplaySize.x - 340, 10));
    const double cells = double(torus_width(app)) * double(torus_height(app));
    ImGui::Text("rule        %s", rule_name(app).c_str());
    ImGui::Text("torus       %lld x %lld", static_cast<long long>(torus_width(app)),
                static_cast<long long>(torus_height(app)));
    ImGui::Text("generation  %llu", static_cast<unsigned long long>(generation(app)));
    ImGui::Text("population  %s", to_string(population(app)).c_str());
    ImGui::Text("gens/s      %.1f", app.gens_per_second);
    ImGui::Text("cells/s     %.3g",
                app.gens_per_second * (app.eca ? double(torus_width(app)) : cells));
    ImGui::Text("frame       %.2f ms", app.frame_ms);
    ImGui::Text("draw, step  %.2f, %.2f ms", app.draw_ms, app.step_ms);
    ImGui::Text("backend     %s", app.backend_description.c_str());
    ImGui::Text("memory      %.2f MiB (two bit-planes)", 2.0 * cells / 8.0 / double(1 << 20));
    ImGui::TextWrapped("drawing     %s", render_path.c_str());
    if (!app.population_history.empty()) {
        float samples[512];
        const int n =
            int(app.population_history.size() < 512 ? app.population_history.size() : 512);
        for (int i = 0; i < n; ++i)
            samples[i] = app.population_history[app.population_history.size() - std::size_t(n) +
                                                std::size_t(i)];
        ImGui::PlotLines("##population", samples, n, 0, "population", FLT_MAX, FLT_MAX,
                         ImVec2(260, 80));
    }
    if (!app.message.empty()) wrapped_message(app, app.message, app.message_is_error);
    ImGui::End();
}

//-----------------------------------------------------------------------------
// [SECTION] Overlays: help, selection
//-----------------------------------------------------------------------------

void help_overlay(AppState& app) {
    if (!app.show_help) return;
    ImGui::SetNextWindowPos(ImVec2(float(app.view.width) * 0.5f, float(app.view.height) * 0.5f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowBgAlpha(0.85f);
    ImGui::Begin("Keys (h closes)", &app.show_help, ImGuiWindowFlags_AlwaysAutoResize);
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    app.ui.panels.push_back(PanelRect{"Keys", pos.x, pos.y, size.x, size.y});
    int count = 0;
    const KeyHelp* keys = key_help(count);
    if (ImGui::BeginTable("keys", 2)) {
        for (int i = 0; i < count; ++i) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(keys[i].keys);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(keys[i].action);
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

void selection_overlay(const AppState& app) {
    if (!app.selection) return;
    const ViewState& v = app.view;
    const Rect& r = *app.selection;
    // The copy nearest the centre, its corners in row-frame coordinates: on
    // hexagonal rules the outline is the sheared parallelogram of the cells.
    const render::PlaneCell c = nearest_frame_cell(v, r.x, r.y);
    const std::int64_t fx = c.x * kSubcell, fy = c.y * kSubcell;
    const std::int64_t w = r.width * kSubcell, h = r.height * kSubcell;
    ImVec2 corner[4];
    const std::int64_t at[4][2] = {{fx, fy}, {fx + w, fy}, {fx + w, fy + h}, {fx, fy + h}};
    for (int i = 0; i < 4; ++i) {
        double sx = 0, sy = 0;
        frame_to_window(v, at[i][0], at[i][1], sx, sy);
        corner[i] = ImVec2(float(sx), float(sy));
    }
    ImDrawList* d = ImGui::GetForegroundDrawList();
    d->AddQuadFilled(corner[0], corner[1], corner[2], corner[3], IM_COL32(80, 160, 255, 48));
    d->AddQuad(corner[0], corner[1], corner[2], corner[3], IM_COL32(80, 160, 255, 220));
}

}  // namespace toroid::view
