// The toroid command line: one registration function per command.
//
// main.cpp creates the CLI11 application and calls every add_*_command();
// each file in cli/ adds its subcommand with a callback that parses options,
// calls a library and prints. Callbacks report bad input by throwing
// toroid::InputError (exit 2); any other exception exits 1.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace toroid::cli {

void add_run_command(CLI::App& app);
void add_info_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_games_commands(CLI::App& app);       // nim, grundy, wythoff, zeckendorf, game-n, play
void add_eca_commands(CLI::App& app);         // eca
void add_methuselah_commands(CLI::App& app);  // methuselah
void add_sweep_command(CLI::App& app);        // sweep, sweep merge
void add_identify_command(CLI::App& app);     // identify
void add_census_command(CLI::App& app);       // census
void add_selftest_command(CLI::App& app);     // selftest
// The lifespan table of the named patterns (e.g. {"r-pentomino", "acorn", "rabbits"}) on stdout;
// for `demo`.
int print_methuselah_table(const std::vector<std::string>& names);

}  // namespace toroid::cli
