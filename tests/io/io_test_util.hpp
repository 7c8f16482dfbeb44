// Helpers shared by the io suites: temporary folders and error matching.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <random>
#include <string>

#include "toroid/error.hpp"

namespace toroid::testing {

// A fresh folder under the system temp dir, removed at the end of the test.
class TempDir {
  public:
    TempDir() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() /
                ("toroid-io-" + std::to_string(rd()) + "-" + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

// Runs f, expects an InputError whose message contains every one of `parts`;
// returns the message (so a failing test shows it).
inline std::string expect_input_error(const std::function<void()>& f,
                                      std::initializer_list<std::string> parts) {
    try {
        f();
    } catch (const InputError& e) {
        const std::string msg = e.what();
        for (const auto& p : parts)
            EXPECT_NE(msg.find(p), std::string::npos) << "missing '" << p << "' in: " << msg;
        return msg;
    } catch (const std::exception& e) {
        ADD_FAILURE() << "expected InputError, got another exception: " << e.what();
        return {};
    }
    ADD_FAILURE() << "expected InputError, nothing was thrown";
    return {};
}

}  // namespace toroid::testing
