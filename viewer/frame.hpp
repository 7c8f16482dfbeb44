// One frame of toroid-view, and the GL context it is drawn in: the window
// (a 4.5 core context, else 3.3), an off-screen framebuffer for headless
// frames, reading a frame back; frame() itself (events, panels, the grid
// view's image, ImGui's draw lists) and advance() (a running torus's step).
// main.cpp holds the modes that call them (headless, interactive, scripted).
#pragma once

#include <glad/gl.h>  // first: before GLFW and anything else that includes GL
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <chrono>
#include <optional>
#include <string>

#include "app_state.hpp"
#include "grid_view.hpp"
#include "input_queue.hpp"
#include "png_image.hpp"
#include "script.hpp"

namespace toroid::view {

using Clock = std::chrono::steady_clock;

// A 4.5 core context, else 3.3 core; InputError (exit 2) when neither, or
// without a display (the message names xvfb-run and the command line).
GLFWwindow* open_window(int width, int height, bool visible);

struct Offscreen {  // a framebuffer object for headless frames
    GLuint fbo = 0, colour = 0;
    Offscreen(int width, int height);
    ~Offscreen();
    Offscreen(const Offscreen&) = delete;
    Offscreen& operator=(const Offscreen&) = delete;
};

// The bound framebuffer's pixels, top row first (GL reads bottom-up).
RgbaImage read_framebuffer(int width, int height);

struct FrameSetup {
    bool ui = true;                 // panels, keys and mouse
    std::optional<ImVec2> display;  // headless: the off-screen size
    ScriptPlayer* script = nullptr;
    InputQueue* input = nullptr;  // the window's events (interactive and scripted)
    GLFWwindow* window = nullptr;
    bool timed = true;  // keep the draw time (screenshots: not, their panels show no clock)
};

// Builds and renders one frame into the bound framebuffer; returns the
// script's step for this frame (Idle without a script).
ScriptStep frame(AppState& app, GridView& grid, const FrameSetup& setup);

// Steps a running torus by one step and keeps the statistics.
void advance(AppState& app, double& gens_accumulated);

}  // namespace toroid::view
