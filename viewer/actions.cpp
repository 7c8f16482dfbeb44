#include "actions.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/pattern_lookup.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid::view {

void report(AppState& app, const std::string& message, bool error) {
    app.message = message;
    app.message_is_error = error;
}

bool run_action(AppState& app, const std::function<void()>& action) {
    try {
        action();
        return true;
    } catch (const InputError& e) {
        report(app, e.what(), true);
    } catch (const std::exception& e) {
        report(app, std::string("failed: ") + e.what(), true);
    }
    return false;
}

// --- the torus ----------------------------------------------------------------------

namespace {

void reset_view(AppState& app) {
    app.view.torus_width = torus_width(app);
    app.view.torus_height = torus_height(app);
    app.view.hexagonal = is_hexagonal(app);
    app.ages.valid = false;
    app.selection.reset();
    app.population_history.clear();
    fit(app.view);
}

Backend& backend_2d(AppState& app) {
    if (!app.backend) throw InputError("a 1-D rule is running: switch to a 2-D rule to edit cells");
    return *app.backend;
}

}  // namespace

void start_torus(AppState& app, const Rule& rule, Grid grid, std::uint64_t generation) {
    auto backend = frontend::make_backend(app.backend_name, rule, app.threads, app.seed);
    backend->check_fits(grid.width(), grid.height(), 1);  // refused before the planes exist
    backend->load(grid, generation);
    start_torus(app, std::move(backend));
}

void start_torus(AppState& app, std::unique_ptr<Backend> backend) {
    app.backend = std::move(backend);
    app.eca.reset();
    app.rule = app.backend->rule();
    app.rule_text = app.rule.to_string();
    app.rule_message.clear();
    app.backend_description = app.backend->describe();
    reset_view(app);
}

void start_eca(AppState& app, int wolfram_rule, std::int64_t width, std::int64_t height) {
    // The ring runs on the 1-D backend of the same name (eca_backend.hpp).
    EcaDiagram d(wolfram_rule, width, height, app.eca_init, app.backend_name, app.threads);
    d.step(std::uint64_t(height - 1));  // the first rows at once, not one row and a blank window
    app.eca = std::move(d);
    app.backend.reset();
    app.rule_text = "W" + std::to_string(wolfram_rule);
    app.rule_message.clear();
    app.backend_description = app.eca->describe();
    reset_view(app);
}

std::int64_t torus_width(const AppState& app) {
    return app.eca ? app.eca->rows().width() : app.backend ? app.backend->width() : 1;
}
std::int64_t torus_height(const AppState& app) {
    return app.eca ? app.eca->rows().height() : app.backend ? app.backend->height() : 1;
}
std::uint64_t generation(const AppState& app) {
    return app.eca ? app.eca->generation() : app.backend ? app.backend->generation() : 0;
}
WideCount population(const AppState& app) {
    return app.eca       ? app.eca->ring().population()
           : app.backend ? app.backend->population_wide()
                         : 0;
}
bool is_hexagonal(const AppState& app) {
    return !app.eca && app.rule.neighbourhood() == Neighbourhood::Hexagonal;
}
std::string rule_name(const AppState& app) {
    return app.eca ? "W" + std::to_string(app.eca->rule()) : app.rule.to_string();
}

std::uint64_t step_size(const AppState& app) {
    std::uint64_t s = 1;
    for (int i = 0; i < app.step_exponent; ++i) s *= std::uint64_t(app.step_base);
    return s;
}

void step_generations(AppState& app, std::uint64_t generations) {
    if (app.eca)
        app.eca->step(generations);
    else if (app.backend)
        app.backend->step(generations);
}

// --- panels -------------------------------------------------------------------------

void validate_rule_text(AppState& app) {
    app.rule_message.clear();
    try {
        if (parse_wolfram_rule(app.rule_text) < 0) (void)Rule::parse(app.rule_text);
    } catch (const InputError& e) {
        app.rule_message = e.what();
    }
}

void apply_rule_text(AppState& app) {
    validate_rule_text(app);
    if (!app.rule_message.empty()) throw InputError(app.rule_message);
    const int wolfram = parse_wolfram_rule(app.rule_text);
    if (wolfram >= 0) {
        start_eca(app, wolfram, torus_width(app), torus_height(app));
        report(app, "1-D rule W" + std::to_string(wolfram) + ": space-time diagram");
        return;
    }
    Rule rule = Rule::parse(app.rule_text);
    if (rule.torus()) {  // B3/S23:T100,100 sets the size too
        const TorusSize t = *rule.torus();
        rule = rule.with_torus(std::nullopt);
        start_torus(app, rule, Grid(t.width, t.height));
    } else if (app.backend) {  // same cells and generation, same view
        const ViewState view = app.view;
        start_torus(app, rule, app.backend->grid(), app.backend->generation());
        app.view = view;  // to or from hexagons: the cell at the centre stays there
        set_hexagonal(app.view, is_hexagonal(app));
    } else {
        start_torus(app, rule, Grid(torus_width(app), torus_height(app)));
    }
    report(app, "rule " + rule.to_string());
}

