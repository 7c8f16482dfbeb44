// MCell files (.mcl), as Golly opens them (its WireWorld folder, for one).
//
//   #MCell 4.20              the header
//   #GAME Rules table        the rule family (Larger than Life noted)
//   #GOLLY WireWorld         the rule Golly (and toroid) runs; or
//   #RULE text               a rule toroid's Rule::parse reads (23/3,
//                            345/2/4, R5,C0,M1,...), or one of MCell's two
//                            historical tables Golly maps to Life and
//                            LifeHistory; the first of #GOLLY and #RULE wins
//   #BOARD 400x200           the board; #WRAP 1 makes it a torus (the rule
//                            gets :T400,200 and the file is a whole torus);
//                            with #WRAP 0 (a bounded plane in MCell and
//                            Golly) the pattern runs on toroid's torus
//                            placed as any pattern is
//   #D text                  description lines (comments)
//   #L data                  cells, run-length coded across #L lines: digits
//                            count, '.' empty cells, '$' next row, 'A'..'X'
//                            states 1..24, a prefix 'a'..'j' adding 24 each
// Other lines (#SPEED, #PALETTE, #CCOLORS, ...) are ignored. A state above
// the rule's last becomes 1, as in Golly and MCell (without a rule line the
// rule is B3/S23: every live cell is 1). Errors say file, line and column.
#pragma once

#include <string_view>

#include "toroid/io/pattern.hpp"

namespace toroid {

Pattern parse_mcell(std::string_view text, std::string_view source);

}  // namespace toroid
