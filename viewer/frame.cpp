#include "frame.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "actions.hpp"
#include "input.hpp"
#include "panels.hpp"
#include "toroid/error.hpp"

namespace toroid::view {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Window and GL context
//-----------------------------------------------------------------------------

std::string glfw_error() {
    const char* text = nullptr;
    glfwGetError(&text);
    return text ? text : "unknown reason";
}

}  // namespace

GLFWwindow* open_window(int width, int height, bool visible) {
    if (!glfwInit())
        throw InputError(
            "no display: toroid-view needs a window system and OpenGL (GLFW: " + glfw_error() +
            "). Without a display, run it under a virtual one: xvfb-run -a -s \"-screen 0 "
            "1280x720x24\" toroid-view ... (headless --screenshot and --benchmark work there "
            "too), or use the command line: toroid run --size 1024x1024 --soup 0.5");
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    for (const auto& [major, minor] : {std::pair{4, 5}, std::pair{3, 3}}) {
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
        if (GLFWwindow* w = glfwCreateWindow(width, height, "toroid-view", nullptr, nullptr))
            return w;
    }
    const std::string why = glfw_error();
    glfwTerminate();
    throw InputError("no OpenGL 4.5 or 3.3 core context on this display (" + why +
                     "); try xvfb-run (Mesa), or the command line: toroid run");
}

Offscreen::Offscreen(int width, int height) {
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &colour);
    glBindRenderbuffer(GL_RENDERBUFFER, colour);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw std::runtime_error("the off-screen framebuffer is incomplete");
}

Offscreen::~Offscreen() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteRenderbuffers(1, &colour);
    glDeleteFramebuffers(1, &fbo);
}

RgbaImage read_framebuffer(int width, int height) {
    RgbaImage img;
    img.width = width;
    img.height = height;
    img.pixels.resize(std::size_t(width) * std::size_t(height));
    std::vector<std::uint32_t> raw(img.pixels.size());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, raw.data());
    for (int y = 0; y < height; ++y)
        std::copy_n(raw.data() + std::size_t(height - 1 - y) * std::size_t(width), width,
                    img.pixels.data() + std::size_t(y) * std::size_t(width));
    for (auto& p : img.pixels) p |= 0xff000000u;  // opaque, whatever the framebuffer's alpha
    return img;
}

//-----------------------------------------------------------------------------
// [SECTION] One frame
//-----------------------------------------------------------------------------

ScriptStep frame(AppState& app, GridView& grid, const FrameSetup& setup) {
    ScriptStep step;
    if (setup.script) step = setup.script->apply(*setup.input, app);  // as if typed
    ImGui_ImplOpenGL3_NewFrame();                                     // backend: GL objects
    ImGui_ImplGlfw_NewFrame();  // backend: size, time, gamepads
    ImGuiIO& io = ImGui::GetIO();
    if (setup.display) {  // off-screen: the FBO's size
        io.DisplaySize = *setup.display;
        io.DisplayFramebufferScale = ImVec2(1, 1);
    }
    if (setup.input) setup.input->feed_imgui(io, setup.window);  // keys and buttons, trickled
    ImGui::NewFrame();                                           // ImGui: start the frame

    app.view.width = std::max(1, int(io.DisplaySize.x * io.DisplayFramebufferScale.x));
    app.view.height = std::max(1, int(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    if (setup.ui) {
        begin_ui_frame(app);
        if (setup.input) handle_events(app, setup.input->take(), UiFocus{io.WantTextInput});
        if (app.ui.panels_visible) {  // F11: the grid view alone
            panel_control(app);
            panel_torus(app);
            panel_files(app);
            panel_edit(app);
            panel_stats(app, grid.path());
        }
        help_overlay(app);
        selection_overlay(app);
    }
    // A script's frames are a clock of their own (1/30 s each), so that scripted
    // runs glide the same way however fast the machine draws.
    animate(app.view, setup.script ? 1.0 / 30.0 : io.DeltaTime);
    const auto drawn_from = Clock::now();
    grid.update(app);  // the grid view's image
    if (setup.timed)
        app.draw_ms = std::chrono::duration<double, std::milli>(Clock::now() - drawn_from).count();
    ImGui::Render();  // ImGui: build the draw lists

    glViewport(0, 0, app.view.width, app.view.height);
    grid.blit(app.view.width, app.view.height);  // one texel per pixel, under the panels
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());  // backend: draw
    return step;
}

void advance(AppState& app, double& gens_accumulated) {
    if (!app.running) return;
    std::uint64_t n = step_size(app);
    if (app.run_to > 0) {
        const std::uint64_t now = generation(app);
        if (now >= app.run_to) {
            app.running = false;
            return;
        }
        n = std::min(n, app.run_to - now);
    }
    const auto t0 = Clock::now();
    run_action(app, [&] { step_generations(app, n); });
    app.step_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    gens_accumulated += double(n);
    app.population_history.push_back(float(population(app)));
    if (app.population_history.size() > 2048) app.population_history.pop_front();
}

}  // namespace toroid::view
