// Keyboard and mouse on the grid view, Golly's keys (table in docs/viewer.md
// and the `h` overlay), from the frame's queued events in the order they
// happened (input_event.hpp): every key press counts however short, and a
// stroke or a drag is followed through every pointer position between two
// frames. No ImGui here: what the panels hold is passed in (UiFocus) and
// the panels' rectangles of the last frame are in app.ui.
//
//   * keys do nothing while a text field has the keyboard, except ctrl+Q;
//   * a press on a panel is the panel's until its release; a press outside
//     the drawn torus (the outside colour around its one copy) edits
//     nothing; a selection dragged past the torus' edge stops at the edge;
//   * draw strokes are lines from one pointer position to the next (no
//     gaps however fast the hand), in unwrapped row-frame cells, so a stroke
//     or a selection keeps its geometry across a wrap of the view.
#pragma once

#include <vector>

#include "app_state.hpp"
#include "input_event.hpp"

namespace toroid::view {

struct KeyHelp {
    const char* keys;
    const char* action;
};
// Every key and mouse action, for the help overlay and the README.
const KeyHelp* key_help(int& count);

struct UiFocus {
    bool text_input = false;  // a text field has the keyboard
};

void handle_events(AppState& app, const std::vector<InputEvent>& events, const UiFocus& focus);

}  // namespace toroid::view
