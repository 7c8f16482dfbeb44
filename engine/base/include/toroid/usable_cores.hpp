// The number of cores this process may run on: the CPU affinity mask where
// the system has one (Linux), else std::thread::hardware_concurrency().
//
// Why not hardware_concurrency() alone: it counts every core of the machine,
// so a run pinned to one core (`taskset -c 1`, a container's cpuset) would
// still start helper threads that time-share that core and spin waiting for
// each other (the octal solver on one core spent 18% of its run so). Every
// default thread count of toroid (thread pools, sweeps, games) starts here.
#pragma once

namespace toroid {

unsigned usable_cores();  // >= 1

}  // namespace toroid
