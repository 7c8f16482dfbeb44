// Parsing of user-supplied numbers for the games library.
//
// Every function throws toroid::InputError with a message naming what was
// being read (`what`, e.g. "heap 2"), quoting the offending text and saying
// what was expected. Accepted: plain decimal digits, optionally a leading '+'.
// Rejected: empty text, a minus sign ("must not be negative"), any other
// character, and values beyond 64 bits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace toroid::games {

// A non-negative integer that fits in 64 bits (0 .. 2^64-1).
std::uint64_t parse_u64(std::string_view text, std::string_view what);

// Same, additionally checked against an inclusive upper bound.
std::uint64_t parse_u64_max(std::string_view text, std::string_view what, std::uint64_t max);

// Splits on commas and/or whitespace, dropping empty pieces.
std::vector<std::string> split_list(std::string_view text);

// The whitespace-separated words of a line (a game spec, a typed move).
std::vector<std::string> split_words(std::string_view text);

}  // namespace toroid::games
