// The start options shared by `toroid run` and `toroid-view`: what torus to
// start from (--rule --size --soup --seed --pattern) and where to run it
// (--backend --threads), and how they resolve into a rule, a size and a grid.
//
// Rule: --rule, else the pattern's, else Life. Size: --size, else the rule's
// :T suffix (from either), else a whole-torus pattern's size, else the
// caller's default (the viewer has one; `run` has none and says so).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "common.hpp"
#include "pattern_lookup.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::cli {

struct StartOptions {
    std::optional<std::string> rule;
    std::string size;
    std::optional<double> soup;
    std::uint64_t seed = 1;
    std::string pattern;
    std::string backend = "auto";
    int threads = 0;
};

// Adds --rule --size --soup --seed --pattern --backend --threads to `cmd`.
void add_start_options(CLI::App& cmd, StartOptions& options);

struct StartState {
    Rule rule;  // without a :T suffix (the size is here)
    Size size;
    Grid grid;  // the soup or the placed pattern (empty when neither was given)
    std::optional<NamedPattern> pattern;
};

// Checks and resolves the options (InputError on bad input). With
// `require_input`, a start with neither --soup nor --pattern is an error;
// `default_size` is used when nothing else gives a size.
StartState resolve_start(const StartOptions& options, bool require_input,
                         std::optional<Size> default_size = std::nullopt);

}  // namespace toroid::cli
