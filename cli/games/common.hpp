// What the games commands (cli/games/*.cpp) share: JSON output and the
// registration of their subcommands. Only talk here: what a game spec
// means, legality, values and strategy come from the games library
// (games/, e.g. toroid/games/game_spec.hpp for specs such as "octal 0.07 12").
// Bad input throws toroid::InputError (exit 2).
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "toroid/frontend/json_output.hpp"
#include "toroid/games/outcome.hpp"

namespace toroid::cli {

// Prints JSON (indent 2) to stdout: frontend/json_output.hpp, which never
// fails on text that is not UTF-8 (a move typed in Latin-1).
using frontend::print_json;

// A Grundy value in JSON, the same for every game: a number when it is
// finite, the loopy text ("inf(0,2)") otherwise.
template <class Json = nlohmann::json>
Json value_json(const games::LoopyValue& v) {
    return v.finite ? Json(v.value) : Json(v.to_string());
}

// Adds the subcommands defined in grundy.cpp / play.cpp / lectures.cpp.
void add_grundy_command(CLI::App& app);
void add_lecture_analysis_commands(CLI::App* grundy);
void add_play_command(CLI::App& app);

}  // namespace toroid::cli
