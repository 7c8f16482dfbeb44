// The rule search path and the named-rule lookup (core/rule_path.hpp).
#include "toroid/core/rule_path.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include "toroid/core/rule_file.hpp"
#include "toroid/error.hpp"

#ifndef TOROID_SOURCE_RULES
#define TOROID_SOURCE_RULES "rules"
#endif

namespace toroid {
namespace fs = std::filesystem;
namespace {

struct CachedFile {
    fs::file_time_type time;
    std::uintmax_t size = 0;
    RuleFile file;
};

struct State {
    std::mutex mutex;
    std::string pattern_folder;
    std::vector<std::string> added;
    std::map<std::string, CachedFile> cache;  // by path
};

State& state() {
    static State s;
    return s;
}

std::string user_rule_folder() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return (fs::path(xdg) / "toroid" / "rules").string();
    if (const char* home = std::getenv("HOME"); home && *home)
        return (fs::path(home) / ".local" / "share" / "toroid" / "rules").string();
    return {};
}

}  // namespace

void set_pattern_rule_folder(const std::string& folder) {
    std::lock_guard lock(state().mutex);
    state().pattern_folder = folder;
}

void add_rule_folder(const std::string& folder) {
    std::lock_guard lock(state().mutex);
    auto& added = state().added;
    if (std::find(added.begin(), added.end(), folder) == added.end()) added.push_back(folder);
}

void clear_rule_folders() {
    std::lock_guard lock(state().mutex);
    state().pattern_folder.clear();
    state().added.clear();
}

std::vector<RuleFolder> rule_folders() {
    std::vector<RuleFolder> out;
    {
        std::lock_guard lock(state().mutex);
        if (!state().pattern_folder.empty())
            out.push_back({state().pattern_folder, "the pattern's folder"});
        for (const auto& f : state().added) out.push_back({f, "--rule-dir"});
    }
    if (const char* env = std::getenv("TOROID_RULE_PATH"); env && *env) {
        std::string_view rest = env;
        while (true) {
            const std::size_t colon = rest.find(':');
            const std::string_view part = rest.substr(0, colon);
            if (!part.empty()) out.push_back({std::string(part), "TOROID_RULE_PATH"});
            if (colon == std::string_view::npos) break;
            rest.remove_prefix(colon + 1);
        }
    }
    if (const std::string user = user_rule_folder(); !user.empty())
        out.push_back({user, "the user's rules"});
    out.push_back({TOROID_SOURCE_RULES, "the rules shipped with toroid"});
    return out;
}

std::string rule_file_name(const std::string& name) {
    std::string file = name;
    for (char& c : file)
        if (c == '/' || c == '\\') c = '_';
    return file + ".rule";
}

NamedRule find_named_rule(const std::string& name) {
    NamedRule found;
    if (auto builtin = find_builtin_state_rule(name)) {
        found.rule = std::move(builtin);
        return found;
    }
    const std::string file_name = rule_file_name(name);
    for (const RuleFolder& folder : rule_folders()) {
        const fs::path path = fs::path(folder.path) / file_name;
        std::error_code ec;
        if (!fs::is_regular_file(path, ec)) {
            found.searched.push_back(folder.path + " (" + folder.why + ")");
            continue;
        }
        const auto time = fs::last_write_time(path, ec);
        const auto size = fs::file_size(path, ec);
        const std::string key = path.string();
        {
            std::lock_guard lock(state().mutex);
            auto it = state().cache.find(key);
            if (it != state().cache.end() && it->second.time == time && it->second.size == size) {
                found.rule = it->second.file.rule;
                found.notes = it->second.file.notes;
                return found;
            }
        }
        RuleFile file = read_rule_file(key);
        if (file.name != name) {
            // Named as asked, so that the canonical text finds this file again.
            file.notes.push_back("its @RULE line names it '" + file.name + "'");
            const TreeRule& r = *file.rule;
            file.rule = std::make_shared<TreeRule>(name, r.neighbourhood(), r.tree(), r.colours(),
                                                   r.origin());
        }
        found.rule = file.rule;
        found.notes = file.notes;
        std::lock_guard lock(state().mutex);
        state().cache[key] = CachedFile{time, size, std::move(file)};
        return found;
    }
    return found;
}

}  // namespace toroid
