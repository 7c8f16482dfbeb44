// Whole-file reads and atomic writes, shared by pattern files and checkpoints.
//
// read_text_file: the file's bytes. A missing or unreadable file is an
// InputError naming the path and the operating system's reason ("No such file
// or directory", "Is a directory", ...): it is the user's input that is wrong.
//
// write_file_atomic: never leaves a half-written target. The data goes to a
// temporary file in the target's folder (so the rename cannot cross file
// systems), is flushed to disk (fsync), then renamed over the target; the
// folder is fsynced so the rename itself survives a crash. On any failure the
// temporary file is removed, the target is untouched, and a std::runtime_error
// names the path and the OS reason.
#pragma once

#include <string>
#include <string_view>

namespace toroid {

std::string read_text_file(const std::string& path);
void write_file_atomic(const std::string& path, std::string_view data);

}  // namespace toroid
