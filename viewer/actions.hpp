// Actions: what the panels, keys and scripts can do to the AppState. Each
// checks its input first; bad input (a rule that does not parse, a file
// that cannot be read, a torus too large) leaves the torus untouched and
// puts the message in app.message (run_action catches InputError for that).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

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
// when rule_text is W<n>. The view is fitted.
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

// --- editing ----------------------------------------------------------------------
void set_cell(AppState& app, CellXY c, bool alive);
void select_rect(AppState& app, CellXY a, CellXY b);  // the rectangle spanned (shortest way)
void select_all(AppState& app);
void copy_selection(AppState& app);
void clear_selection_cells(AppState& app);
void paste(AppState& app, CellXY at);  // clipboard's top-left at `at`, app.paste_mode
void rotate_selection(AppState& app, bool clockwise);
void flip_selection(AppState& app, bool left_right);
void random_fill_selection(AppState& app);

// Rotations and flips of a grid (pure; used by the selection actions).
Grid rotated(const Grid& g, bool clockwise);
Grid flipped(const Grid& g, bool left_right);

}  // namespace toroid::view
