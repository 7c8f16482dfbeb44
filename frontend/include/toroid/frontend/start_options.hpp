// The start options shared by `toroid run` and `toroid-view`: what torus to
// start from (--rule --size --soup --pattern, and --seed) and where to run it
// (--backend --threads; the last three are the run options, run_options.hpp),
// and how they resolve into a rule, a size and a grid.
//
// Rule and size as toroid/io/pattern_torus.hpp chooses them (--rule/--size,
// then the file's rule and :T suffix, then room for the pattern), with the
// caller's default size for a soup or an empty start (the viewer has one;
// `run` has none and says so). The grid is built separately, so that a front
// end can ask its backend whether the torus fits before anything is allocated.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/frontend/common.hpp"
#include "toroid/frontend/pattern_lookup.hpp"
#include "toroid/frontend/run_options.hpp"

namespace toroid::frontend {

struct StartOptions {
    std::optional<std::string> rule;
    std::string size;
    std::optional<double> soup;
    std::string pattern;
    RunOptions run;  // --backend --threads --seed --memory
};

// Adds --rule --size --soup --pattern --backend --threads --seed --memory to `cmd`.
void add_start_options(CLI::App& cmd, StartOptions& options);

struct StartState {
    Rule rule;  // without a :T suffix (the size is here)
    Size size;
    std::string note;  // how the size was chosen when the user did not give it (else empty)
    std::optional<NamedPattern> pattern;
};

// Checks and resolves the options (InputError on bad input). With
// `require_input`, a start with neither --soup nor --pattern is an error;
// `generations` is how far the run goes (room for a tube's open side);
// `default_size` is used for a soup or an empty start when nothing gives a size.
StartState resolve_start(const StartOptions& options, bool require_input,
                         std::uint64_t generations = 0,
                         std::optional<Size> default_size = std::nullopt);

// The start grid: the soup, the placed pattern, or an empty torus.
Grid start_grid(const StartState& state, const StartOptions& options);

// The --backend holding the start, refused (check_fits) before anything is
// allocated. A pattern is written into an empty torus (Backend::reset +
// write_region), so start-up costs the pattern, not the torus: Acorn on
// 65536 x 65536 starts as fast as on 4096 x 4096. Soups are loaded whole.
std::unique_ptr<Backend> start_backend(const StartState& state, const StartOptions& options);

}  // namespace toroid::frontend
