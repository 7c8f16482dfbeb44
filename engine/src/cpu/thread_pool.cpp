#include "toroid/cpu/thread_pool.hpp"

#include "toroid/usable_cores.hpp"

namespace toroid {

int ThreadPool::hardware_threads() {
    return static_cast<int>(usable_cores());
}

ThreadPool::ThreadPool(int threads) {
    int n = threads <= 0 ? hardware_threads() : threads;
    for (int i = 1; i < n; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
}

void ThreadPool::drain() {
    for (;;) {
        std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
        if (i >= tasks_) return;
        try {
            (*job_)(i);
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!error_) error_ = std::current_exception();
            next_.store(tasks_, std::memory_order_relaxed);  // stop handing out work
        }
    }
}

void ThreadPool::worker_loop() {
    std::size_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || epoch_ != seen; });
            if (stopping_) return;
            seen = epoch_;
            ++busy_;
        }
        drain();
        {
            std::lock_guard lock(mutex_);
            --busy_;
        }
        done_.notify_one();
    }
}

void ThreadPool::run(std::size_t tasks, const std::function<void(std::size_t)>& fn) {
    if (tasks == 0) return;
    if (workers_.empty() || tasks == 1) {
        for (std::size_t i = 0; i < tasks; ++i) fn(i);
        return;
    }
    {
        std::lock_guard lock(mutex_);
        job_ = &fn;
        tasks_ = tasks;
        next_.store(0, std::memory_order_relaxed);
        error_ = nullptr;
        ++epoch_;
    }
    wake_.notify_all();
    drain();
    std::exception_ptr error;
    {
        std::unique_lock lock(mutex_);
        // Workers that wake late find no work left and leave at once; wait
        // until every worker that took part has finished its last task.
        done_.wait(lock, [&] { return busy_ == 0; });
        job_ = nullptr;
        error = error_;
    }
    if (error) std::rethrow_exception(error);
}

}  // namespace toroid
