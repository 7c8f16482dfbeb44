// The panels of toroid-view: plain functions over the AppState (ImGui's
// example style). Each draws one window; none keeps state of its own.
#pragma once

#include <string>

#include "app_state.hpp"

namespace toroid::view {

// Once a frame before the panels: notes whether the display changed size and
// forgets the last frame's panel rectangles.
void begin_ui_frame(AppState& app);

void panel_control(AppState& app);  // run, step, zoom, display options, tools
void panel_torus(AppState& app);    // rule field, new torus, soup, clear, seed
void panel_files(AppState& app);    // pattern library, open, save
void panel_edit(AppState& app);     // selection: copy, paste, rotate, flip, fill
void panel_stats(AppState& app, const std::string& render_path);  // numbers and the plot
void help_overlay(AppState& app);                                 // every key (h)
void selection_overlay(const AppState& app);  // the selection's outline on the grid

}  // namespace toroid::view
