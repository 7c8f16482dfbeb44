// The run options: where a command runs its work and with what randomness,
// declared once for every front end that has them.
//
//   --backend NAME  a backend of the registry the command uses (2-D, batch
//                   or 1-D; core/backend.hpp): auto = the most preferred
//                   usable one, cpu, cuda, ...
//   --threads N     CPU threads, 0 = one per usable core; checked while the
//                   command line is parsed (thread_limit.hpp: negative
//                   values and values above the bound are `error: ...`,
//                   exit 2), so no command can forget the check
//   --seed S        the seed of soups and of stochastic rules' draws
//   --memory MiB    what a backend may use for its caches (hashlife's node
//                   store; BackendOptions::memory_bytes), 0 = its default
//
// Users: `toroid run` and `toroid-view` (through start_options.hpp),
// `sweep`, `methuselah`, `selftest`, `bench`, `eca`, and `identify`
// (--seed only). A command takes the subset it has and says what its
// --backend and --seed mean where that is more than the default text
// (RunOptionsSpec); the games commands have none (the games library picks
// its threads from the usable cores itself).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace toroid::frontend {

struct RunOptions {
    std::string backend = "auto";
    // With RunOptionsSpec::Backend::Several (commands that compare backends:
    // bench, selftest): every --backend given, in order; empty = the
    // command's default set.
    std::vector<std::string> backends;
    int threads = 0;  // already checked (checked_threads) when set from the command line
    std::uint64_t seed = 1;
    std::uint64_t memory_mib = 0;  // --memory
};

struct RunOptionsSpec {
    enum class Backend { None, One, Several };
    Backend backend = Backend::One;
    bool threads = true;
    bool seed = true;
    bool memory = false;  // --memory (commands that can run hashlife)
    std::string backend_help = "cpu, cuda or auto";
    std::string seed_help = "Seed of the soup and of stochastic rules";
};

// Adds the options `spec` names to `cmd`, bound to `options` (which must
// outlive the parse).
void add_run_options(CLI::App& cmd, RunOptions& options, const RunOptionsSpec& spec = {});

}  // namespace toroid::frontend
