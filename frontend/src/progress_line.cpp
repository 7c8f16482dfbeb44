#include "toroid/frontend/progress_line.hpp"

#include <unistd.h>

#include <cstdio>

namespace toroid::frontend {

bool stderr_is_terminal() {
    return ::isatty(STDERR_FILENO) != 0;
}

bool ProgressLine::due(double seconds) const {
    if (!shown_) return true;
    return std::chrono::duration<double>(Clock::now() - last_).count() >= seconds;
}

void ProgressLine::show(const std::string& text) {
    if (!enabled_) return;
    std::fprintf(stderr, "\r\033[K%s", text.c_str());
    std::fflush(stderr);
    shown_ = true;
    last_ = Clock::now();
}

void ProgressLine::clear() {
    if (!shown_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    shown_ = false;
}

void ProgressLine::keep() {
    if (!shown_) return;
    std::fprintf(stderr, "\n");
    shown_ = false;
}

void ProgressLine::print(const std::string& line) {
    clear();
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
}

}  // namespace toroid::frontend
