// Where named rules are found (Rule::parse of a name, core/rule.hpp).
//
// A name is first one of Golly's built-in multi-state families
// (core/state_rule.hpp: LifeHistory, JvN29, ...); otherwise the file
// `<name>.rule` ('/' and '\' in the name written '_', as Golly does) is
// looked for in these folders, in this order:
//   1. the folder of the pattern file being read (set_pattern_rule_folder);
//   2. each --rule-dir, in the order given (add_rule_folder);
//   3. each folder of TOROID_RULE_PATH (colon-separated);
//   4. the user's folder: $XDG_DATA_HOME/toroid/rules, or
//      ~/.local/share/toroid/rules;
//   5. the rules shipped with toroid (the source tree's rules/ folder).
// The first file found is the rule; a file that fails to parse is an error
// (with its file and line), not a reason to look further. Files are read
// once per process and kept (a file changed on disk is read again).
//
// The folders are process-wide: a front end sets them when it starts and
// when it opens a pattern, before the rule is parsed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "toroid/core/state_rule.hpp"

namespace toroid {

struct RuleFolder {
    std::string path;
    std::string why;  // "the pattern's folder", "--rule-dir", ...
};

void set_pattern_rule_folder(const std::string& folder);  // "" for none
void add_rule_folder(const std::string& folder);
void clear_rule_folders();  // the pattern's and the added ones (tests)
// Every folder searched, in order (those that do not exist included).
std::vector<RuleFolder> rule_folders();

// The file name a rule name is looked for under.
std::string rule_file_name(const std::string& name);

struct NamedRule {
    std::shared_ptr<const StateRule> rule;  // nullptr: not found
    std::vector<std::string> notes;         // what the file's reader ignored
    std::vector<std::string> searched;      // the folders looked in, when not found
};

// `name` carries no torus suffix. InputError when the file found is bad.
NamedRule find_named_rule(const std::string& name);

}  // namespace toroid
