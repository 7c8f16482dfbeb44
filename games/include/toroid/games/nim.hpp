// Nim (Bouton 1901) and misère Nim.
//
// Heaps are unsigned 64-bit counts; any number of heaps. A position is P iff
// its nim-sum (xor of all heaps) is 0. From an N-position with nim-sum x every
// winning move reduces some heap a with (a ^ x) < a to a ^ x; nim_winning_moves
// returns all of them, in heap order (one per such heap; no other winning
// moves exist).
//
// Misère Nim (last mover loses): if every heap is <= 1 the position is P iff
// the number of heaps of size 1 is odd; otherwise it is P iff the nim-sum is 0.
// Winning moves are exactly the moves to misère P-positions.
//
// P-position enumeration: k-heap Nim with every heap in 0..max. Positions are
// listed as non-decreasing tuples (a1 <= ... <= ak); count_nim_p_positions
// counts ordered tuples (every permutation separately) with a Walsh-Hadamard
// transform. nim3_p_positions_closed_form lists the 3-heap ones from the
// lecture's closed form (docs/games.md) for cross-checking.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "toroid/games/outcome.hpp"

namespace toroid::games {

struct NimMove {
    std::size_t heap = 0;        // 0-based index
    std::uint64_t take = 0;      // stones removed (>= 1)
    std::uint64_t new_size = 0;  // heap size afterwards
    bool operator==(const NimMove&) const = default;
};

std::uint64_t nim_sum(std::span<const std::uint64_t> heaps);
Outcome nim_outcome(std::span<const std::uint64_t> heaps);
std::vector<NimMove> nim_winning_moves(std::span<const std::uint64_t> heaps);

bool misere_nim_is_p(std::span<const std::uint64_t> heaps);
std::vector<NimMove> misere_nim_winning_moves(std::span<const std::uint64_t> heaps);

// Non-decreasing k-tuples with xor 0 and entries <= max. Throws InputError when
// k == 0, or when more than `limit` positions would be listed (the message
// gives the count and asks for a smaller bound).
std::vector<std::vector<std::uint64_t>> nim_p_positions(std::size_t k, std::uint64_t max,
                                                        std::size_t limit = 1000000);
// Number of ordered k-tuples (entries 0..max) with xor 0, and of non-decreasing
// ones. Throws InputError if max >= 2^24 or the count does not fit in 64 bits.
std::uint64_t count_nim_p_positions_ordered(std::size_t k, std::uint64_t max);
// Closed form, 3 heaps: (0,x,x) and (m, p*k + r, (p*k + r) ^ m), sorted.
std::vector<std::vector<std::uint64_t>> nim3_p_positions_closed_form(std::uint64_t max);

}  // namespace toroid::games