void new_torus(AppState& app) {
    const frontend::Size size = frontend::parse_size(app.new_size, "size");
    if (app.eca) {
        start_eca(app, app.eca->rule(), size.width, size.height);
    } else {
        start_torus(app, app.rule, Grid(size.width, size.height));
    }
    report(app, "new torus " + app.new_size);
}

void random_soup(AppState& app) {
    if (app.eca) {  // the first row of the 2-D soup of that density and seed
        char spec[64];
        std::snprintf(spec, sizeof spec, "soup:%.17g:%llu", app.soup_density,
                      static_cast<unsigned long long>(app.soup_seed));
        app.eca_init = spec;
        start_eca(app, app.eca->rule(), torus_width(app), torus_height(app));
        return;
    }
    Backend& b = backend_2d(app);
    Grid g(b.width(), b.height());
    if (b.rule().named())  // every state of a named rule (WireWorld's wires too)
        fill_state_soup(g, app.soup_density, b.rule().states(), app.soup_seed);
    else
        fill_soup(g, app.soup_density, app.soup_seed);
    b.load(g, 0);
    app.population_history.clear();
    app.ages.valid = false;
    report(app, "soup, density " + std::to_string(app.soup_density));
}

void clear_torus(AppState& app) {
    if (app.eca) {
        app.eca_init = "center";
        start_eca(app, app.eca->rule(), torus_width(app), torus_height(app));
        return;
    }
    Backend& b = backend_2d(app);
    b.load(Grid(b.width(), b.height()), 0);
    app.population_history.clear();
    app.ages.valid = false;
}

void open_pattern(AppState& app, const std::string& path_or_name) {
    const frontend::NamedPattern np = frontend::find_pattern(path_or_name);
    const Pattern& p = np.pattern;
    Rule rule = p.rule ? p.rule->with_torus(std::nullopt) : app.rule;
    std::int64_t w = torus_width(app), h = torus_height(app);
    if (p.whole_torus && p.rule && p.rule->torus()) {
        w = p.rule->torus()->width;
        h = p.rule->torus()->height;
    }
    Grid g = place_pattern(p, w, h);  // InputError when it does not fit
    start_torus(app, rule, std::move(g));
    report(app, "opened " + np.name + " (" + np.path + ")");
}

void open_dropped(AppState& app, const std::vector<std::string>& paths) {
    if (paths.empty()) return;
    open_pattern(app, paths.front());
    if (paths.size() > 1)
        report(app, app.message + "; " + std::to_string(paths.size() - 1) +
                        " more dropped file(s) not opened: drop one at a time");
}

void save_pattern(AppState& app, const std::string& path) {
    Backend& b = backend_2d(app);
    WriteOptions wo;
    wo.name = "toroid-view";
    wo.comments.push_back("generation " + std::to_string(b.generation()) + ", rule " +
                          b.rule().to_string());
    write_pattern_file(path, b.grid(), b.rule(), wo);
    report(app, "saved " + path);
}

// --- editing --------------------------------------------------------------------------

void set_cell(AppState& app, CellXY c, bool alive) {
    backend_2d(app).set(c.x, c.y, alive);
    app.ages.valid = false;
}

std::vector<render::PlaneCell> stroke_cells(render::PlaneCell a, render::PlaneCell b,
                                            bool hexagonal) {
    // Bresenham from a to b. On hexagons a step by (+1, -1) or (-1, +1)
    // joins cells that only touch at a corner: the row's cell is added first.
    std::vector<render::PlaneCell> out;
    const std::int64_t dx = std::abs(b.x - a.x), dy = -std::abs(b.y - a.y);
    const std::int64_t sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
    std::int64_t err = dx + dy;
    render::PlaneCell c = a;
    while (c.x != b.x || c.y != b.y) {
        const std::int64_t e2 = 2 * err;
        const bool step_x = e2 >= dy && c.x != b.x, step_y = e2 <= dx && c.y != b.y;
        if (step_x && step_y && hexagonal && sx != sy) out.push_back({c.x + sx, c.y});
        if (step_x) err += dy, c.x += sx;
        if (step_y) err += dx, c.y += sy;
        out.push_back(c);
    }
    return out;
}

void select_rect(AppState& app, render::PlaneCell a, render::PlaneCell b) {
    // As dragged: from the smaller to the larger coordinate, however far
    // (a drag over more than half the torus selects what was dragged, not
    // the shorter way round), at most the whole torus.
    auto span = [](std::int64_t p, std::int64_t q, std::int64_t size, std::int64_t& lo,
                   std::int64_t& len) {
        lo = wrap(std::min(p, q), size);
        len = std::min<std::int64_t>(std::abs(q - p) + 1, size);
        if (len == size) lo = 0;
    };
    Rect r;
    span(a.x, b.x, torus_width(app), r.x, r.width);
    span(a.y, b.y, torus_height(app), r.y, r.height);
    app.selection = r;
}

