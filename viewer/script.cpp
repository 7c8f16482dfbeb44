#define GLFW_INCLUDE_NONE
#include "script.hpp"

#include <GLFW/glfw3.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "actions.hpp"
#include "toroid/error.hpp"
#include "toroid/io/file_io.hpp"

namespace toroid::view {
namespace {

int named_key(const std::string& name) {
    static const std::pair<const char*, int> keys[] = {
        {"Enter", GLFW_KEY_ENTER},   {"Tab", GLFW_KEY_TAB},   {"Escape", GLFW_KEY_ESCAPE},
        {"Delete", GLFW_KEY_DELETE}, {"Left", GLFW_KEY_LEFT}, {"Right", GLFW_KEY_RIGHT},
        {"Up", GLFW_KEY_UP},         {"Down", GLFW_KEY_DOWN}, {"Backspace", GLFW_KEY_BACKSPACE},
        {"F11", GLFW_KEY_F11}};
    for (const auto& [n, k] : keys)
        if (name == n) return k;
    return -1;
}

ScriptStep events(std::vector<InputEvent> e) {
    ScriptStep s;
    s.kind = ScriptStep::Events;
    s.events = std::move(e);
    return s;
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
            std::vector<InputEvent> taps;  // every key named, within this one frame
            for (std::string name; words >> name;) {
                if (name.rfind("ctrl+", 0) == 0 && name.size() == 6 &&
                    std::isalpha(static_cast<unsigned char>(name[5]))) {
                    const int k =
                        std::toupper(static_cast<unsigned char>(name[5]));  // GLFW_KEY_A = 'A'
                    taps.push_back(InputEvent::key_event(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
                    taps.push_back(InputEvent::key_event(k, GLFW_PRESS, GLFW_MOD_CONTROL));
                    taps.push_back(InputEvent::key_event(k, GLFW_RELEASE, GLFW_MOD_CONTROL));
                    taps.push_back(InputEvent::key_event(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE));
                } else if (name == "Space" || name.size() == 1) {
                    taps.push_back(InputEvent::char_event(
                        name == "Space" ? ' ' : static_cast<unsigned char>(name[0])));
                } else if (const int k = named_key(name); k >= 0) {
                    taps.push_back(InputEvent::key_event(k, GLFW_PRESS));
                    taps.push_back(InputEvent::key_event(k, GLFW_RELEASE));
                } else {
                    fail("unknown key '" + name +
                         "': expected Enter, Space, Tab, Escape, Delete, Backspace, Left, Right, "
                         "Up, Down, F11, one character, or ctrl+<letter>");
                }
            }
            if (taps.empty()) fail("expected 'key NAME...'");
            steps.push_back(events(std::move(taps)));
        } else if (verb == "type") {
            std::string rest;
            std::getline(words, rest);
            if (!rest.empty()) rest.erase(0, 1);
            std::vector<InputEvent> chars;
            for (char c : rest)
                chars.push_back(InputEvent::char_event(static_cast<unsigned char>(c)));
            steps.push_back(events(std::move(chars)));
        } else if (verb == "focus") {
            std::string what;
            if (!(words >> what) || what != "rule") fail("expected 'focus rule'");
            s.kind = ScriptStep::Focus;
            steps.push_back(s);
        } else if (verb == "click" || verb == "drag") {
            double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
            if (!(words >> x0 >> y0)) fail("expected '" + verb + " X Y ...' in window pixels");
            if (verb == "drag" && !(words >> x1 >> y1)) fail("expected 'drag X0 Y0 X1 Y1'");
            if (verb == "click") x1 = x0, y1 = y0;
            int button = 0;
            bool fast = false;
            for (std::string option; words >> option;) {
                if (option == "right")
                    button = 1;
                else if (option == "fast")
                    fast = true;
                else
                    fail("unknown option '" + option + "': expected right or fast");
            }
            std::vector<std::vector<InputEvent>> frames;
            frames.push_back({InputEvent::move(x0, y0)});  // hover first, as a real pointer would
            frames.push_back({InputEvent::button_event(button, GLFW_PRESS)});
            const int moves = verb == "drag" ? 8 : 0;
            for (int i = 1; i <= moves; ++i)
                frames.push_back(
                    {InputEvent::move(x0 + (x1 - x0) * i / moves, y0 + (y1 - y0) * i / moves)});
            frames.push_back({InputEvent::button_event(button, GLFW_RELEASE)});
            if (fast) {  // within one frame
                std::vector<InputEvent> all;
                for (auto& f : frames) all.insert(all.end(), f.begin(), f.end());
                steps.push_back(events(std::move(all)));
            } else {
                for (auto& f : frames) steps.push_back(events(std::move(f)));
            }
        } else if (verb == "wheel") {
            double x = 0, y = 0, delta = 0;
            if (!(words >> x >> y >> delta)) fail("expected 'wheel X Y DELTA'");
            steps.push_back(events({InputEvent::move(x, y), InputEvent::scroll(0, delta)}));
        } else if (verb == "drop") {
            std::vector<std::string> files;
            for (std::string f; words >> f;) files.push_back(f);
            if (files.empty()) fail("expected 'drop FILE...'");
            steps.push_back(events({InputEvent::drop(std::move(files))}));
        } else if (verb == "clipboard") {
            std::string file;
            if (!(words >> file)) fail("expected 'clipboard FILE'");
            s.kind = ScriptStep::Clipboard;
            s.text = read_text_file(file);
            steps.push_back(s);
        } else if (verb == "resize") {
            if (!(words >> s.width >> s.height) || s.width < 1 || s.height < 1)
                fail("expected 'resize W H' with W, H >= 1");
            s.kind = ScriptStep::Resize;
            steps.push_back(s);
        } else if (verb == "wait") {
            if (!(words >> s.text)) fail("expected 'wait FILE'");
            s.kind = ScriptStep::Wait;
            steps.push_back(s);
        } else if (verb == "sleep") {
            if (!(words >> s.milliseconds) || s.milliseconds < 0)
                fail("expected 'sleep MS' with MS >= 0");
            s.kind = ScriptStep::Sleep;
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
                 "': expected frames, key, type, focus, click, drag, wheel, drop, clipboard, "
                 "resize, sleep, wait, dump, screenshot or quit");
        }
    }
    return steps;
}

ScriptStep ScriptPlayer::apply(InputQueue& queue, AppState& app) {
    ScriptStep s;
    if (finished()) return s;
    if (steps_[next_].kind == ScriptStep::Wait) {  // idle frames until the file exists
        const auto now = std::chrono::steady_clock::now();
        if (!waiting_) waiting_ = now;
        if (!std::filesystem::exists(steps_[next_].text)) {
            if (now - *waiting_ > std::chrono::seconds(60))
                throw InputError("script: waited 60 s for " + steps_[next_].text);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            return s;
        }
        waiting_.reset();
    }
    s = steps_[next_++];
    for (const InputEvent& e : s.events) queue.push(e);
    if (s.kind == ScriptStep::Focus) app.focus_rule_field = true;
    if (s.kind == ScriptStep::Clipboard && app.write_clipboard) app.write_clipboard(s.text);
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
                     {"centre", {app.view.centre_x, app.view.centre_y}},
                     {"window", {app.view.width, app.view.height}},
                     {"grid_lines", app.view.grid_lines},
                     {"seed", app.seed},
                     {"backend", app.backend_description},
                     {"panels_visible", app.ui.panels_visible}};
    if (app.selection)
        j["selection"] = {app.selection->x, app.selection->y, app.selection->width,
                          app.selection->height};
    nlohmann::json panels = nlohmann::json::object();
    for (const PanelRect& r : app.ui.panels) panels[r.name] = {r.x, r.y, r.width, r.height};
    j["panels"] = panels;
    if (app.ui.message)
        j["message_rect"] = {app.ui.message->x, app.ui.message->y, app.ui.message->width,
                             app.ui.message->height};
    if (app.read_clipboard) j["clipboard"] = app.read_clipboard();
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
    if (app.eca) {  // the diagram's rows, as 0/1 strings, when small
        const Grid& rows = app.eca->rows();
        if (rows.width() * rows.height() <= 65536) {
            nlohmann::json out = nlohmann::json::array();
            const std::int64_t h = rows.height();
            for (std::int64_t r = 0; r < h; ++r) {  // top to bottom, as drawn
                const std::int64_t row = wrap(r - app.eca->origin_y(), h);
                std::string bits(std::size_t(rows.width()), '0');
                for (std::int64_t x = 0; x < rows.width(); ++x)
                    if (rows.get(x, row)) bits[std::size_t(x)] = '1';
                out.push_back(r < app.eca->filled() ? bits : std::string());
            }
            j["eca_rows"] = out;
        }
    }
    // Names and messages may hold bytes that are not UTF-8 (a dropped file's name).
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace toroid::view
