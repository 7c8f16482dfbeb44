// Scripted input (--script FILE): events fed frame by frame through the same
// queue as GLFW's (input_queue.hpp), as if typed and clicked, for tests and
// demos. One command a line:
//
//   # comment                       frames N       (let N frames pass)
//   key NAME...                     press and release within one frame (taps
//                                   shorter than a frame; several names: all
//                                   in that frame): Enter, Space, Tab, Escape,
//                                   Delete, Backspace, Left, Right, Up, Down,
//                                   F11, a character (f, l, h, +, -, [, ]), or
//                                   ctrl+<letter> (ctrl+C, ctrl+V, ctrl+Q)
//   type TEXT                       characters into the focused field
//   focus rule                      keyboard focus to the rule field
//   click X Y [right] [fast]        window pixels, left button unless `right`;
//   drag X0 Y0 X1 Y1 [right] [fast]  a hand's pace (a frame for the hover, the
//                                   press, each of 8 moves, the release), or
//                                   `fast`: all of it within one frame
//   wheel X Y DELTA                 mouse wheel at (X, Y), DELTA notches (+ zooms in)
//   drop FILE...                    files dropped on the window
//   clipboard FILE                  the system clipboard now holds FILE's text
//   resize W H                      the window resized to W x H
//   sleep MS                        this frame lasts MS milliseconds longer
//   wait FILE                       frames pass until FILE exists (at most 60 s:
//                                   another program's cue, e.g. a test typing
//                                   into the window with xdotool)
//   dump FILE                       the UI state as JSON (rule field, parser message,
//                                   generation, population, selection, panels, ...)
//   screenshot FILE                 the window as PNG (grid view and panels)
//   quit
//
// The program exits when the script ends. A malformed line is an InputError
// naming the file and line.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "input_event.hpp"
#include "input_queue.hpp"

namespace toroid::view {

// One frame of a script.
struct ScriptStep {
    enum Kind { Idle, Events, Focus, Clipboard, Dump, Screenshot, Resize, Sleep, Wait, Quit };
    Kind kind = Idle;
    std::vector<InputEvent> events;  // Events: queued this frame
    std::string text;                // Dump, Screenshot: the file; Clipboard: the text
    int width = 0, height = 0;       // Resize
    int milliseconds = 0;            // Sleep
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
    // The next frame's step: its events go into the queue (before the
    // platform backend's NewFrame); returns it for what needs the program
    // (Dump, Screenshot, Resize, Sleep, Quit).
    ScriptStep apply(InputQueue& queue, AppState& app);

  private:
    std::vector<ScriptStep> steps_;
    std::size_t next_ = 0;
    std::optional<std::chrono::steady_clock::time_point> waiting_;
};

// The UI state tests look at, as JSON text.
std::string describe_state(const AppState& app);

}  // namespace toroid::view
