#include "command.hpp"

namespace toroid::cli {
void add_games_commands(CLI::App&) {}
}  // namespace toroid::cli
