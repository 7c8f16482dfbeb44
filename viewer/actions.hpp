// Actions: what the panels, keys and scripts can do to the AppState. Each
// checks its input first; bad input (a rule that does not parse, a file
// that cannot be read, a torus too large) leaves the torus untouched and
// puts the message in app.message (run_action catches InputError for that).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/wide_count.hpp"

namespace toroid::view {

// Runs `action`; an InputError (or other exception) becomes app.message.
// Returns true when the action succeeded.
bool run_action(AppState& app, const std::function<void()>& action);
void report(AppState& app, const std::string& message, bool error = false);

// --- the torus ----------------------------------------------------------------
// A 2-D torus under `rule` (backend by app.backend_name), or a 1-D diagram
// when rule_text is W<n>: its first `height` generations drawn at once
// (generation 0 at the top), from app.eca_init. The view is fitted.
void start_torus(AppState& app, const Rule& rule, Grid grid, std::uint64_t generation = 0);
// The same with a backend that already holds the torus (frontend::start_backend).
void start_torus(AppState& app, std::unique_ptr<Backend> backend);
void start_eca(AppState& app, int wolfram_rule, std::int64_t width, std::int64_t height);
std::int64_t torus_width(const AppState& app);
std::int64_t torus_height(const AppState& app);
std::uint64_t generation(const AppState& app);
WideCount population(const AppState& app);  // exact on tori of more than 2^64 cells (hashlife)
bool is_hexagonal(const AppState& app);
std::string rule_name(const AppState& app);

std::uint64_t step_size(const AppState& app);  // step_base ^ step_exponent
void step_generations(AppState& app, std::uint64_t generations);

// --- panels ---------------------------------------------------------------------
void validate_rule_text(AppState& app);  // sets rule_message from the parser
void apply_rule_text(AppState& app);     // InputError when invalid; grid kept
void new_torus(AppState& app);           // app.new_size, current rule, empty
void random_soup(AppState& app);         // whole torus, app.soup_density / soup_seed
void clear_torus(AppState& app);
void open_pattern(AppState& app, const std::string& path_or_name);  // placed centred
void save_pattern(AppState& app, const std::string& path);          // format by extension
// Files dropped on the window: the first is opened (Golly's way).
void open_dropped(AppState& app, const std::vector<std::string>& paths);

// --- editing ----------------------------------------------------------------------
void set_cell(AppState& app, CellXY c, bool alive);
// The cells of a stroke from row-frame cell a to b, b included, a not: a
// line without gaps (hexagonal rules: consecutive cells are H neighbours).
std::vector<render::PlaneCell> stroke_cells(render::PlaneCell a, render::PlaneCell b,
                                            bool hexagonal);
// The rectangle of row-frame cells spanned by a and b (as dragged: it may be
// longer than half the torus, and wraps; at most the whole torus).
void select_rect(AppState& app, render::PlaneCell a, render::PlaneCell b);
void select_all(AppState& app);
// The selection to the clipboard: the grid, and RLE text (Golly's format:
// the live cells' bounding box, the rule) on the system clipboard.
void copy_selection(AppState& app);
void clear_selection_cells(AppState& app);
// The clipboard's top-left at `at`, app.paste_mode. The system clipboard's
// text is read as a pattern when it holds one (RLE, plaintext, Life 1.06,
// macrocell: what Golly and LifeViewer copy); text that is not a pattern is
// an error naming the parser's complaint; an empty one leaves the last copy.
void paste(AppState& app, CellXY at);
void rotate_selection(AppState& app, bool clockwise);
void flip_selection(AppState& app, bool left_right);
void random_fill_selection(AppState& app);

// Rotations and flips of a grid (pure; used by the selection actions).
Grid rotated(const Grid& g, bool clockwise);
Grid flipped(const Grid& g, bool left_right);

}  // namespace toroid::view
