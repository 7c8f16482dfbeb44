// The lectures' games, as ImpartialGame move generators for the generic
// solver (solver.hpp), each with its closed form where one is known so tests
// can check the solver against it.
//
// * TakeHeapsGame(k): heaps, take 1..k from one heap. g = xor of (a_i mod (k+1)).
// * CompoundGame: heap 0 take 1, 2 or 3 (g = x mod 4), heap 1 take any odd
//   number (g = y mod 2), heaps 2.. plain Nim; g = xor of the parts.
// * ParityGame(max_take): an odd heap; take 1..max_take per move; when the heap
//   is empty the player holding an even number of stones wins. Position
//   (n, parity of the mover's stones, parity of the other's); a won final
//   position has one move to the terminal END = (-1, 0, 0), so the game is in
//   normal play. With max_take = 4 the outcome is periodic in n with period 6
//   and 27 stones: take 2.
// * GameN(N): tiles 1..5, running total, each move adds a tile different from
//   the previous one; reaching exactly N wins, a player who can only exceed N
//   loses. Position (total, last tile), start (0, 0).
// * ChocolateBar: an m x n bar with a poisoned corner square; a move breaks
//   the bar along a grid line and eats the part without the poison; who is
//   left with the poisoned 1 x 1 loses. g = (m-1) xor (n-1).
// * ChocolatePieces: the same bar, but a break keeps both pieces in play (no
//   poison; a 1 x 1 piece cannot be broken; the last player to break wins).
//   Every game lasts exactly m*n - 1 breaks, so g(m x n) = (m*n - 1) mod 2;
//   chocolate_pieces_values computes the table by the definition instead, and
//   a position of several pieces is a sum (sum.hpp).
// * CoinStrip: coins on a strip, position = their cells in increasing order;
//   a coin moves left to a free cell without jumping over a coin. Staircase
//   Nim: with gaps d_1..d_k (d_1 = cells left of the first coin, d_i = free
//   cells between coin i-1 and i) the position is P iff d_k ^ d_{k-2} ^ ... == 0.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "toroid/games/solver.hpp"

namespace toroid::games {

class TakeHeapsGame : public ImpartialGame {
  public:
    explicit TakeHeapsGame(std::int64_t k) : k_(k) {}
    std::vector<Position> moves(const Position& p) const override;
    std::string describe_move(const Position& from, const Position& to) const override;

  private:
    std::int64_t k_;
};
std::uint64_t take_heaps_closed_form(std::int64_t k, const Position& heaps);

class CompoundGame : public ImpartialGame {
  public:
    std::vector<Position> moves(const Position& p) const override;
    std::string describe_move(const Position& from, const Position& to) const override;
};
std::uint64_t compound_closed_form(const Position& p);

class ParityGame : public ImpartialGame {
  public:
    explicit ParityGame(std::int64_t max_take = 4) : max_take_(max_take) {}
    std::vector<Position> moves(const Position& p) const override;
    std::string describe(const Position& p) const override;
    std::string describe_move(const Position& from, const Position& to) const override;
    static Position start(std::int64_t n) { return {n, 0, 0}; }
    // Play ends when the heap is empty (the move to END only encodes the win).
    static bool heap_empty(const Position& p) { return p[0] <= 0; }
    // With the heap empty: the player to move wins iff they hold an even number.
    static bool mover_holds_even(const Position& p) { return p[1] == 0; }

  private:
    std::int64_t max_take_;
};

// Grundy values of ParityGame(max_take) for every heap n = 0..upto and both
// parities of each player, and the period they prove: g(n) depends only on
// g(n - max_take .. n - 1), so if the four values at n + p equal those at n
// for max_take consecutive n from n0, they agree for every n >= n0.
struct ParityPPosition {
    std::int64_t stones = 0;        // left in the heap
    std::int64_t mover_parity = 0;  // of the stones the player to move holds
    std::int64_t other_parity = 0;  // of the other player's stones
};

struct ParityAnalysis {
    std::int64_t max_take = 4;
    // value[n][2 * mover_parity + other_parity]
    std::vector<std::array<std::uint32_t, 4>> value;
    std::size_t period = 0, preperiod = 0, proved_at = 0;  // period 0: none found
    std::uint32_t at(std::int64_t n, std::int64_t mover, std::int64_t other) const {
        return value[static_cast<std::size_t>(n)][static_cast<std::size_t>(2 * mover + other)];
    }
    // "g(n + 6) = g(n) for n = 0..3 and both parities of each player; ..."
    std::string proof() const;
    // The P-positions with 0..upto stones left (upto < value.size()) of a
    // game that began with an odd number of stones: the stones taken so far
    // are odd minus those left, so the other player's parity follows from
    // the mover's; in order of stones, the mover's even parity first.
    std::vector<ParityPPosition> odd_total_p_positions(std::size_t upto) const;
};
ParityAnalysis analyze_parity_game(std::int64_t max_take, std::size_t upto);

// Closed form of ParityGame(4): with a = the mover's parity, P iff
// (a even and n = 1 mod 6) or (a odd and n = 0 or 5 mod 6).
bool parity_game_closed_form_is_p(std::int64_t n, std::int64_t mover_parity);

class GameN : public ImpartialGame {
  public:
    explicit GameN(std::int64_t n) : n_(n) {}
    std::vector<Position> moves(const Position& p) const override;
    std::string describe(const Position& p) const override;
    std::string describe_move(const Position& from, const Position& to) const override;
    static Position start() { return {0, 0}; }

  private:
    std::int64_t n_;
};

class ChocolateBar : public ImpartialGame {
  public:
    std::vector<Position> moves(const Position& p) const override;
    std::string describe(const Position& p) const override;
    // "break off 1 column, leaving a 4 x 4 bar" (a verb phrase, as every move's).
    std::string describe_move(const Position& from, const Position& to) const override;
};
std::uint64_t chocolate_closed_form(std::int64_t m, std::int64_t n);

// Values g(m x n) of ChocolatePieces for 1 <= m, n <= size, by the definition:
// mex over the breaks of g(piece 1) xor g(piece 2). size <= 300.
struct ChocolatePiecesTable {
    std::size_t size = 0;
    std::vector<std::uint32_t> g;  // (m - 1) * size + (n - 1)
    std::uint32_t at(std::size_t m, std::size_t n) const { return g[(m - 1) * size + (n - 1)]; }
};
ChocolatePiecesTable chocolate_pieces_values(std::size_t size);

// A break of an m x n bar into pieces a x b and c x d (both stay in play).
struct ChocolateBreak {
    std::uint64_t a = 0, b = 0, c = 0, d = 0;
    bool operator==(const ChocolateBreak&) const = default;
};
// The winning breaks of an m x n bar (m, n <= t.size): those leaving two
// pieces whose values xor to 0; each break once (the smaller piece first
// across the rows, then across the columns); none for a P-position.
std::vector<ChocolateBreak> chocolate_pieces_winning_moves(const ChocolatePiecesTable& t,
                                                           std::uint64_t m, std::uint64_t n);

class CoinStrip : public ImpartialGame {
  public:
    std::vector<Position> moves(const Position& p) const override;
    std::string describe_move(const Position& from, const Position& to) const override;
};
std::uint64_t coin_strip_closed_form(const Position& cells);

}  // namespace toroid::games
