// Helpers shared by the games commands (cli/games/*.cpp): command-line
// arguments turned into library positions. Bad input throws
// toroid::InputError (exit 2). No game rules here: those are in games/.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "toroid/games/heap_sum.hpp"
#include "toroid/games/solver.hpp"

namespace toroid::cli {

// Work limit passed to octal_grundy by the commands that only need a few
// values (sums, play): about five minutes.
constexpr std::uint64_t kMaxOctalWork = 300'000'000'000ull;

// Heaps given on the command line; each checked with parse_u64 ("heap 2").
std::vector<std::uint64_t> parse_heaps(const std::vector<std::string>& args,
                                       bool allow_empty = false);

// Heap games for play and the analysis commands:
//   nim HEAPS | subtraction SET HEAPS | octal CODE HEAPS | grundy HEAPS |
//   take K HEAPS | compound HEAPS (heap 1 take 1-3, heap 2 take odd, rest Nim) |
//   sum "SPEC" "SPEC" ... (heap components of sum.hpp)
games::HeapSum heap_position(const std::string& kind, const std::vector<std::string>& args,
                             bool misere = false);

// Games solved by the generic solver: game-n N | chocolate M N | coins CELLS.
// Refused up front (InputError with the size) above 2*10^6 positions.
std::pair<std::unique_ptr<games::ImpartialGame>, games::Position> solver_position(
    const std::string& kind, const std::vector<std::string>& args);

// Prints JSON (indent 2) to stdout.
void print_json(const nlohmann::json& j);

// Adds the subcommands defined in grundy.cpp / play.cpp /
// lectures.cpp.
void add_grundy_command(CLI::App& app);
void add_lecture_analysis_commands(CLI::App* grundy);
void add_play_command(CLI::App& app);

}  // namespace toroid::cli
