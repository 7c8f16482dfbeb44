// Octal games (take-and-break games with code d0.d1d2...dt).
//
// Digit d_k (0..7) says what may be left after removing k tokens from one
// heap: bit 1 = no heap (only when the heap had exactly k tokens), bit 2 = one
// non-empty heap, bit 4 = two non-empty heaps (the rest is split in two).
// d0 may only be 0 or 4 (4: split a heap in two without removing anything).
// Examples: 0.77 Kayles, 0.07 Dawson's Kayles, 0.137 Dawson's Chess, 4.07.
// t = max_take() is the number of digits after the point (trailing zeros are
// dropped), the largest number of tokens one move removes.
//
// octal_grundy computes g(0..upto) with the sparse-space ("rare / common
// values") method of Berlekamp, Gangolli-Plambeck and Flammenkamp, exact for
// every game (only its speed depends on the game):
//   A mask m and a parity flag d (domain type) label each position a by
//   l(a) = parity(g(a) & m) ^ (d & a); positions with the minority label are
//   "rare". A split of n-k into a + b with a, b both common (or both rare)
//   gives a value whose masked parity is d & (n-k) ("abundant" parity); the
//   other parity only arises from pairs with one rare part. So the values of
//   all split pairs with a rare part are enumerated (cheap: few rare
//   positions), non-split moves too; then for v = 0, 1, ...: a value not yet
//   seen with the scarce parity is the mex; one with the abundant parity is
//   looked up by scanning for a witness pair (almost always found at once).
//   Witnesses are kept per remainder r = n - k, so split digits k, k+1, ...
//   share the scan of the same r at consecutive n.
// The mask is chosen from the data (fewest rare positions) and re-chosen as n
// grows. At n = 2^j the Guy-Smith theorem is tried (periodicity.hpp); once a
// period is proved the rest of the sequence is filled in by periodicity.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/games/periodicity.hpp"

namespace toroid::games {

class OctalGame {
public:
    // Throws InputError for malformed codes (quoting the code and the position
    // of the offending character).
    static OctalGame parse(std::string_view code);
    const std::string& code() const { return code_; }
    std::size_t max_take() const { return digits_.size() - 1; }
    unsigned digit(std::size_t k) const { return k < digits_.size() ? digits_[k] : 0; }
    bool splits() const;

private:
    std::string code_;
    std::vector<std::uint8_t> digits_;  // digits_[0] = d0
};

struct OctalMove {
    std::size_t take = 0;
    std::uint64_t left = 0;   // heaps left afterwards: left <= right;
    std::uint64_t right = 0;  // 0 means "no heap"
    std::string to_string() const;  // "take 2 leaving 3 and 4"
};

// All moves from one heap of n tokens (split pairs listed once, left <= right).
std::vector<OctalMove> octal_moves(const OctalGame& game, std::uint64_t n);

// Plain definition, O(n^2) with splits: the reference for tests.
std::vector<std::uint32_t> octal_grundy_naive(const OctalGame& game, std::size_t upto);

struct OctalSequence {
    std::vector<std::uint32_t> g;
    Periodicity period;          // the proved period if one was found
    std::size_t computed = 0;    // values computed before periodic extension
    std::uint32_t mask = 0;      // sparse-space mask in use at the end
    std::size_t rare_positions = 0;
};

// Throws InputError if upto > 10^8 (memory), or, when max_work > 0, if at a
// checkpoint n = 2^j the projected number of remaining inner-loop steps
// exceeds max_work (games without sparse space are quadratic; about 1e9 steps
// take a second). 0 means no limit.
OctalSequence octal_grundy(const OctalGame& game, std::size_t upto, bool extend_by_period = true,
                           std::uint64_t max_work = 0);

// Guy-Smith proof on a computed prefix.
Periodicity octal_period(const OctalGame& game, std::span<const std::uint32_t> g);

}  // namespace toroid::games
