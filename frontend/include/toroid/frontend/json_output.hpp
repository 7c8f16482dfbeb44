// JSON on standard output, for every command's --json.
//
// print_json() writes the text of toroid/io/json_text.hpp (which cannot fail
// on strings that are not UTF-8: their stray bytes are written as \xHH) and,
// when it had to escape something, says so on stderr, so that nobody takes
// "p/bad\xffutf8.rle" for the file's name byte for byte. Commands print
// their JSON through here and nowhere else (test hardening.no_raw_json_dump).
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>

namespace toroid::frontend {

// `j` with `indent` (-1: one line), then a newline, on `out` (stdout by default).
void print_json(const nlohmann::json& j, int indent = 2);
// The same for JSON that keeps its keys in insertion order (play's events).
void print_ordered_json(const nlohmann::ordered_json& j, int indent = 2);

}  // namespace toroid::frontend
