// Elementary cellular-automaton rules: Wolfram numbers and their Boolean
// descriptions.
//
// A rule is its Wolfram number 0..255. Variables: x = left neighbour,
// y = the cell itself, z = right neighbour; the new state is bit
// (4x + 2y + z) of the number (Wolfram's convention, docs/eca.md). Truth
// tables are listed in Wolfram's order 111, 110, 101, 100, 011, 010, 001, 000.
//
// Formulas printed here use the syntax eca_formula.hpp parses, so that
// eca_rule_from_formula(eca_minimal_sop(n)) == n and likewise for eca_anf:
//   sum of products   "y !z | !y z | !x y"   (juxtaposition = AND, ! = NOT)
//   algebraic normal form over GF(2)  "y ^ z ^ y z ^ x y z"
//   constants         "0", "1"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toroid {

// "110" -> 110. Anything but a decimal integer 0..255 is an InputError that
// quotes the text.
int parse_eca_rule(std::string_view text);

// A 1-D rule in a rule field beside 2-D rules (toroid-view's --rule and rule
// box): Golly's name "W110" (W or w, spaces ignored) -> 110. -1 when the text
// does not start with W (a 2-D rule for Rule::parse, or a bad one); an
// InputError quoting the text when W is not followed by a number 0..255.
int parse_wolfram_rule(std::string_view text);

// What every 1-D stepper (CPU ring, CUDA ring) checks before it steps:
// InputError unless 0 <= rule <= 255 and steps >= 0.
void check_eca_step(int rule, std::int64_t steps);

// Output of `rule` for the neighbourhood (x, y, z), each 0 or 1.
inline int eca_output(int rule, int x, int y, int z) {
    return (rule >> (4 * x + 2 * y + z)) & 1;
}

// Left-right reflection: f'(x, y, z) = f(z, y, x).   110 -> 124
int eca_mirror(int rule);
// Black-white exchange: f'(x, y, z) = !f(!x, !y, !z).   110 -> 137
int eca_complement(int rule);
// Both (they commute).   110 -> 193
int eca_mirror_complement(int rule);

// Minimal sum of products: fewest terms, then fewest literals; ties broken
// by a fixed order, so the result is deterministic.
std::string eca_minimal_sop(int rule);
// Algebraic normal form: XOR of ANDs (the unique GF(2) polynomial), terms by
// degree then x, y, z order, the constant 1 first.
std::string eca_anf(int rule);

// The text of `toroid eca RULE --explain`: truth table with cell pictures
// (three cells over one, '#' live, '.' dead), both formulas, and the
// mirror, complement and mirror-complement rule numbers.
std::string eca_explain(int rule);

}  // namespace toroid
