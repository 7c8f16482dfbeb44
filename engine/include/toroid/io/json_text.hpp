// JSON text that cannot fail at output time, for every JSON toroid writes.
//
// JSON strings are Unicode; nlohmann::json::dump() throws (type_error 316)
// on a string holding bytes that are not UTF-8, and such bytes reach JSON
// from the user: file names ($'p/bad\xffutf8.rle'), names and comments read
// from pattern files, a move typed in Latin-1. A throw at output time lost a
// whole sweep's results. json_text() writes such strings (and object keys)
// escaped instead: every byte that is not part of valid UTF-8 becomes the
// four characters \xHH (as bash's $'...' and Python's repr write it), the
// rest of the string is kept, and `escaped` (when given) counts the strings
// so written, so that the caller can say so (frontend/json_output.hpp prints
// a note on stderr). Valid strings are written unchanged; the text is
// otherwise nlohmann's dump(indent).
//
// Every JSON output goes through here: command output, sweep result files,
// the JSON of `eca --format json` (test hardening.no_raw_json_dump keeps it so).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace toroid {

// Whether `text` is valid UTF-8 (no overlong forms, surrogates or code
// points beyond U+10FFFF: what nlohmann::json accepts).
bool is_utf8(std::string_view text);

// `text` with each byte that is not part of valid UTF-8 written as \xHH.
std::string utf8_escaped(std::string_view text);

// The text nlohmann writes for `j` with `indent`, with strings that are not
// UTF-8 escaped as above (for both of nlohmann's object orders).
std::string json_text(const nlohmann::json& j, int indent = -1, std::size_t* escaped = nullptr);
std::string json_text(const nlohmann::ordered_json& j, int indent = -1,
                      std::size_t* escaped = nullptr);

}  // namespace toroid
