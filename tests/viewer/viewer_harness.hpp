// Running toroid-view as users do, for the tests under Xvfb: a private
// temporary folder, the program with arguments (its output kept in
// out.txt), headless captures and scripted sessions that end in a dump.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "png_image.hpp"

namespace toroid::view::harness {

namespace fs = std::filesystem;

inline fs::path temp_dir() {
    const fs::path d =
        fs::temp_directory_path() / ("toroid-view-test-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

// The program's exit status (0 or 1 for any failure); output in out.txt.
inline int run_viewer(const std::string& args) {
    const std::string cmd = std::string(TOROID_VIEW_EXE) + " " + args + " > " +
                            (temp_dir() / "out.txt").string() + " 2>&1";
    return std::system(cmd.c_str()) == 0 ? 0 : 1;
}

inline std::string viewer_output() {
    std::ifstream in(temp_dir() / "out.txt");
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

inline RgbaImage capture(const std::string& args, const std::string& name) {
    const fs::path png = temp_dir() / (name + ".png");
    EXPECT_EQ(run_viewer(args + " --screenshot " + png.string()), 0) << args << viewer_output();
    return read_png(png.string());
}

inline int count(const RgbaImage& img, std::uint32_t colour) {
    int n = 0;
    for (std::uint32_t p : img.pixels) n += p == colour;
    return n;
}

// Runs `script` (its last line should dump to dump_path()) in a 1280x720
// window and returns the dump.
inline std::string dump_path() {
    return (temp_dir() / "state.json").string();
}
inline nlohmann::json run_script(const std::string& args, const std::string& script) {
    const fs::path file = temp_dir() / "events.txt";
    std::ofstream(file) << script;
    fs::remove(dump_path());
    EXPECT_EQ(run_viewer(args + " --window 1280x720 --script " + file.string()), 0)
        << viewer_output();
    std::ifstream in(dump_path());
    if (!in) {
        ADD_FAILURE() << "no dump was written: " << viewer_output();
        return nlohmann::json::object();
    }
    return nlohmann::json::parse(in);
}

}  // namespace toroid::view::harness
