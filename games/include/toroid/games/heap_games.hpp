// Heap games as ImpartialGame move generators, so that the generic solver
// (solver.hpp) can analyse multi-heap positions exactly, including misère play
// by brute force (SolvedGame::misere_outcome, misere.hpp).
//
// Positions are the heap sizes sorted in increasing order with empty heaps
// dropped, so equal multisets are one position. OctalHeapsGame follows the
// octal code (a move may split a heap in two); SubtractionHeapsGame takes s
// in S from one heap.
#pragma once

#include "toroid/games/octal.hpp"
#include "toroid/games/solver.hpp"
#include "toroid/games/subtraction.hpp"

namespace toroid::games {

// Sorts and drops zeros.
Position normalise_heaps(Position heaps);

class OctalHeapsGame : public ImpartialGame {
  public:
    explicit OctalHeapsGame(OctalGame game) : game_(std::move(game)) {}
    std::vector<Position> moves(const Position& p) const override;
    std::string describe(const Position& p) const override;

  private:
    OctalGame game_;
};

class SubtractionHeapsGame : public ImpartialGame {
  public:
    explicit SubtractionHeapsGame(SubtractionSet set) : set_(std::move(set)) {}
    std::vector<Position> moves(const Position& p) const override;
    std::string describe(const Position& p) const override;

  private:
    SubtractionSet set_;
};

}  // namespace toroid::games
