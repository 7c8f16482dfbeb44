// Internal to the census (soup_census_state.hpp): lifelib 2's "3D
// separation" of one object into parts that do not interact.
//
// apgsearch v4 separates ash by pseudoBangBang (object_separation.hpp,
// which toroid follows); lifelib 2's classifier then splits every object so
// found, when it can, into parts each of which evolves alone exactly as it
// does in the whole (two still lifes side by side that touch without
// changing each other, a domino beside an oscillator). split() does that
// as lifelib's full_3dsep does, on the object's phases 0..P (P its period,
// moved by its displacement at P):
//   * cells are joined in space-time: to their 8 neighbours in the same
//     generation, to the 9 cells around them in the next, and phase 0 to
//     phase P;
//   * "fast": every dead cell with three or more live neighbours joins
//     them too; if that leaves several pieces, they are the parts;
//   * otherwise the space-time islands, merged while an island alone would
//     grow a cell that exactly one other island is next to; islands that
//     each evolve alone as in the whole are the parts; else the first way
//     of colouring the islands with n = 2, 3, ... colours (at most 16
//     islands and 2^20 colourings; n at most 4 for oscillators of period 3
//     or less) whose colours each evolve alone as in the whole.
// One part (the object itself) when nothing splits it. Parts are split
// again by the caller. Objects of period over kMaxPeriod are not split.
// Generations objects are split the same way, their cells in any state.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid::detail {

class SpaceTimeSplit {
  public:
    static constexpr std::uint64_t kMaxPeriod = 256;

    // diagonal_birth: whether two cells at opposite corners of a dead
    // cell's 3x3 give birth (lifelib's "99" zone: oscillators of period 3
    // or less may then take up to 7 colours, else 4).
    // `rule`: two-state of range 1, or Generations: its cells are then any
    // state but 0, stepped as core/reference_stepper.hpp defines them (the
    // objects are small), and a cell an island alone grows is "extra" where
    // it holds one of lifelib's layers (canonical_code.hpp) the whole lacks.
    SpaceTimeSplit(const Rule& rule, bool diagonal_birth)
        : rule_(rule),
          compiled_(rule.two_state().compile()),
          most_colours_(diagonal_birth ? 7 : 4) {}

    // `cells`: the object at phase 0 (cropped); its period and displacement
    // per period. The parts' phase-0 cells, each cropped.
    std::vector<Grid> split(const Grid& cells, std::uint64_t period, std::int64_t dx,
                            std::int64_t dy) const;

    // One generation of a torus, as split() steps objects.
    Grid step(const Grid& g) const;

  private:
    Rule rule_;
    CompiledRule compiled_;  // its live plane's rule
    std::size_t most_colours_;
};

}  // namespace toroid::detail
