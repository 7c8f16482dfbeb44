// How many CPU threads `--threads N` may ask for, in every front end.
//
// --threads N asks the CPU backends for N threads, 0 for one per usable
// core. More threads than cores only time-share the cores (and workers that
// wait for each other spin), and thousands of threads exhaust the system's
// thread limit for every process of the user: `toroid run --threads 100000`
// used to start 100000 threads and leave the machine unable to start a
// process for minutes. So the value is bounded, and a value above the bound
// is refused (InputError: `error: ...`, exit 2) before anything starts,
// rather than capped: a capped run would quietly not be the run that was
// asked for, and a script would not learn that its number is wrong.
//
// The bound is the smallest of
//   * kThreadsPerCore threads per usable core (the cores of the affinity
//     mask: under `taskset -c 0` one core, whatever the machine has),
//   * half the process limit RLIMIT_NPROC (`ulimit -u`; threads count
//     against it) when there is one,
//   * half the kernel's limit on threads (/proc/sys/kernel/threads-max),
// so that a run leaves room for the user's other processes.
#pragma once

#include <string>

namespace toroid::frontend {

constexpr int kThreadsPerCore = 4;

struct ThreadLimit {
    int max = 1;         // the largest accepted --threads (>= 1)
    std::string reason;  // what sets it, for messages: "4 per usable core, 2 cores here"
};

// The bound on this machine, for this process, now.
ThreadLimit thread_limit();

// `threads` when it is 0 or 1..thread_limit().max; otherwise an InputError
// that names --threads, quotes the value and gives the accepted range, e.g.
//   --threads -1 is negative: expected 0 (one thread per usable core) or 1 to 8
//   --threads 100000 is more than can help: expected 0 (...) or 1 to 8 (4 per usable core, ...)
int checked_threads(int threads);

}  // namespace toroid::frontend
