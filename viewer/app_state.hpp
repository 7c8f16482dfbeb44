// AppState: everything toroid-view knows, in one struct the panels and the
// input handlers work on (ImGui style: plain functions over plain state, no
// static locals). Nothing here touches OpenGL.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eca_diagram.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"
#include "view.hpp"

namespace toroid::view {

enum class Tool { Pan, Draw, Erase, Select };
enum class PasteMode { Copy, Or, Xor };

// Colour by age: the age of each visible cell, kept for the region on screen.
struct AgeMap {
    Rect region;                      // torus cells (x, y may need wrapping)
    Grid cells;                       // their states when last updated
    std::vector<std::uint16_t> ages;  // generations alive, saturating
    std::uint64_t generation = 0;     // generation of `cells`
    bool valid = false;
};

struct AppState {
    // --- the torus -------------------------------------------------------
    std::string backend_name = "auto";  // asked for
    int threads = 0;
    std::unique_ptr<Backend> backend;  // 2-D rules
    std::optional<EcaDiagram> eca;     // 1-D (W<n>) rules instead
    Rule rule;
    std::uint64_t seed = 1;

    // --- view and controls -----------------------------------------------
    ViewState view;
    RenderPalette palette;
    bool colour_by_age = false;
    AgeMap ages;
    bool running = false;
    int step_base = 2;  // a step is step_base^step_exponent generations (Golly)
    int step_exponent = 0;
    float target_fps = 60;     // when running
    std::uint64_t run_to = 0;  // > 0: stop at this generation
    bool show_help = false;
    bool show_ui = true;

    // --- editing -----------------------------------------------------------
    Tool tool = Tool::Draw;
    bool stroke_alive = true;         // what a draw stroke writes
    std::optional<CellXY> drag_from;  // selection drag start
    std::optional<Rect> selection;    // torus cells (x, y in range; may wrap)
    std::optional<Grid> clipboard;
    PasteMode paste_mode = PasteMode::Copy;

    // --- panel fields --------------------------------------------------------
    std::string rule_text;
    std::string rule_message;  // the parser's message for rule_text ("" = valid)
    bool focus_rule_field = false;
    std::string new_size = "512x512";
    double soup_density = 0.5;
    std::uint64_t soup_seed = 1;
    std::string file_path;
    std::vector<std::string> library;  // names in the patterns/ library
    std::string eca_init = "center";
    std::string message;  // last error or result of an action, shown in the UI
    bool message_is_error = false;

    // --- statistics -------------------------------------------------------------
    double gens_per_second = 0;
    double frame_ms = 0;
    std::deque<float> population_history;  // one sample per frame that stepped
    std::string backend_description;
};

}  // namespace toroid::view
