#include "command.hpp"

namespace toroid::cli {
void add_engine_commands(CLI::App&) {}
}  // namespace toroid::cli
