// Helpers shared by the games commands (cli/games_*.cpp): argument parsing
// into library types, and "game specs" such as "nim 7", "subtraction 1-3 9",
// "octal 0.07 12", "wythoff 4 7" or "graph FILE VERTEX" turned into sum
// components. Bad input throws toroid::InputError (exit 2).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "toroid/games/octal.hpp"
#include "toroid/games/sum.hpp"

namespace toroid::cli {

// Work limit passed to octal_grundy by every command (about five minutes);
// beyond it the command refuses and asks for a smaller bound.
constexpr std::uint64_t kMaxOctalWork = 300'000'000'000ull;

// Heaps given on the command line; each checked with parse_u64 ("heap 2").
std::vector<std::uint64_t> parse_heaps(const std::vector<std::string>& args,
                                       bool allow_empty = false);

// Friendly name of well-known octal codes ("Kayles"), or "".
std::string octal_name(const std::string& code);

// A component of a sum from its spec text (see the header comment).
games::SumComponent parse_component(const std::string& spec);

// Prints JSON (indent 2) or text to stdout.
void print_json(const nlohmann::json& j);

// Adds the subcommands defined in games_grundy.cpp / games_play.cpp.
void add_grundy_command(CLI::App& app);
void add_play_command(CLI::App& app);

}  // namespace toroid::cli
