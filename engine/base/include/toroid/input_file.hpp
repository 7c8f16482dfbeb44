// Reading the files a user names: whole regular files, or standard input.
//
// read_input_file(path) returns a file's bytes. Only regular files are read,
// and "-" is standard input: a FIFO with no writer, a socket or a terminal
// would make a plain open() or read() wait for ever (`toroid info fifo`
// hung), and a device such as /dev/zero never ends; each is refused with an
// InputError naming the path and what it is, before any byte is read (the
// open itself does not wait: O_NONBLOCK). To read from a pipe, pass "-" and
// redirect it. Standard input that is a terminal is refused too (nobody is
// typing a pattern file).
//
// A missing or unreadable file is an InputError naming the path and the
// operating system's reason ("No such file or directory", "Is a directory").
// Inputs are bounded: at most kMaxInputBytes (1 GiB; the text formats toroid
// reads are far smaller) and no more than the memory check allows
// (toroid/memory.hpp), both checked before reading a regular file and while
// reading standard input.
#pragma once

#include <cstdint>
#include <string>

namespace toroid {

constexpr std::uint64_t kMaxInputBytes = std::uint64_t(1) << 30;

std::string read_input_file(const std::string& path);

// What an input path names, for messages: "standard input" for "-", else 'path'.
std::string input_name(const std::string& path);

}  // namespace toroid
