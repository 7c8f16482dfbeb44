// MAP rules: a whole table in base64, as Golly writes them.
//
// A MAP string holds one bit per neighbourhood configuration, in base64
// (A-Z a-z 0-9 + /, six bits a character, most significant first), with or
// without "==" padding:
//
//   Moore        512 bits, 86 characters; bit i is the block of index i
//                (range1_table.hpp: cells NW N NE W C E SW S SE, NW most
//                significant);
//   hexagonal    128 bits, 22 characters; the index is made of the cells
//                S SE W C E NW N, S most significant (Golly's order, which
//                lists the rows bottom up: checked against Golly itself);
//   von Neumann  32 bits, 6 characters; cells N W C E S, N most significant.
//
// The canonical string drops the padding and zeroes the unused low bits of
// the last character, as Golly's does.
#pragma once

#include <string>
#include <string_view>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/range1_table.hpp"

namespace toroid {

// Base64 characters of a MAP string (after "MAP", without padding) for a
// neighbourhood; 0 for a length that is no neighbourhood's.
int map_length(Neighbourhood n);
bool map_neighbourhood(std::size_t length, Neighbourhood& n);

// The table a MAP string's characters give (length checked by the caller;
// characters outside base64 are the caller's error).
Range1Table decode_map(std::string_view base64, Neighbourhood n);
// The canonical base64 of a table (the cells outside n are ignored).
std::string encode_map(const Range1Table& table, Neighbourhood n);

}  // namespace toroid
