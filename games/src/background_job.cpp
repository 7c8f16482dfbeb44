#include "background_job.hpp"

#include <utility>

namespace toroid::games::detail {

namespace {

// Polls before sleeping: the next job or the result is usually a few
// microseconds away, and a sleep costs a system call on both sides.
template <typename Ready>
void spin_then_wait(const std::atomic<std::uint64_t>& counter, std::uint64_t old, Ready ready) {
    for (int i = 0; i < 1024; ++i) {
        if (ready()) return;
#if defined(__x86_64__)
        __builtin_ia32_pause();
#endif
    }
    while (!ready()) counter.wait(old, std::memory_order_acquire);
}

}  // namespace

BackgroundJob::BackgroundJob() : thread_([this] { run(); }) {}

BackgroundJob::~BackgroundJob() {
    wait();
    quit_.store(true, std::memory_order_release);
    posted_.fetch_add(1, std::memory_order_release);  // wakes the helper to see quit_
    posted_.notify_one();
    thread_.join();
}

void BackgroundJob::post(std::function<void()> job) {
    job_ = std::move(job);
    posted_.fetch_add(1, std::memory_order_release);
    posted_.notify_one();
}

void BackgroundJob::wait() {
    const std::uint64_t want = posted_.load(std::memory_order_relaxed);
    std::uint64_t seen = done_.load(std::memory_order_acquire);
    if (seen == want) return;
    spin_then_wait(done_, seen, [&] {
        seen = done_.load(std::memory_order_acquire);
        return seen == want;
    });
}

void BackgroundJob::run() {
    std::uint64_t taken = 0;
    for (;;) {
        std::uint64_t now = posted_.load(std::memory_order_acquire);
        spin_then_wait(posted_, taken, [&] {
            now = posted_.load(std::memory_order_acquire);
            return now != taken;
        });
        taken = now;
        if (quit_.load(std::memory_order_acquire)) return;
        job_();
        done_.store(taken, std::memory_order_release);
        done_.notify_one();
    }
}

}  // namespace toroid::games::detail
