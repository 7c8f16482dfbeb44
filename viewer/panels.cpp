// [SECTION] index
//   [SECTION] Control: run, step, zoom, display, tools
//   [SECTION] Torus: rule field, new torus, soup, clear
//   [SECTION] Files: pattern library, open, save
//   [SECTION] Edit: selection operations
//   [SECTION] Statistics and population plot
//   [SECTION] Overlays: help, selection
#include "panels.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>
#include <cstdio>

#include "actions.hpp"
#include "input.hpp"
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

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Control: run, step, zoom, display, tools
//-----------------------------------------------------------------------------

void panel_control(AppState& app) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::Begin("Control");
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
    ImGui::SetNextWindowPos(ImVec2(10, 260), ImGuiCond_FirstUseEver);
    ImGui::Begin("Torus");
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
    if (!app.rule_message.empty())
        ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", app.rule_message.c_str());
    else
        ImGui::TextDisabled("B3/S23, B2/S34H, B2/S013V, B2(1/3)/S12H, W110 (1-D)");
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
    ImGui::SetNextWindowPos(ImVec2(10, 440), ImGuiCond_FirstUseEver);
    ImGui::Begin("Patterns and files");
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
    ImGui::TextDisabled("formats by extension: .rle .cells .lif (and what the engine reads)");
    ImGui::End();
}

//-----------------------------------------------------------------------------
// [SECTION] Edit: selection operations
//-----------------------------------------------------------------------------

void panel_edit(AppState& app) {
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x - 300, 330),
                            ImGuiCond_FirstUseEver);
    ImGui::Begin("Selection");
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
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x - 300, 10), ImGuiCond_FirstUseEver);
    ImGui::Begin("Statistics");
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
    if (!app.message.empty()) {
        if (app.message_is_error)
            ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", app.message.c_str());
        else
            ImGui::TextWrapped("%s", app.message.c_str());
    }
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
    if (!app.selection || app.view.hexagonal) return;
    double x0 = 0, y0 = 0;
    cell_to_window(app.view, app.selection->x, app.selection->y, x0, y0);
    const double cell = std::exp2(app.view.zoom);
    const ImVec2 a{float(x0), float(y0)};
    const ImVec2 b{float(x0 + double(app.selection->width) * cell),
                   float(y0 + double(app.selection->height) * cell)};
    ImDrawList* d = ImGui::GetForegroundDrawList();
    d->AddRectFilled(a, b, IM_COL32(80, 160, 255, 48));
    d->AddRect(a, b, IM_COL32(80, 160, 255, 220));
}

}  // namespace toroid::view
