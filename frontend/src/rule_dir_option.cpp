#include "toroid/frontend/rule_dir_option.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include "toroid/core/rule_path.hpp"
#include "toroid/error.hpp"

namespace toroid::frontend {

void add_rule_dir_option(CLI::App& command) {
    command
        .add_option_function<std::vector<std::string>>(
            "--rule-dir",
            [](const std::vector<std::string>& folders) {
                for (const std::string& f : folders) {
                    std::error_code ec;
                    if (!std::filesystem::is_directory(f, ec))
                        throw InputError("--rule-dir '" + f + "' is not a folder");
                    add_rule_folder(f);
                }
            },
            "Folder of rule files (<name>.rule: Golly's rule tables and trees), searched after "
            "the pattern's folder; repeatable")
        ->allow_extra_args(false)
        ->type_name("DIR");
}

}  // namespace toroid::frontend
