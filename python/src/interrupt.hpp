// Long calls: the GIL released while the engine works, Ctrl-C honoured.
//
// A long call (Torus.step, methuselah, sweep, selftest, eca, octal Grundy
// values) runs the engine with the GIL released, so other Python threads run
// meanwhile. Ctrl-C: Python's C-level SIGINT handler only marks the signal;
// Python code, and so KeyboardInterrupt, runs when the main thread calls
// PyErr_CheckSignals() holding the GIL. SignalWatch does that from the
// engine's own stop hooks (MethuselahOptions::progress,
// SweepOptions::stop_requested, OctalRunOptions::stop_requested, and between
// the chunks a Torus steps in): at most every 20 ms, on the thread that made
// the call, it takes the GIL back for a moment and asks. Once Python's
// handler raised, `stopped()` stays true on every thread, the engine stops at
// its next consistent point (a whole generation, a whole rule), and finish()
// re-raises the KeyboardInterrupt (or whatever a custom handler raised) once
// the GIL is held again. Calls from other threads never see signals (Python
// delivers them to the main thread only) and are never interrupted.
#pragma once

#include <atomic>
#include <chrono>
#include <thread>

namespace toroid::python {

class SignalWatch {
  public:
    SignalWatch();  // with the GIL held, on the calling thread

    // Any thread, GIL released: true once a signal handler raised.
    bool stopped();
    // With the GIL held again: throws nanobind::python_error when stopped.
    void finish() const;

  private:
    std::thread::id owner_;
    std::atomic<bool> stopped_{false};
    std::chrono::steady_clock::time_point next_check_;
};

}  // namespace toroid::python
