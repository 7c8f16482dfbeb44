// One helper thread that runs one posted job at a time: the caller posts
// work it will need later, goes on with its own, and waits for the result
// when it needs it (the sparse solver fills the next batch of rare pairs
// this way, sparse_solver.cpp). Sleeps on a condition variable between jobs:
// a job is a batch of about 10^5 stores, far longer than a wake-up.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
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
    bool busy() const { return posted_; }  // posted and not yet waited for (caller's view)

  private:
    void run();

    std::mutex mutex_;
    std::condition_variable wake_, done_;
    std::function<void()> job_;
    bool has_job_ = false, quit_ = false;
    bool posted_ = false;  // touched by the posting thread only
    std::thread thread_;   // last: starts after the members it uses
};

}  // namespace toroid::games::detail
