// Whole-file reads, shared by every reader of text inputs (the atomic write
// beside them is toroid/atomic_file.hpp, in the base library).
//
// read_text_file: the file's bytes, as toroid/input_file.hpp reads them:
// regular files only, "-" for standard input, FIFOs, sockets and devices
// refused before anything waits, sizes bounded. A missing or unreadable file
// is an InputError naming the path and the operating system's reason ("No
// such file or directory", "Is a directory", ...): it is the user's input
// that is wrong.
#pragma once

#include <string>
#include <string_view>

#include "toroid/atomic_file.hpp"  // write_file_atomic, for the writers that include this
#include "toroid/input_file.hpp"

namespace toroid {

inline std::string read_text_file(const std::string& path) {
    return read_input_file(path);
}

}  // namespace toroid
