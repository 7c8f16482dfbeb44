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
// * CoinStrip: coins on a strip, position = their cells in increasing order;
//   a coin moves left to a free cell without jumping over a coin. Staircase
//   Nim: with gaps d_1..d_k (d_1 = cells left of the first coin, d_i = free
//   cells between coin i-1 and i) the position is P iff d_k ^ d_{k-2} ^ ... == 0.
#pragma once

#include <cstdint>

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

  private:
    std::int64_t max_take_;
};

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
};
std::uint64_t chocolate_closed_form(std::int64_t m, std::int64_t n);

class CoinStrip : public ImpartialGame {
  public:
    std::vector<Position> moves(const Position& p) const override;
    std::string describe_move(const Position& from, const Position& to) const override;
};
std::uint64_t coin_strip_closed_form(const Position& cells);

}  // namespace toroid::games
