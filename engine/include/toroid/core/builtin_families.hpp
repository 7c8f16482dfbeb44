// The families of Golly's built-in multi-state rules, one factory each;
// find_builtin_state_rule (core/state_rule.hpp) asks them in turn.
//
// Each factory returns nullptr when `name` is not one of its rules, a rule
// otherwise, whose name() is Golly's canonical name (getrule() after
// setrule()). `name` carries no torus suffix.
//
//  * Super family (Golly's Super algorithm, core/super_rules.cpp): a
//    deterministic two-state range-1 rule (anything Rule::parse accepts with
//    a table form: B/S on the Moore, hexagonal and von Neumann
//    neighbourhoods, isotropic letters, MAP) followed by "History" (7
//    states), "Super" (26) or "Investigator" (21), the suffix in any case;
//    "Life", "LifeH" and "LifeV" name B3/S23 on the three neighbourhoods.
//    Canonical names: "LifeHistory" for B3/S23History, otherwise toroid's
//    canonical two-state rule and the suffix ("B36/S23Super"). A rule with
//    B0 runs as Golly runs it: with Smax as its complement dual (never
//    strobing), without Smax refused (InputError, Golly's refusal).
//  * von Neumann family (Golly's JvN algorithm, core/jvn_rules.cpp and
//    core/hutton32_rule.cpp): "JvN29", "Nobili32", "Hutton32" and Golly's
//    older spellings "JvN-29", "JvN-32", "modJvN-32", any case.
#pragma once

#include <memory>
#include <string>

#include "toroid/core/state_rule.hpp"

namespace toroid {

std::shared_ptr<const StateRule> make_super_family_rule(const std::string& name);
std::shared_ptr<const StateRule> make_jvn_family_rule(const std::string& name);

}  // namespace toroid
