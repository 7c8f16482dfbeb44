// The built-in multi-state families (core/state_rule.hpp): Golly's rules
// that need no file. Each family's factory (core/builtin_families.hpp)
// recognises its own names.
#include <string>
#include <vector>

#include "toroid/core/builtin_families.hpp"
#include "toroid/core/state_rule.hpp"

namespace toroid {

std::shared_ptr<const StateRule> find_builtin_state_rule(const std::string& name) {
    if (auto rule = make_jvn_family_rule(name)) return rule;
    return make_super_family_rule(name);
}

std::vector<std::string> builtin_state_rule_names() {
    // The families' own names; any two-state rule also takes the History,
    // Super and Investigator suffixes (B36/S23Super, B3-kq4j/S2-i34qHistory).
    return {"LifeHistory", "LifeSuper", "LifeInvestigator", "JvN29", "Nobili32", "Hutton32"};
}

}  // namespace toroid
