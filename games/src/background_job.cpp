#include "background_job.hpp"

#include <utility>

namespace toroid::games::detail {

BackgroundJob::BackgroundJob() : thread_([this] { run(); }) {}

BackgroundJob::~BackgroundJob() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void BackgroundJob::post(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        job_ = std::move(job);
        has_job_ = true;
    }
    posted_ = true;
    wake_.notify_one();
}

void BackgroundJob::wait() {
    if (!posted_) return;
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return !has_job_; });
    posted_ = false;
}

void BackgroundJob::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return has_job_ || quit_; });
        if (has_job_) {
            auto job = std::move(job_);
            lock.unlock();
            job();
            lock.lock();
            has_job_ = false;
            done_.notify_one();
            continue;  // a quit posted meanwhile is seen at the next wait
        }
        return;  // quit with nothing left to do
    }
}

}  // namespace toroid::games::detail
