// One helper thread that runs one posted job at a time: the caller posts
// work it will need later, goes on with its own, and waits for the result
// when it needs it (the sparse solver fills the next batch of rare pairs
// this way, sparse_solver.cpp; the dense path splits a pass over g).
//
// Jobs come every few tens of microseconds, so the hand-over is two atomic
// counters with C++20 wait/notify (which spin briefly before sleeping in the
// kernel): a mutex and condition variable cost a system call on each side
// per job, 10% of the run time of 0.206 in system time.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>

namespace toroid::games::detail {

class BackgroundJob {
  public:
    BackgroundJob();
    ~BackgroundJob();  // waits for the job in progress
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;

    // Starts job on the helper thread; a previous job must have been waited for.
    void post(std::function<void()> job);
    // Returns when the posted job (if any) is done.
    void wait();

  private:
    void run();

    std::function<void()> job_;  // written by post() only while the helper is idle
    std::atomic<std::uint64_t> posted_{0}, done_{0};
    std::atomic<bool> quit_{false};
    std::thread thread_;  // last: starts after the members it uses
};

}  // namespace toroid::games::detail
