#define GLFW_INCLUDE_NONE
#include "script.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "actions.hpp"
#include "toroid/error.hpp"
#include "toroid/io/file_io.hpp"

namespace toroid::view {
namespace {

int named_key(const std::string& name) {
    static const std::pair<const char*, int> keys[] = {
        {"Enter", GLFW_KEY_ENTER},   {"Tab", GLFW_KEY_TAB},   {"Escape", GLFW_KEY_ESCAPE},
        {"Delete", GLFW_KEY_DELETE}, {"Left", GLFW_KEY_LEFT}, {"Right", GLFW_KEY_RIGHT},
        {"Up", GLFW_KEY_UP},         {"Down", GLFW_KEY_DOWN}, {"Backspace", GLFW_KEY_BACKSPACE}};
    for (const auto& [n, k] : keys)
        if (name == n) return k;
    return -1;
}

}  // namespace

std::vector<ScriptStep> parse_script(const std::string& path) {
    std::istringstream in(read_text_file(path));
    std::vector<ScriptStep> steps;
    std::string line;
    int number = 0;
    auto fail = [&](const std::string& what) {
        throw InputError(path + ":" + std::to_string(number) + ": " + what);
    };
    while (std::getline(in, line)) {
        ++number;
        std::istringstream words(line);
        std::string verb;
        if (!(words >> verb) || verb[0] == '#') continue;
        ScriptStep s;
        if (verb == "frames") {
            int n = 0;
            if (!(words >> n) || n < 0) fail("expected 'frames N' with N >= 0");
            steps.insert(steps.end(), std::size_t(n), ScriptStep{});
        } else if (verb == "key") {
            std::string name;
            if (!(words >> name)) fail("expected 'key NAME'");
            if (name.rfind("ctrl+", 0) == 0 && name.size() == 6) {
                s.ctrl = true;
                s.key = std::toupper(static_cast<unsigned char>(name[5]));
            } else if (name == "Space" || name.size() == 1) {
                s.kind = ScriptStep::Chars;
                s.text = name == "Space" ? " " : name;
                steps.push_back(s);
                continue;
            } else if ((s.key = named_key(name)) < 0) {
                fail("unknown key '" + name +
                     "': expected Enter, Space, Tab, Escape, Delete, Backspace, Left, Right, Up, "
                     "Down, one character, or ctrl+<letter>");
            }
            s.kind = ScriptStep::KeyDown;
            steps.push_back(s);
            s.kind = ScriptStep::KeyUp;
            steps.push_back(s);
        } else if (verb == "type") {
            std::string rest;
            std::getline(words, rest);
            s.kind = ScriptStep::Chars;
            s.text = rest.empty() ? rest : rest.substr(1);
            steps.push_back(s);
        } else if (verb == "focus") {
            std::string what;
            if (!(words >> what) || what != "rule") fail("expected 'focus rule'");
            s.kind = ScriptStep::Focus;
            steps.push_back(s);
        } else if (verb == "click" || verb == "drag") {
            float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            if (!(words >> x0 >> y0)) fail("expected '" + verb + " X Y ...' in window pixels");
            if (verb == "drag" && !(words >> x1 >> y1)) fail("expected 'drag X0 Y0 X1 Y1'");
            if (verb == "click") x1 = x0, y1 = y0;
            std::string button;
            words >> button;
            s.kind = ScriptStep::Mouse;
            s.button = button == "right" ? 1 : 0;
            s.x = x0, s.y = y0, s.down = false;
            steps.push_back(s);  // hover first, as a real pointer would
            s.down = true;
            steps.push_back(s);
            const int moves = verb == "drag" ? 8 : 0;
            for (int i = 1; i <= moves; ++i) {
                s.x = x0 + (x1 - x0) * float(i) / float(moves);
                s.y = y0 + (y1 - y0) * float(i) / float(moves);
                steps.push_back(s);
            }
            s.down = false;
            steps.push_back(s);
        } else if (verb == "wheel") {
            if (!(words >> s.x >> s.y >> s.wheel)) fail("expected 'wheel X Y DELTA'");
            s.kind = ScriptStep::Wheel;
            steps.push_back(s);
        } else if (verb == "dump" || verb == "screenshot") {
            if (!(words >> s.text)) fail("expected '" + verb + " FILE'");
            s.kind = verb == "dump" ? ScriptStep::Dump : ScriptStep::Screenshot;
            steps.push_back(s);
        } else if (verb == "quit") {
            s.kind = ScriptStep::Quit;
            steps.push_back(s);
        } else {
            fail("unknown event '" + verb +
                 "': expected frames, key, type, focus, click, drag, wheel, dump, screenshot or "
                 "quit");
        }
    }
    return steps;
}

ScriptStep ScriptPlayer::apply(ImGuiIO& io, AppState& app) {
    ScriptStep s;
    if (!finished()) s = steps_[next_++];
    switch (s.kind) {
        case ScriptStep::Mouse:
            mouse_x_ = s.x, mouse_y_ = s.y;
            mouse_down_[s.button] = s.down;
            break;
        case ScriptStep::Wheel:
            mouse_x_ = s.x, mouse_y_ = s.y;
            io.MouseWheel = s.wheel;
            break;
        case ScriptStep::KeyDown:
            key_down_ = s.key;
            ctrl_ = s.ctrl;
            break;
        case ScriptStep::KeyUp:
            key_down_ = -1;
            break;
        case ScriptStep::Chars:
            for (char c : s.text) io.AddInputCharacter(static_cast<unsigned char>(c));
            break;
        case ScriptStep::Focus:
            app.focus_rule_field = true;
            break;
        default:
            break;
    }
    io.MousePos = ImVec2(mouse_x_, mouse_y_);
    io.MouseDown[0] = mouse_down_[0];
    io.MouseDown[1] = mouse_down_[1];
    for (int k : {GLFW_KEY_ENTER, GLFW_KEY_TAB, GLFW_KEY_ESCAPE, GLFW_KEY_DELETE, GLFW_KEY_LEFT,
                  GLFW_KEY_RIGHT, GLFW_KEY_UP, GLFW_KEY_DOWN, GLFW_KEY_BACKSPACE})
        io.KeysDown[k] = false;
    for (int k = GLFW_KEY_A; k <= GLFW_KEY_Z; ++k) io.KeysDown[k] = false;
    if (key_down_ >= 0) io.KeysDown[key_down_] = true;
    io.KeyCtrl = key_down_ >= 0 && ctrl_;
    return s;
}

std::string describe_state(const AppState& app) {
    nlohmann::json j{{"rule", rule_name(app)},
                     {"rule_text", app.rule_text},
                     {"rule_message", app.rule_message},
                     {"message", app.message},
                     {"message_is_error", app.message_is_error},
                     {"width", torus_width(app)},
                     {"height", torus_height(app)},
                     {"generation", generation(app)},
                     {"population", population(app) <= kMaxNarrowCount
                                        ? nlohmann::json(std::uint64_t(population(app)))
                                        : nlohmann::json(to_string(population(app)))},
                     {"running", app.running},
                     {"step", step_size(app)},
                     {"zoom", app.view.zoom},
                     {"grid_lines", app.view.grid_lines},
                     {"seed", app.seed},
                     {"backend", app.backend_description}};
    if (app.selection)
        j["selection"] = {app.selection->x, app.selection->y, app.selection->width,
                          app.selection->height};
    if (app.backend) {  // live cells, when few enough to list
        const Grid g = app.backend->grid();
        if (g.population() <= 1000) {
            nlohmann::json cells = nlohmann::json::array();
            for (std::int64_t y = 0; y < g.height(); ++y)
                for (std::int64_t x = 0; x < g.width(); ++x)
                    if (g.get(x, y)) cells.push_back({x, y});
            j["cells"] = cells;
        }
    }
    return j.dump(2) + "\n";
}

}  // namespace toroid::view
