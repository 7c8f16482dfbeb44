// toroid: cellular automata on huge tori, and impartial games.
#include <cstdio>
#include <exception>
#include <initializer_list>
#include <string_view>

#include "cluster/cluster.hpp"
#include "command.hpp"
#include "toroid/error.hpp"
#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/rule_dir_option.hpp"

namespace {

// Commands by the registration function that adds them.
struct CommandGroup {
    std::initializer_list<std::string_view> names;
    void (*add)(CLI::App&);
};
const CommandGroup kCommandGroups[] = {
    {{"run"}, toroid::cli::add_run_command},
    {{"info"}, toroid::cli::add_info_command},
    {{"bench"}, toroid::cli::add_bench_command},
    {{"demo"}, toroid::cli::add_demo_command},
    {{"nim", "wythoff", "zeckendorf", "game-n", "grundy", "play"}, toroid::cli::add_games_commands},
    {{"eca"}, toroid::cli::add_eca_commands},
    {{"methuselah"}, toroid::cli::add_methuselah_commands},
    {{"sweep"}, toroid::cli::add_sweep_command},
    {{"identify"}, toroid::cli::add_identify_command},
    {{"census"}, toroid::cli::add_census_command},
    {{"selftest"}, toroid::cli::add_selftest_command},
};

// Building every command's options costs about half a millisecond, a good
// part of a short command's run: a known command registers only its group.
// Anything else (help, a typo) registers all, so that help and errors list
// every command. (Test: cli.every_command_help.)
void add_commands(CLI::App& app, int argc, char** argv) {
    if (argc >= 2) {
        const std::string_view first = argv[1];
        for (const CommandGroup& group : kCommandGroups)
            for (const std::string_view name : group.names)
                if (name == first) return group.add(app);
    }
    for (const CommandGroup& group : kCommandGroups) group.add(app);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"toroid: cellular automata on huge tori (CPU and CUDA), and impartial games"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show help for every command");
    add_commands(app, argc, argv);
    // Where named rules are found (core/rule_path.hpp), for every command
    // that reads a rule.
    for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; }))
        if (command->get_name() != "nim" && command->get_name() != "wythoff" &&
            command->get_name() != "zeckendorf" && command->get_name() != "game-n" &&
            command->get_name() != "grundy" && command->get_name() != "play")
            toroid::frontend::add_rule_dir_option(*command);
    // Every number option checked on its text (frontend/number_options.hpp).
    toroid::frontend::check_number_options(app);
    // An error on one rank of an MPI job ends them all (cluster.hpp).
    auto fail = [](int code, const char* kind, const char* what) {
        std::fprintf(stderr, "%s%s%s\n", kind, toroid::cli::cluster_error_prefix().c_str(), what);
        toroid::cli::end_cluster_job(code);
        return code;
    };
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
        return fail(2, "error: ", e.what());
    } catch (const std::bad_alloc&) {
        // Every input-driven size is checked before allocating (memory.hpp);
        // this is the last word should one slip through.
        return fail(1, "toroid: ", "out of memory (std::bad_alloc)");
    } catch (const std::exception& e) {
        return fail(1, "toroid: ", e.what());
    }
    return 0;
}
