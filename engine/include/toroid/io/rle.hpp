// RLE, the Golly / LifeWiki run-length format, with Golly's multi-state tags.
//
//   #N Glider                         name
//   #C A comment                      comments (#C, #c); other # lines (#O author,
//                                     #R, #P, #CXRLE, ...) are kept verbatim, '#'
//                                     included; #CXRLE (Golly's position and
//                                     generation) is not written back
//   x = 3, y = 3, rule = B3/S23       header: x, y >= 1; rule optional, last
//   bo$2bo$3o!                        body
//
// Body: an optional run count (>= 1) then a tag: `b` or `.` dead, `o` or `A`
// alive, `$` end of row, `!` end of pattern (anything after it is ignored).
// Whitespace and line breaks may appear between tokens. Multi-state files
// (Generations) use `.` for 0, `A`..`X` for 1..24 and a prefix `p`..`y`
// before `A`..`X` for 25..255 (`pA` = 25, `yO` = 255); a state at or above
// the header rule's states is an error at its column, as is any state tag
// in a file whose rule is refused (LifeHistory and other named rules).
// A missing `!` at the end of the file is accepted (as Golly does); a file
// that ends in the middle of a token (a run count with no tag) is not.
// Live cells outside the header's x, y are an error.
//
// The header's rule is parsed with Rule::parse; its `:Tw,h` suffix gives the
// torus size. When x, y equal that size the file is a whole saved torus
// (Pattern::whole_torus): place_pattern puts it at (0, 0).
//
// Writing (format_rle, pattern.hpp) follows Golly: `#N`, `#C` lines (a
// comment that is a verbatim `#O` / `#R` / `#r` / `#P` line is written as is), the
// header `x = W, y = H, rule = R`, runs with trailing dead cells dropped,
// empty rows merged into `n$`, lines at most 70 characters, then `!`. A
// multi-state grid or rule is written with the multi-state tags.
#pragma once

#include <string_view>

#include "toroid/io/pattern.hpp"

namespace toroid {

Pattern parse_rle(std::string_view text, std::string_view source);

}  // namespace toroid
