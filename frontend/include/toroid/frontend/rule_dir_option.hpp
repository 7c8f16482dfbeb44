// --rule-dir DIR (repeatable): a folder where named rules (`<name>.rule`) are
// looked for, after the pattern's own folder and before TOROID_RULE_PATH,
// the user's folder and the rules shipped with toroid (core/rule_path.hpp).
#pragma once

#include <CLI/CLI.hpp>

namespace toroid::frontend {

// Adds the option to `command`; each folder given is added to the search
// path as soon as the option is read, so before any rule is parsed.
void add_rule_dir_option(CLI::App& command);

}  // namespace toroid::frontend
