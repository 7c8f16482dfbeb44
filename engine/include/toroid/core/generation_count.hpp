// Generation counts as users write them: exact, and large.
//
// A run on the hashlife backend can go 10^15 or 2^60 generations, so the
// options that take a number of generations (--gens, --step, --max-gens)
// accept a small exact notation instead of only a decimal literal:
//
//   1000000000000        a decimal number
//   1_000_000  1,000,000 digit groups separated by '_' or ',' (ignored)
//   10^15   2^40         a power
//   3e9  1.5e12          a decimal with an exponent of ten, whole in the end
//   3*2^40   2^40+1      products and sums of those (no parentheses)
//
// Everything is evaluated exactly in unsigned 64-bit arithmetic: a value
// above 2^64 - 1 (10^400, 2^64), a negative number ("-5"), a fraction
// ("1.5", "1e-3") or anything else is an InputError that quotes the text,
// names the option and says what is expected. Nothing is ever clamped.
// Spaces around the operators are allowed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace toroid {

// The largest count: the generation counters are unsigned 64-bit.
inline constexpr std::uint64_t kMaxGenerationCount = ~std::uint64_t(0);

// `option` ("--gens") names the input in the error message.
std::uint64_t parse_generation_count(std::string_view text, std::string_view option);

// The count written back for people: "1000000000000 (10^12)", "1099511627776
// (2^40)", or just the decimal when it is no exact power of 2 or 10.
std::string describe_generation_count(std::uint64_t n);

}  // namespace toroid
