// The number of cores this process may run on: the CPU affinity mask where
// the system has one (Linux), else std::thread::hardware_concurrency().
//
// Why not hardware_concurrency() alone: it counts every core of the machine,
// so a run pinned to one core (`taskset -c 1`, a container's cpuset) would
// still start a helper thread, and the two threads then time-share that core
// and spin waiting for each other (0.206 to 2e6 on one core: 18% of the run
// in BackgroundJob::wait / run).
#pragma once

namespace toroid::games::detail {

unsigned usable_cores();  // >= 1

}  // namespace toroid::games::detail
