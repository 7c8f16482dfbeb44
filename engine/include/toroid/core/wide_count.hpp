// WideCount: cell counts of tori larger than 2^64 cells.
//
// A torus of 2^62 x 2^62 cells holds 2^124 of them, so its population does
// not fit the 64-bit Backend::population(). Backends whose tori can exceed
// 2^64 cells (hashlife) answer Backend::population_wide() exactly in 128
// bits and make population() refuse (InputError) a count above 2^64 - 1
// rather than wrap or saturate silently. Front ends print the wide value.
#pragma once

#include <cstdint>
#include <string>

namespace toroid {

// GCC and Clang's 128-bit integer (__extension__: no -Wpedantic warning).
__extension__ typedef unsigned __int128 WideCount;

inline constexpr WideCount kMaxNarrowCount = WideCount(~std::uint64_t(0));

inline std::string to_string(WideCount v) {
    if (v == 0) return "0";
    std::string s;
    while (v) {
        s.insert(s.begin(), char('0' + int(v % 10)));
        v /= 10;
    }
    return s;
}

}  // namespace toroid
