#include "toroid/frontend/run_options.hpp"

#include "toroid/frontend/number_options.hpp"
#include "toroid/frontend/thread_limit.hpp"

namespace toroid::frontend {

void add_run_options(CLI::App& cmd, RunOptions& o, const RunOptionsSpec& spec) {
    using Backend = RunOptionsSpec::Backend;
    if (spec.backend == Backend::One)
        cmd.add_option("--backend", o.backend, spec.backend_help)->capture_default_str();
    else if (spec.backend == Backend::Several)
        cmd.add_option("--backend", o.backends, spec.backend_help);
    if (spec.threads) {
        // Checked as it is parsed: an InputError thrown here leaves the
        // parser and becomes `error: ...` and exit 2 in the front end's main.
        cmd.add_option_function<int>(
               "--threads", [&o](const int& n) { o.threads = checked_threads(n); },
               "CPU threads: 0 = one per usable core; at most " + std::to_string(kThreadsPerCore) +
                   " per usable core (more are refused)")
            ->transform(number_check<int>())  // checked_threads gives the bound's reason
            ->default_str(std::to_string(o.threads));
    }
    if (spec.seed) add_number_option(cmd, "--seed", o.seed, spec.seed_help)->capture_default_str();
    if (spec.memory)
        add_number_option(cmd, "--memory", o.memory_mib,
                          "MiB the hashlife backend may use for its nodes (default: half the free "
                          "memory)");
}

}  // namespace toroid::frontend
