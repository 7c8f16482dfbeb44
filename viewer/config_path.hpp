// Where toroid-view keeps its settings: ImGui's window layout (imgui.ini)
// in the user's configuration folder, never in the current folder. By the
// XDG Base Directory rules: $XDG_CONFIG_HOME/toroid when that is set to an
// absolute path (a relative one is ignored, as the specification says),
// else $HOME/.config/toroid; neither set: no file (the layout is not kept).
#pragma once

#include <optional>
#include <string>

namespace toroid::view {

// The file's path from the two variables' values (null: unset).
std::optional<std::string> imgui_ini_path(const char* xdg_config_home, const char* home);
// The same from the environment, its folder created (mode 0700, as a
// configuration folder); nullopt when there is none or it cannot be made.
std::optional<std::string> prepare_imgui_ini();

}  // namespace toroid::view
