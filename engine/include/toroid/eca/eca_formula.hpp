// Formula -> elementary rule number.
//
// The formula is a function of x (left neighbour), y (the cell), z (right
// neighbour), evaluated for the eight neighbourhoods in integer arithmetic;
// a non-zero value means "live". Grammar, loosest binding first:
//
//   or      := xor  ( '|' xor )*                 Boolean OR
//   xor     := and  ( '^' and )*                 Boolean XOR
//   and     := sum  ( '&' sum )*                 Boolean AND
//   sum     := prod ( '+' prod )* [ 'mod' N ]    integer sum, then remainder
//   prod    := unary ( ['*'] unary )*            product; juxtaposition too
//   unary   := ( '!' | '~' ) unary | atom        NOT (0 -> 1, non-zero -> 0)
//   atom    := 'x' | 'y' | 'z' | integer | '(' or ')'
//
// Letters stand alone, so "xy" is x*y; spaces are ignored; '%' is a synonym
// for 'mod'. So "x ^ y ^ z" and "(x + y + z) mod 2" are rule 150,
// "x y | !z" is rule 213, "(x y + x z) mod 2" is rule 96, and "x + y" (no
// mod) is an OR. Anything else is an InputError quoting the formula with a
// caret under the offending column and saying what was expected there.
#pragma once

#include <string_view>

namespace toroid {

int eca_rule_from_formula(std::string_view formula);

}  // namespace toroid
