// LeafRule: the rule at HashLife's bottom, where squares become bits.
//
// HashLife's recursion (stepper.hpp) ends at level 4: a 16 x 16 square made
// of four 8x8 leaves, whose centre 8x8 after 1, 2 or 4 generations is
// computed here directly. The rule enters only through its table form
// (core/range1_table.hpp: next state of every 3x3 block, Golly's MAP
// order), so every deterministic two-state rule of range 1 (B/S on the
// Moore, hexagonal and von Neumann neighbourhoods, isotropic and MAP rules)
// runs with no change here. Birth on 0 is applied literally, like every
// other count: on a torus no background has to be emulated.
//
// From the 512-entry table we precompute a 65536-entry one: the 2x2 centre
// of every 4x4 block after one generation. A generation of an n x n square
// (n even) is then (n/2 - 1)^2 lookups giving its (n-2) x (n-2) centre. The
// 4x4 windows are cut out of four rows at once: the rows are interleaved
// bit by bit (cell (x, row r) at bit 4x + r of one 64-bit word), so a
// window is one shift and one mask, and the table is indexed in that
// column-major order (cell (x, y) of the window at bit 4x + y).
#pragma once

#include <array>
#include <cstdint>

#include "toroid/core/range1_table.hpp"

namespace toroid::hashlife {

class LeafRule {
  public:
    explicit LeafRule(const Range1Table& table);

    // The 16 x 16 square [nw ne; sw se] of leaves (cell (x, y) of a leaf at
    // bit y * 8 + x) -> its centre 8x8 (cells 4..11) after 2^j generations,
    // j = 0, 1 or 2.
    std::uint64_t advance16(std::uint64_t nw, std::uint64_t ne, std::uint64_t sw, std::uint64_t se,
                            int j) const;

    // One generation of an n x n square (n even, 4 <= n <= 16; row y in the
    // low n bits of rows[y]) -> its (n-2) x (n-2) centre in out[0..n-3].
    void step_rows(const std::uint32_t* rows, int n, std::uint32_t* out) const;

    // The next state of the centre of 4x4 block `window` (column-major,
    // see above), as 2 x 2 bits: bit 0 (1,1), bit 1 (2,1), bit 2 (1,2),
    // bit 3 (2,2).
    unsigned centre(unsigned window) const { return table_[window]; }

    bool births_on_empty() const { return births_on_empty_; }

  private:
    std::array<std::uint8_t, 65536> table_{};
    bool births_on_empty_ = false;
};

}  // namespace toroid::hashlife
