// Whole-file reads, shared by every reader of text inputs (the atomic write
// beside them is toroid/atomic_file.hpp, in the base library).
//
// read_text_file: the file's bytes. A missing or unreadable file is an
// InputError naming the path and the operating system's reason ("No such file
// or directory", "Is a directory", ...): it is the user's input that is wrong.
#pragma once

#include <string>
#include <string_view>

#include "toroid/atomic_file.hpp"  // write_file_atomic, for the writers that include this

namespace toroid {

std::string read_text_file(const std::string& path);

}  // namespace toroid
