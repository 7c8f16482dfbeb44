// Keyboard and mouse on the grid view, Golly's keys (table in docs/viewer.md
// and the `h` overlay). Reads ImGui's IO after ImGui::NewFrame; does nothing
// with keys while a text field has focus, nor with the mouse over a panel.
#pragma once

#include "app_state.hpp"

namespace toroid::view {

struct KeyHelp {
    const char* keys;
    const char* action;
};
// Every key and mouse action, for the help overlay and the README.
const KeyHelp* key_help(int& count);

void handle_keys(AppState& app);
void handle_mouse(AppState& app);

}  // namespace toroid::view
