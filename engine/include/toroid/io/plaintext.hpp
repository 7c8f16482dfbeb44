// Plaintext `.cells` (LifeWiki): `!Name: <name>` and other `!` comment lines,
// then one line per row: `.` dead, `O` alive (`*` and `o` are accepted too).
//
// The pattern's extent is what the rows draw: as many columns as the longest
// row, as many rows as there are up to the last non-blank one (a blank line
// inside the pattern is an empty row; shorter rows are padded with dead
// cells). The writer emits every row at full width, so a grid reads back at
// its own size. An input with no rows at all is an error.
#pragma once

#include <string_view>

#include "toroid/io/pattern.hpp"

namespace toroid {

Pattern parse_plaintext(std::string_view text, std::string_view source);

}  // namespace toroid
