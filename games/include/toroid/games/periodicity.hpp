// Proving that a Grundy sequence is eventually periodic from a finite prefix.
//
// A claim "g(n + p) = g(n) for all n >= n0" (pre-period n0, period p) is
// proved by checking a finite window, which depends on the kind of game:
//
// * Octal games, Guy-Smith periodicity theorem: if t is the largest number of
//   tokens a move may remove (the number of code digits after the point) and
//   g(n + p) = g(n) for all n0 <= n < 2*n0 + p + t, then it holds for all
//   n >= n0. The largest heap size the proof uses is N = 2*n0 + 2*p + t - 1
//   ("proved at n = N").
// * Subtraction games with a finite set S (no splitting), t = max S: g(n)
//   depends only on g(n-t .. n-1), so g(n + p) = g(n) for n0 <= n < n0 + t
//   suffices; N = n0 + p + t - 1.
//
// find_period returns the smallest period p that the prefix proves, with its
// smallest pre-period n0 (the pre-period does not depend on which multiple of
// the minimal period is used, so this is the true minimal pair).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace toroid::games {

struct Periodicity {
    bool found = false;
    bool proved = false;        // false only for heuristic ("apparent") periods
    std::size_t preperiod = 0;  // n0
    std::size_t period = 0;     // p
    std::size_t proved_at = 0;  // N: the largest heap size the proof used
    std::size_t checked_upto = 0;
    // "periodic from n0 with period p, proved at n = N" / "no period up to N"
    std::string to_string() const;
    // When no period was found among g(0..upto): what to try ("a period and
    // its proof may need more values: try --upto 1000"): the proof needs
    // about twice the preperiod plus twice the period (Kayles 0.77: 167
    // heaps), often more than the default --upto 100. Empty otherwise.
    std::string hint(std::size_t upto) const;
};

// splits: true for the Guy-Smith window, false for the subtraction window.
Periodicity find_period(std::span<const std::uint32_t> g, std::size_t t, bool splits);

// Heuristic for infinite subtraction sets: smallest p with g(n+p) = g(n) over
// the last two thirds of the prefix; found but never proved.
Periodicity find_apparent_period(std::span<const std::uint32_t> g);

}  // namespace toroid::games
