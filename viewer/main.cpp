// toroid-view: huge tori live, in Dear ImGui over GLFW + OpenGL 3.3/4.5.
// Shaped like ImGui's examples/example_glfw_opengl3/main.cpp: options; init;
// loop { poll, new frame, panels, draw the grid view, render, swap };
// shutdown. The grid view is one window-sized texture the backend draws
// (through CUDA-GL interop when it renders on a device, else uploaded);
// headless modes draw the same frame into a framebuffer object.
//
// The window, the GL context and one frame are in frame.cpp.
//
// [SECTION] index
//   [SECTION] Options
//   [SECTION] Headless: screenshot and benchmark
//   [SECTION] Interactive and scripted loop
//   [SECTION] main
#include "frame.hpp"  // first: glad before GLFW and anything else that includes GL
//
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "actions.hpp"
#include "app_state.hpp"
#include "config_path.hpp"
#include "grid_view.hpp"
#include "input.hpp"
#include "input_queue.hpp"
#include "panels.hpp"
#include "png_image.hpp"
#include "script.hpp"
#include "toroid/core/generation_count.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/rule_dir_option.hpp"
#include "toroid/frontend/start_options.hpp"

namespace toroid::view {
namespace {

//-----------------------------------------------------------------------------
// [SECTION] Options
//-----------------------------------------------------------------------------

struct ViewerOptions {
    frontend::StartOptions start;  // as `toroid run`: --rule --size --soup --seed --pattern ...
    std::uint64_t gens = 0;        // generations before the first frame
    std::string gens_text;         // --gens as given (exact: 10^15, 2^40; generation_count.hpp)
    std::string window = "1280x720";
    std::string zoom;            // "8" or "1/8"; default: fit
    std::string screenshot;      // headless: one frame to this PNG
    bool grid = false;           // grid lines in the screenshot
    bool with_ui = false;        // panels in the screenshot
    std::int64_t benchmark = 0;  // headless: this many frames, timed
    bool json = false;
    std::uint64_t step = 1;  // generations per benchmark frame
    std::string step_text;   // --step as given
    std::string script;      // scripted key and mouse events
};

void add_options(CLI::App& cli, ViewerOptions& o) {
    frontend::add_start_options(cli, o.start);
    cli.add_option("--gens", o.gens_text,
                   "Generations to run before showing (default 0; exact: 10^15, 2^40)");
    cli.add_option("--window", o.window, "Window size WIDTHxHEIGHT")->capture_default_str();
    cli.add_option("--zoom", o.zoom,
                   "N pixels per cell (1..32) or 1/N cells per pixel (default: fit)");
    cli.add_option("--screenshot", o.screenshot, "Headless: render one frame to this PNG and exit");
    cli.add_flag("--grid", o.grid, "Grid lines on (screenshots default to off)");
    cli.add_flag("--with-ui", o.with_ui, "Screenshot with the panels, not the grid view alone");
    cli.add_option("--benchmark", o.benchmark,
                   "Headless: run this many frames and report the rates");
    cli.add_flag("--json", o.json, "With --benchmark: print the result as JSON");
    cli.add_option("--step", o.step_text, "With --benchmark: generations per frame (default 1)");
    cli.add_option("--script", o.script, "Feed key and mouse events from FILE, then exit");
}

//-----------------------------------------------------------------------------
// [SECTION] Headless: screenshot and benchmark
//-----------------------------------------------------------------------------

void screenshot(AppState& app, GridView& grid, const ViewerOptions& o, int w, int h) {
    Offscreen target(w, h);
    FrameSetup setup;
    setup.ui = o.with_ui;
    setup.display = ImVec2(float(w), float(h));
    setup.timed = false;  // the same picture every time (README screenshots are compared)
    frame(app, grid, setup);
    if (o.with_ui) frame(app, grid, setup);  // windows size themselves on the first frame
    glFinish();
    write_png(o.screenshot, read_framebuffer(w, h));
}

void benchmark(AppState& app, GridView& grid, const ViewerOptions& o, int w, int h) {
    Offscreen target(w, h);
    FrameSetup setup;
    setup.ui = false;
    setup.display = ImVec2(float(w), float(h));
    frame(app, grid, setup);  // warm-up: textures, buffers
    glFinish();
    double step_ms = 0, draw_ms = 0;
    const auto t0 = Clock::now();
    for (std::int64_t i = 0; i < o.benchmark; ++i) {
        const auto s0 = Clock::now();
        step_generations(app, std::uint64_t(o.step));
        step_ms += std::chrono::duration<double, std::milli>(Clock::now() - s0).count();
        frame(app, grid, setup);
        glFinish();
        draw_ms += app.draw_ms;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    step_ms /= double(o.benchmark);
    draw_ms /= double(o.benchmark);
    const double fps = double(o.benchmark) / seconds;
    const std::string backend = app.backend_description;
    if (o.json) {
        nlohmann::json j{
            {"frames_per_second", fps},
            {"generations_per_second", fps * double(o.step)},
            {"backend", backend},
            {"frames", o.benchmark},
            {"step", o.step},
            {"window", o.window},
            {"torus", std::to_string(torus_width(app)) + "x" + std::to_string(torus_height(app))},
            {"zoom", app.view.zoom},
            {"drawing", grid.path()},
            {"step_ms", step_ms},  // stepping, per frame
            {"draw_ms", draw_ms},  // the grid view's image, per frame (render and upload)
            {"seconds", seconds}};
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf(
            "frames/s       %.1f\ngenerations/s  %.1f\nstep           %.2f ms a frame\n"
            "draw           %.2f ms a frame\nbackend        %s\ndrawing        %s\n",
            fps, fps * double(o.step), step_ms, draw_ms, backend.c_str(), grid.path().c_str());
    }
}

//-----------------------------------------------------------------------------
// [SECTION] Interactive and scripted loop
//-----------------------------------------------------------------------------

void interactive(AppState& app, GridView& grid, GLFWwindow* window, ScriptPlayer* script) {
    InputQueue input;
    install_glfw_callbacks(window, input);
    FrameSetup setup;
    setup.script = script;
    setup.input = &input;
    setup.window = window;
    double gens = 0;
    auto stats_from = Clock::now();
    while (!glfwWindowShouldClose(window) && !app.quit) {
        const auto t0 = Clock::now();
        glfwPollEvents();  // GLFW: input, queued by the callbacks
        advance(app, gens);
        const ScriptStep step = frame(app, grid, setup);
        if (step.kind == ScriptStep::Dump) {
            std::FILE* f = std::fopen(step.text.c_str(), "w");
            if (!f) throw InputError("cannot write " + step.text);
            std::fputs(describe_state(app).c_str(), f);
            std::fclose(f);
        } else if (step.kind == ScriptStep::Screenshot) {
            write_png(step.text, read_framebuffer(app.view.width, app.view.height));
        } else if (step.kind == ScriptStep::Resize) {
            glfwSetWindowSize(window, step.width, step.height);
        } else if (step.kind == ScriptStep::Sleep) {
            std::this_thread::sleep_for(std::chrono::milliseconds(step.milliseconds));
        }
        glfwSwapBuffers(window);  // GLFW: show
        if (step.kind == ScriptStep::Quit || (script && script->finished())) break;

        const auto now = Clock::now();
        app.frame_ms = std::chrono::duration<double, std::milli>(now - t0).count();
        const double span = std::chrono::duration<double>(now - stats_from).count();
        if (span >= 0.5) {
            app.gens_per_second = gens / span;
            gens = 0;
            stats_from = now;
        }
        if (!script) {  // pace to the target frame rate (60 when idle)
            const double fps = app.running ? double(app.target_fps) : 60.0;
            std::this_thread::sleep_until(t0 + std::chrono::duration<double>(1.0 / fps));
        }
    }
    glfwSetWindowUserPointer(window, nullptr);
}

// The start of a 2-D run: as `toroid run`'s, except that with no size
// anywhere (no --size, no :Tw,h in the rule or the file) the torus is
// 512x512, or the pattern's own rounded-up box when that is larger: a viewer
// is for watching a pattern grow, and `toroid run`'s smallest box (64x64
// for a glider) wraps Acorn onto itself within a few hundred generations.
frontend::StartState resolve_viewer_start(const ViewerOptions& o) {
    const frontend::Size room{512, 512};
    frontend::StartState st = frontend::resolve_start(o.start, false, std::uint64_t(o.gens), room);
    const bool sized_by_rule = o.start.rule && Rule::parse(*o.start.rule).torus();
    const Pattern* p = st.pattern ? &st.pattern->pattern : nullptr;
    const bool sized_by_file = p && (p->whole_torus || (p->rule && p->rule->torus()));
    if (!p || !o.start.size.empty() || sized_by_rule || sized_by_file) return st;
    if (st.size.width >= room.width && st.size.height >= room.height) return st;
    frontend::StartOptions sized = o.start;
    sized.size = std::to_string(std::max(st.size.width, room.width)) + "x" +
                 std::to_string(std::max(st.size.height, room.height));
    return frontend::resolve_start(sized, false, std::uint64_t(o.gens), room);
}

int run(const ViewerOptions& options) {
    ViewerOptions o = options;
    if (!o.gens_text.empty()) o.gens = parse_generation_count(o.gens_text, "--gens");
    if (!o.step_text.empty()) o.step = parse_generation_count(o.step_text, "--step");
    // Check everything before opening a window.
    const frontend::Size window = frontend::parse_size(o.window, "--window");
    if (window.width > 16384 || window.height > 16384)
        throw InputError("--window " + o.window + " is too large: at most 16384x16384");
    std::optional<double> zoom;
    if (!o.zoom.empty()) zoom = parse_zoom("--zoom", o.zoom.c_str());
    if (o.benchmark < 0)
        throw InputError("--benchmark " + std::to_string(o.benchmark) +
                         " is negative: expected a number of frames");
    if (o.step < 1)
        throw InputError("--step " + std::to_string(o.step) +
                         " is invalid: expected 1 or more generations per frame");
    if (!o.screenshot.empty() && o.benchmark > 0)
        throw InputError("give either --screenshot FILE or --benchmark FRAMES, not both");
    if (!o.screenshot.empty() &&
        (o.screenshot.size() < 4 || o.screenshot.substr(o.screenshot.size() - 4) != ".png"))
        throw InputError("--screenshot '" + o.screenshot + "' must name a .png file");
    if (!o.screenshot.empty()) {  // refuse a missing folder before the run, not after it
        const std::filesystem::path folder = std::filesystem::path(o.screenshot).parent_path();
        std::error_code ec;
        if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
            throw InputError("--screenshot '" + o.screenshot + "': folder '" + folder.string() +
                             "' does not exist");
    }
    std::optional<std::vector<ScriptStep>> steps;
    if (!o.script.empty()) steps = parse_script(o.script);

    AppState app;
    app.backend_name = o.start.run.backend;
    app.threads = o.start.run.threads;
    app.seed = app.soup_seed = o.start.run.seed;
    app.library = frontend::library_names();
    const int wolfram = o.start.rule ? parse_wolfram_rule(*o.start.rule) : -1;
    if (wolfram >= 0) {  // 1-D: the ring is the torus width, the diagram its height
        frontend::StartOptions two_d = o.start;
        two_d.rule.reset();
        const frontend::StartState st =
            frontend::resolve_start(two_d, false, 0, frontend::Size{512, 512});
        if (o.start.soup) {  // the first row of the 2-D soup of that density and seed
            char spec[64];
            std::snprintf(spec, sizeof spec, "soup:%.17g:%llu", *o.start.soup,
                          static_cast<unsigned long long>(o.start.run.seed));
            app.eca_init = spec;
        }
        start_eca(app, wolfram, st.size.width, st.size.height);
    } else {
        const frontend::StartState st = resolve_viewer_start(o);
        if (!st.note.empty()) std::fprintf(stderr, "toroid-view: note: %s\n", st.note.c_str());
        start_torus(app, frontend::start_backend(st, o.start));  // a pattern costs its own size
    }
    step_generations(app, o.gens);

    const bool headless = !o.screenshot.empty() || o.benchmark > 0;
    GLFWwindow* win = open_window(int(window.width), int(window.height), !headless);
    glfwMakeContextCurrent(win);
    glfwSwapInterval(0);  // pacing is ours
    if (!gladLoadGL(glfwGetProcAddress)) throw std::runtime_error("cannot load OpenGL functions");

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // The layout lives in the user's configuration folder (config_path.hpp),
    // never in the current one; headless and scripted runs neither read nor
    // write it (their layout must not depend on the user's).
    std::optional<std::string> ini;
    if (!headless && !steps) ini = prepare_imgui_ini();
    io.IniFilename = ini ? ini->c_str() : nullptr;
    ImGui::StyleColorsDark();
    ImGui_ImplGlfw_InitForOpenGL(win, false);  // backend: GLFW; input through our queue
    ImGui_ImplOpenGL3_Init("#version 330");    // backend: OpenGL renderer
    app.read_clipboard = [win] {
        const char* text = glfwGetClipboardString(win);
        return std::string(text ? text : "");
    };
    app.write_clipboard = [win](const std::string& text) {
        glfwSetClipboardString(win, text.c_str());
    };

    app.view.width = int(window.width);
    app.view.height = int(window.height);
    fit(app.view);
    if (zoom) {  // centred on the torus at the asked zoom
        centre_on_torus(app.view);
        app.view.zoom = app.view.target_zoom = *zoom;
    }
    app.view.grid_lines = o.grid;
    {
        GridView grid;
        if (!o.screenshot.empty()) {
            screenshot(app, grid, o, int(window.width), int(window.height));
        } else if (o.benchmark > 0) {
            benchmark(app, grid, o, int(window.width), int(window.height));
        } else {
            std::optional<ScriptPlayer> player;
            if (steps) player.emplace(std::move(*steps));
            interactive(app, grid, win, player ? &*player : nullptr);
        }
    }
    app.read_clipboard = nullptr;
    app.write_clipboard = nullptr;
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();  // writes imgui.ini (io.IniFilename points into `ini`)
    glfwDestroyWindow(win);
    glfwTerminate();
    return 0;
}

}  // namespace
}  // namespace toroid::view

//-----------------------------------------------------------------------------
// [SECTION] main
//-----------------------------------------------------------------------------

int main(int argc, char** argv) {
    CLI::App cli{"toroid-view: huge tori live (GLFW + OpenGL + Dear ImGui); h shows the keys"};
    toroid::view::ViewerOptions options;
    toroid::view::add_options(cli, options);
    toroid::frontend::add_rule_dir_option(cli);  // where named rules are found
    try {
        cli.parse(argc, argv);
        return toroid::view::run(options);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return cli.exit(e);
        std::fprintf(stderr, "error: %s\nrun 'toroid-view --help' for the options\n", e.what());
        return 2;
    } catch (const toroid::InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "toroid-view: %s\n", e.what());
        return 1;
    }
}
