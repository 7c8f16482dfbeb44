#include "toroid/frontend/thread_limit.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <fstream>

#include "toroid/error.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid::frontend {
namespace {

// The system's limits on threads, or 0 where there is none we can read.
std::uint64_t process_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NPROC, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 0;
    return std::uint64_t(limit.rlim_cur);
}

std::uint64_t kernel_threads_max() {
    std::ifstream in("/proc/sys/kernel/threads-max");
    std::uint64_t threads_max = 0;
    if (!(in >> threads_max)) return 0;
    return threads_max;
}

}  // namespace

ThreadLimit thread_limit() {
    const unsigned cores = toroid::usable_cores();  // the affinity mask
    ThreadLimit limit;
    limit.max = int(std::min<std::uint64_t>(std::uint64_t(kThreadsPerCore) * cores, 1u << 20));
    limit.reason = std::to_string(kThreadsPerCore) + " per usable core, " + std::to_string(cores) +
                   (cores == 1 ? " core here" : " cores here");
    if (const std::uint64_t nproc = process_limit();
        nproc > 0 && nproc / 2 < std::uint64_t(limit.max)) {
        limit.max = int(nproc / 2);
        limit.reason = "half the process limit ulimit -u " + std::to_string(nproc);
    }
    if (const std::uint64_t kernel = kernel_threads_max();
        kernel > 0 && kernel / 2 < std::uint64_t(limit.max)) {
        limit.max = int(kernel / 2);
        limit.reason = "half the kernel's threads-max " + std::to_string(kernel);
    }
    limit.max = std::max(limit.max, 1);
    return limit;
}

int checked_threads(int threads) {
    if (threads == 0) return 0;
    const ThreadLimit limit = thread_limit();
    const std::string range = "expected 0 (one thread per usable core) or 1 to " +
                              std::to_string(limit.max) + " (" + limit.reason + ")";
    if (threads < 0)
        throw InputError("--threads " + std::to_string(threads) + " is negative: " + range);
    if (threads > limit.max)
        throw InputError("--threads " + std::to_string(threads) +
                         " is more than can help: " + range);
    return threads;
}

}  // namespace toroid::frontend
