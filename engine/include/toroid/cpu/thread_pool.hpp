// A small persistent thread pool for data-parallel loops.
//
// Backends step thousands of generations per second on small active areas,
// so a parallel loop must cost microseconds: workers are created once and
// wait on a condition variable between jobs; the calling thread works too.
// Tasks are handed out through an atomic counter, so the split is dynamic,
// but every task writes only its own output: results never depend on the
// number of threads.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace toroid {

class ThreadPool {
  public:
    // threads <= 0 means "all hardware threads".
    explicit ThreadPool(int threads = 0);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return static_cast<int>(workers_.size()) + 1; }

    // Calls fn(i) for every i in [0, tasks), spread over the pool; returns
    // when all calls have returned. The first exception thrown is rethrown.
    void run(std::size_t tasks, const std::function<void(std::size_t)>& fn);

    static int hardware_threads();

  private:
    void worker_loop();
    void drain();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(std::size_t)>* job_ = nullptr;
    std::size_t tasks_ = 0;
    std::atomic<std::size_t> next_{0};
    std::size_t epoch_ = 0;
    int busy_ = 0;
    bool stopping_ = false;
    std::exception_ptr error_;
};

}  // namespace toroid
