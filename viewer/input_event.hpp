// Input events as they happened, in order: what GLFW's callbacks report and
// what --script feeds, queued between two frames (input_queue.hpp) so that
// a key pressed and released within one frame, or a drag that starts and
// ends within it, still counts. A frame of 1.2 s (16384^2 at a large step)
// holds several key presses and a whole stroke of the draw tool.
//
// Keys are GLFW key codes and actions (GLFW_PRESS, GLFW_RELEASE,
// GLFW_REPEAT) with GLFW_MOD_* modifiers; positions are window pixels.
#pragma once

#include <string>
#include <vector>

namespace toroid::view {

struct InputEvent {
    enum class Kind { Key, Char, Button, Move, Scroll, Leave, Drop };
    Kind kind = Kind::Move;
    int key = 0;                     // Key: GLFW_KEY_*
    int button = 0;                  // Button: 0 left, 1 right, 2 middle
    int action = 0;                  // Key, Button: GLFW_PRESS, GLFW_RELEASE (Key: GLFW_REPEAT)
    int mods = 0;                    // Key, Button: GLFW_MOD_*
    unsigned codepoint = 0;          // Char
    double x = 0, y = 0;             // Move: the pointer; Scroll: the offsets
    std::vector<std::string> paths;  // Drop: files dropped on the window

    static InputEvent key_event(int key, int action, int mods = 0) {
        InputEvent e;
        e.kind = Kind::Key;
        e.key = key;
        e.action = action;
        e.mods = mods;
        return e;
    }
    static InputEvent char_event(unsigned codepoint) {
        InputEvent e;
        e.kind = Kind::Char;
        e.codepoint = codepoint;
        return e;
    }
    static InputEvent button_event(int button, int action, int mods = 0) {
        InputEvent e;
        e.kind = Kind::Button;
        e.button = button;
        e.action = action;
        e.mods = mods;
        return e;
    }
    static InputEvent move(double x, double y) {
        InputEvent e;
        e.kind = Kind::Move;
        e.x = x;
        e.y = y;
        return e;
    }
    static InputEvent scroll(double dx, double dy) {
        InputEvent e;
        e.kind = Kind::Scroll;
        e.x = dx;
        e.y = dy;
        return e;
    }
    static InputEvent drop(std::vector<std::string> paths) {
        InputEvent e;
        e.kind = Kind::Drop;
        e.paths = std::move(paths);
        return e;
    }
};

}  // namespace toroid::view
