// Scripted input (--script FILE): key and mouse events fed to ImGui frame by
// frame, as if typed and clicked, for tests and demos. One event a line:
//
//   # comment                 frames N          (let N frames pass)
//   key NAME                  press and release: Enter, Space, Tab, Escape,
//                             Delete, Left, Right, Up, Down, a character
//                             (f, l, h, +, -, [, ]), or ctrl+C, ctrl+V, ...
//   type TEXT                 characters into the focused field
//   focus rule                keyboard focus to the rule field
//   click X Y [right]         window pixels, left button unless `right`
//   drag X0 Y0 X1 Y1 [right]  press, move in steps, release
//   wheel X Y DELTA           mouse wheel at (X, Y), DELTA notches (+ zooms in)
//   dump FILE                 the UI state as JSON (rule field, parser message,
//                             generation, population, selection, ...)
//   screenshot FILE           the window as PNG (grid view and panels)
//   quit
//
// The program exits when the script ends. A malformed line is an InputError
// naming the file and line.
#pragma once

#include <string>
#include <vector>

#include "app_state.hpp"

struct ImGuiIO;

namespace toroid::view {

struct ScriptStep {
    enum Kind { Idle, Mouse, KeyDown, KeyUp, Chars, Wheel, Focus, Dump, Screenshot, Quit };
    Kind kind = Idle;
    float x = 0, y = 0, wheel = 0;
    int button = 0;
    bool down = false;
    int key = 0;
    bool ctrl = false;
    std::string text;
};

std::vector<ScriptStep> parse_script(const std::string& path);

class ScriptPlayer {
  public:
    // Two idle frames first: ImGui windows lay themselves out on their first
    // frame and skip their items, so a focus request there would be lost.
    explicit ScriptPlayer(std::vector<ScriptStep> steps) : steps_(std::move(steps)) {
        steps_.insert(steps_.begin(), 2, ScriptStep{});
    }
    bool finished() const { return next_ >= steps_.size(); }
    // Call after the platform backend's NewFrame and before ImGui::NewFrame:
    // overrides the mouse and keys with the script's. Returns the step that
    // also needs the app (Dump, Screenshot, Quit), or an Idle step.
    ScriptStep apply(ImGuiIO& io, AppState& app);

  private:
    std::vector<ScriptStep> steps_;
    std::size_t next_ = 0;
    float mouse_x_ = -1, mouse_y_ = -1;
    bool mouse_down_[2] = {false, false};
    int key_down_ = -1;
    bool ctrl_ = false;
};

// The UI state tests look at, as JSON text.
std::string describe_state(const AppState& app);

}  // namespace toroid::view
