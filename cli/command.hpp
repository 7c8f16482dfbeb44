// The toroid command line: one registration function per command family.
//
// main.cpp creates the CLI11 application and calls every add_*_commands();
// each file in cli/ adds its subcommands with callbacks that parse options,
// call a library and print. Callbacks report bad input by throwing
// toroid::InputError (exit 2); any other exception exits 1.
#pragma once

#include <CLI/CLI.hpp>

namespace toroid::cli {

void add_engine_commands(CLI::App& app);  // run, info, bench, demo
void add_games_commands(CLI::App& app);   // nim, grundy, wythoff, zeckendorf, game-n, play
void add_eca_commands(CLI::App& app);     // eca

}  // namespace toroid::cli
