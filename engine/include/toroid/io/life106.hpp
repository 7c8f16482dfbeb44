// Life 1.06: a `#Life 1.06` line, then one `x y` pair of integers per live
// cell (negative coordinates allowed; |x|, |y| < 2^40).
//
// The format has no size: the reader normalises the cells to their bounding
// box (the pattern's top-left live cell row / column becomes 0). A file with
// no cells reads as a 1 x 1 empty pattern. Lines starting with `#` after the
// header are accepted as comments (`#N` gives the name, `#D` / `#C` a comment).
// The writer emits only the header and the cells (the format has no standard
// comment line, so name and comments are dropped), in row-major order, with
// coordinates relative to the written region (the whole torus, or the
// bounding box when cropping).
#pragma once

#include <string_view>

#include "toroid/io/pattern.hpp"

namespace toroid {

Pattern parse_life106(std::string_view text, std::string_view source);

}  // namespace toroid
