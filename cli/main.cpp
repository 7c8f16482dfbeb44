// toroid: cellular automata on huge tori, and impartial games.
#include <cstdio>
#include <exception>

#include "command.hpp"
#include "toroid/error.hpp"

int main(int argc, char** argv) {
    CLI::App app{"toroid: cellular automata on huge tori (CPU and CUDA), and impartial games"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show help for every command");
    toroid::cli::add_run_command(app);
    toroid::cli::add_info_command(app);
    toroid::cli::add_bench_command(app);
    toroid::cli::add_demo_command(app);
    toroid::cli::add_games_commands(app);
    toroid::cli::add_eca_commands(app);
    toroid::cli::add_methuselah_commands(app);
    toroid::cli::add_sweep_command(app);
    toroid::cli::add_identify_command(app);
    toroid::cli::add_selftest_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        std::fprintf(stderr, "run 'toroid --help' for the commands and their options\n");
        return 2;
    } catch (const toroid::InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "toroid: %s\n", e.what());
        return 1;
    }
    return 0;
}
