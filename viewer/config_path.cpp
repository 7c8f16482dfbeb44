#include "config_path.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace toroid::view {

std::optional<std::string> imgui_ini_path(const char* xdg_config_home, const char* home) {
    namespace fs = std::filesystem;
    fs::path folder;
    if (xdg_config_home && *xdg_config_home && fs::path(xdg_config_home).is_absolute())
        folder = fs::path(xdg_config_home);
    else if (home && *home)
        folder = fs::path(home) / ".config";
    else
        return std::nullopt;
    return (folder / "toroid" / "imgui.ini").string();
}

std::optional<std::string> prepare_imgui_ini() {
    namespace fs = std::filesystem;
    const std::optional<std::string> path =
        imgui_ini_path(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
    if (!path) return std::nullopt;
    const fs::path folder = fs::path(*path).parent_path();
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        fs::create_directories(folder, ec);
        if (ec) return std::nullopt;
        fs::permissions(folder, fs::perms::owner_all, fs::perm_options::replace, ec);
    }
    return path;
}

}  // namespace toroid::view
