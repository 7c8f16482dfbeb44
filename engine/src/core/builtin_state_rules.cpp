// The built-in multi-state families (core/state_rule.hpp): Golly's rules
// that need no file. Each family registers its names here.
#include <string>
#include <vector>

#include "toroid/core/state_rule.hpp"

namespace toroid {

std::shared_ptr<const StateRule> find_builtin_state_rule(const std::string& name) {
    (void)name;
    return nullptr;
}

std::vector<std::string> builtin_state_rule_names() {
    return {};
}

}  // namespace toroid
