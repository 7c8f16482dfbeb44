// Wythoff's game and Zeckendorf representations.
//
// Wythoff: two heaps (a, b); a move takes any positive number from one heap
// or the same positive number from both. P-positions are (a_n, b_n) and
// (b_n, a_n) with a_n = floor(n * phi), b_n = a_n + n, n >= 0:
// (0,0) (1,2) (3,5) (4,7) (6,10) (8,13) ... floor(n * phi) is computed exactly
// in integers as (n + isqrt(5 n^2)) / 2, so heaps are limited to 2^62.
//
// Zeckendorf convention: Fibonacci numbers F1 = F2 = 1, F3 = 2, F4 = 3,
// F5 = 5, ...; every n >= 1 is a unique sum of non-consecutive F_i with
// i >= 2. zeckendorf_indices(1000000) = {30, 26, 24, 12, 10}. The digit string
// uses base 1, 2, 3, 5, 8, ... (F2, F3, ...), least significant digit last:
// 37 = F9 + F4 = "10000100", 25 = F8 + F4 + F2 = "1000101"; 0 is "0".
// The second characterisation: a is some a_n iff its Zeckendorf string ends in
// an even number of zeros, and then b_n is a with one more zero appended.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace toroid::games {

// Zeckendorf: indices (descending, convention above), digits, and back.
std::vector<unsigned> zeckendorf_indices(std::uint64_t n);
std::string zeckendorf_string(std::uint64_t n);
// Throws InputError if the text is not a string of 0/1 without two adjacent
// 1s, or if the value exceeds 64 bits.
std::uint64_t from_zeckendorf(const std::string& digits);
std::uint64_t fibonacci(unsigned i);  // F_i, 1 <= i <= 93

constexpr std::uint64_t kWythoffMaxHeap = std::uint64_t{1} << 62;

std::uint64_t wythoff_a(std::uint64_t n);  // floor(n * phi), n <= 2^62
// P-position test by the golden-ratio form and by the Zeckendorf form.
bool wythoff_is_p(std::uint64_t a, std::uint64_t b);
bool wythoff_is_p_zeckendorf(std::uint64_t a, std::uint64_t b);
// (a_n, b_n) for n = 0 .. count-1.
std::vector<std::pair<std::uint64_t, std::uint64_t>> wythoff_p_positions(std::size_t count);
// The heap paired with x in its P-position.
std::uint64_t wythoff_partner(std::uint64_t x);

struct WythoffMove {
    std::uint64_t take_a = 0, take_b = 0;  // from the first / second heap
    std::uint64_t a = 0, b = 0;            // position afterwards
    std::string to_string() const;
    bool operator==(const WythoffMove&) const = default;
};
// All winning moves (to P-positions). Throws InputError above 2^62.
std::vector<WythoffMove> wythoff_winning_moves(std::uint64_t a, std::uint64_t b);

// A move as a player names it: take k from the first heap (heap 1), the
// second (heap 2) or both (heap 0). wythoff_illegal says why it is not a
// legal move from (a, b) ("heap 1 has only 3", "you can take at most 2 from
// both", "K must be a whole number of at least 1"), or nullopt;
// wythoff_move makes a legal one (InputError for an illegal one).
std::optional<std::string> wythoff_illegal(std::uint64_t a, std::uint64_t b, int heap,
                                           std::uint64_t k);
WythoffMove wythoff_move(std::uint64_t a, std::uint64_t b, int heap, std::uint64_t k);
// Where no move wins: take 1 from the larger heap (the first on a tie), the
// move that keeps the game longest open for a mistake. (a, b) != (0, 0).
WythoffMove wythoff_stalling_move(std::uint64_t a, std::uint64_t b);

// Grundy values g(x, y) for 0 <= x, y < n (row-major); n <= 8192.
struct WythoffTable {
    std::size_t n = 0;
    std::vector<std::uint16_t> g;
    std::uint32_t at(std::size_t x, std::size_t y) const { return g[x * n + y]; }
};
WythoffTable wythoff_grundy_table(std::size_t n);

}  // namespace toroid::games
