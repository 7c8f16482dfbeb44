// AppState: everything toroid-view knows, in one struct the panels and the
// input handlers work on (ImGui style: plain functions over plain state, no
// static locals). Nothing here touches OpenGL.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
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

// The gesture under way: what a press started, until its release. A press
// on a panel is the panel's; a press outside the drawn torus edits nothing.
struct Gesture {
    enum class Kind { None, Panel, Ignored, Pan, Draw, Select };
    Kind kind = Kind::None;
    int button = -1;
    std::optional<render::PlaneCell> last;    // draw: the last cell drawn (row frame, unwrapped)
    std::int64_t anchor_x = 0, anchor_y = 0;  // select: where the press was (unwrapped plane)
    double last_x = 0, last_y = 0;            // pan: the pointer's last position
};

// The panels as laid out by the last frame (the hand tests presses against
// them; --script dump reports them), and where each belongs: an offset from
// the corner of the display it is nearest to, so that a window shrunk to a
// few pixels and grown back finds every panel where it was.
struct PanelRect {
    std::string name;
    float x = 0, y = 0, width = 0, height = 0;
};
struct PanelPlace {
    bool known = false;
    bool right = false, bottom = false;  // measured from the right / bottom edge
    float offset_x = 0, offset_y = 0;
    float drawn_x = 0, drawn_y = 0;  // where the last frame put it
};
struct UiLayout {
    bool panels_visible = true;  // F11: the grid view alone (Golly's full view)
    std::vector<PanelRect> panels;
    std::map<std::string, PanelPlace> places;
    float display_width = 0, display_height = 0;  // of the last frame
    bool display_changed = true;                  // this frame's size differs from the last's
    std::optional<PanelRect> message;             // where the last message was drawn
};

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
    bool quit = false;  // ctrl+Q

    // --- editing -----------------------------------------------------------
    Tool tool = Tool::Draw;
    bool stroke_alive = true;  // what a draw stroke writes
    Gesture gesture;           // the press under way
    double mouse_x = -1, mouse_y = -1;
    bool mouse_known = false;       // the pointer is over the window
    std::optional<Rect> selection;  // torus cells (x, y in range; may wrap)
    std::optional<Grid> clipboard;  // the last copy, when no system clipboard is there
    PasteMode paste_mode = PasteMode::Copy;
    // The system clipboard (GLFW's in the program; unset in tests): copies
    // go there as RLE, pastes read any pattern text from there.
    std::function<std::string()> read_clipboard;
    std::function<void(const std::string&)> write_clipboard;

    // --- panel fields --------------------------------------------------------
    std::string rule_text;
    std::string rule_message;              // the parser's message for rule_text ("" = valid)
    std::vector<std::string> named_rules;  // the rule picker's list while it is open
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
    double draw_ms = 0;                    // the grid view's image, last frame
    double step_ms = 0;                    // stepping, last frame that stepped
    std::deque<float> population_history;  // one sample per frame that stepped
    std::string backend_description;

    // --- panels ----------------------------------------------------------------
    UiLayout ui;
};

}  // namespace toroid::view
