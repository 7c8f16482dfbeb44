// The progress line: one line on stderr, rewritten in place while long work
// runs (methuselah, sweep, selftest, octal games), for people only.
//
// It is shown only when stderr is a terminal (results and errors are never
// mixed into a pipe or a log); each show() erases the line ("\r" + erase to
// the end of line) and writes the new text without a newline. A line still
// shown when the work ends is erased (clear(), also on destruction, e.g.
// when an error is thrown through the caller), or kept as the last word
// (keep(): a newline after it). print() writes a permanent line (to stderr
// whether it is a terminal or not, e.g. `grundy octal --progress`), first
// erasing a progress line that is shown.
#pragma once

#include <chrono>
#include <string>

namespace toroid::frontend {

bool stderr_is_terminal();

class ProgressLine {
  public:
    explicit ProgressLine(bool enabled = stderr_is_terminal()) : enabled_(enabled) {}
    ~ProgressLine() { clear(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    bool enabled() const { return enabled_; }
    // True when `seconds` have passed since the last show() (and before the
    // first): callbacks that come often update the line a few times a second.
    bool due(double seconds) const;
    void show(const std::string& text);
    void clear();
    void keep();
    void print(const std::string& line);

  private:
    using Clock = std::chrono::steady_clock;
    bool enabled_ = false;
    bool shown_ = false;
    Clock::time_point last_{};
};

}  // namespace toroid::frontend
