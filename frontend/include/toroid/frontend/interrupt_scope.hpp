// Ctrl-C as a request to stop cleanly, for the span of one piece of work.
//
// While an InterruptScope lives, SIGINT does not kill the program: it sets a
// flag that the work polls through requested() (a methuselah run's progress
// callback, a soup search between soups, an octal game's stop_requested),
// so the work can stop at a safe point, write its checkpoint and report
// what it has. Outside any scope Ctrl-C behaves as usual again: the
// destructor restores the handler found at construction (also when an
// exception leaves the scope). Scopes do not nest: one at a time.
//
// The flag is a volatile sig_atomic_t written only by the handler and by
// the constructor (which clears it), as the C and POSIX rules for signal
// handlers allow.
#pragma once

namespace toroid::frontend {

class InterruptScope {
  public:
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

    // Whether Ctrl-C was pressed since the current scope began (false when
    // no scope is active).
    static bool requested();

  private:
    void (*previous_)(int) = nullptr;
};

}  // namespace toroid::frontend
