#include "toroid/frontend/interrupt_scope.hpp"

#include <csignal>

namespace toroid::frontend {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;
volatile std::sig_atomic_t g_active = 0;

extern "C" void toroid_frontend_on_interrupt(int) {
    g_interrupted = 1;
}

}  // namespace

InterruptScope::InterruptScope() {
    g_interrupted = 0;
    g_active = 1;
    previous_ = std::signal(SIGINT, toroid_frontend_on_interrupt);
    if (previous_ == SIG_ERR) previous_ = SIG_DFL;
}

InterruptScope::~InterruptScope() {
    std::signal(SIGINT, previous_);
    g_active = 0;
}

bool InterruptScope::requested() {
    return g_active != 0 && g_interrupted != 0;
}

}  // namespace toroid::frontend