void select_all(AppState& app) {
    app.selection = Rect{0, 0, torus_width(app), torus_height(app)};
}

namespace {
const Rect& need_selection(const AppState& app) {
    if (!app.selection) throw InputError("nothing selected: drag with the select tool first");
    return *app.selection;
}
}  // namespace

void copy_selection(AppState& app) {
    const Rect& r = need_selection(app);
    Backend& b = backend_2d(app);
    app.clipboard = b.read_region(r);
    std::string where;
    if (app.write_clipboard) {
        WriteOptions wo;
        wo.crop = true;  // Golly's: the live cells' bounding box
        app.write_clipboard(format_rle(*app.clipboard, b.rule(), wo));
        where = " to the clipboard as RLE";
    }
    report(app, "copied " + std::to_string(r.width) + "x" + std::to_string(r.height) + where);
}

void clear_selection_cells(AppState& app) {
    const Rect& r = need_selection(app);
    backend_2d(app).write_region(Grid(r.width, r.height), r.x, r.y);
    app.ages.valid = false;
}

namespace {

// What a paste pastes: the system clipboard's pattern, unless it is empty
// or is the text of the last copy (whose grid keeps the selection's margins).
Grid clipboard_cells(AppState& app) {
    const std::string text = app.read_clipboard ? app.read_clipboard() : std::string();
    if (text.find_first_not_of(" \t\r\n") != std::string::npos) {
        WriteOptions wo;
        wo.crop = true;
        const bool own = app.clipboard && app.backend &&
                         text == format_rle(*app.clipboard, app.backend->rule(), wo);
        if (!own) return parse_pattern(text, "the clipboard").cells;
    }
    if (!app.clipboard)
        throw InputError("the clipboard is empty: copy a selection first (or a pattern's text)");
    return *app.clipboard;
}

}  // namespace

void paste(AppState& app, CellXY at) {
    Backend& b = backend_2d(app);
    const Grid src = clipboard_cells(app);
    if (src.width() > b.width() || src.height() > b.height())
        throw InputError("the clipboard (" + std::to_string(src.width()) + "x" +
                         std::to_string(src.height()) + ") is larger than the torus (" +
                         std::to_string(b.width()) + "x" + std::to_string(b.height()) + ")");
    const Rect r{at.x, at.y, src.width(), src.height()};
    Grid out = app.paste_mode == PasteMode::Copy ? src : b.read_region(r);
    if (app.paste_mode != PasteMode::Copy) {
        auto& dst = out.words();
        const auto& add = src.words();
        for (std::size_t i = 0; i < dst.size(); ++i)
            dst[i] = app.paste_mode == PasteMode::Or ? (dst[i] | add[i]) : (dst[i] ^ add[i]);
    }
    b.write_region(out, at.x, at.y);
    app.selection = r;
    app.ages.valid = false;
}

Grid rotated(const Grid& g, bool clockwise) {
    Grid out(g.height(), g.width());
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x)
            if (g.get(x, y)) {
                if (clockwise)
                    out.set(g.height() - 1 - y, x, true);
                else
                    out.set(y, g.width() - 1 - x, true);
            }
    return out;
}

Grid flipped(const Grid& g, bool left_right) {
    Grid out(g.width(), g.height());
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x)
            if (g.get(x, y)) {
                if (left_right)
                    out.set(g.width() - 1 - x, y, true);
                else
                    out.set(x, g.height() - 1 - y, true);
            }
    return out;
}

void rotate_selection(AppState& app, bool clockwise) {
    const Rect r = need_selection(app);
    Backend& b = backend_2d(app);
    if (r.height > b.width() || r.width > b.height())
        throw InputError("the rotated selection would not fit the torus");
    const Grid turned = rotated(b.read_region(r), clockwise);
    b.write_region(Grid(r.width, r.height), r.x, r.y);
    b.write_region(turned, r.x, r.y);
    app.selection = Rect{r.x, r.y, r.height, r.width};
    app.ages.valid = false;
}

void flip_selection(AppState& app, bool left_right) {
    const Rect r = need_selection(app);
    Backend& b = backend_2d(app);
    b.write_region(flipped(b.read_region(r), left_right), r.x, r.y);
    app.ages.valid = false;
}

void random_fill_selection(AppState& app) {
    const Rect r = need_selection(app);
    Backend& b = backend_2d(app);
    Grid g(r.width, r.height);
    if (b.rule().named())
        fill_state_soup(g, app.soup_density, b.rule().states(), app.soup_seed);
    else
        fill_soup(g, app.soup_density, app.soup_seed);
    b.write_region(g, r.x, r.y);
    app.ages.valid = false;
}

}  // namespace toroid::view
