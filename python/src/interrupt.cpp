#include "interrupt.hpp"

#include <nanobind/nanobind.h>

namespace nb = nanobind;

namespace toroid::python {

namespace {
constexpr std::chrono::milliseconds kCheckEvery{20};
}

SignalWatch::SignalWatch()
    : owner_(std::this_thread::get_id()),
      next_check_(std::chrono::steady_clock::now() + kCheckEvery) {}

bool SignalWatch::stopped() {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if (std::this_thread::get_id() != owner_) return false;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_check_) return false;
    next_check_ = now + kCheckEvery;
    nb::gil_scoped_acquire gil;
    // The exception a handler raises stays set on this thread until finish().
    if (PyErr_CheckSignals() != 0) stopped_ = true;
    return stopped_;
}

void SignalWatch::finish() const {
    if (stopped_ && PyErr_Occurred()) throw nb::python_error();
}

}  // namespace toroid::python
