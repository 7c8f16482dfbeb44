// The plain matcher of rule tables: Golly's @TABLE semantics written out,
// the reference every compiled table is checked against (tests and
// `toroid selftest --rules tables`).
//
// It walks the transitions one by one for every cell, and for each tries
// every image under the table's symmetries, computed geometrically (a
// quarter turn (dx, dy) -> (-dy, dx), a mirror (dx, dy) -> (-dx, dy); on the
// hexagonal grid a sixth of a turn (dx, dy) -> (dx - dy, dx) and the mirror
// (dx, dy) -> (dy, dx); rotate8 as a shift of the ring of eight neighbours),
// and for `permute` every permutation of the neighbours. The first match
// gives the next state; no match keeps the state. Slow and obviously right:
// it shares nothing with the compiler (core/rule_table.cpp) but the parsed
// transitions.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule_table.hpp"

namespace toroid {

class TableReference {
  public:
    explicit TableReference(RuleTable table);
    std::uint8_t next(const Block3x3& block) const;
    const RuleTable& table() const { return table_; }

  private:
    RuleTable table_;
    std::vector<std::vector<std::pair<int, int>>> images_;  // offsets per image, table order
};

// A grid's cell states, a byte each, row-major (what step_byte_torus steps).
std::vector<std::uint8_t> state_bytes(const Grid& g);

// Steps a torus of byte cells (row-major, width x height) one generation
// with `next` applied to every cell's block.
template <class Next>
std::vector<std::uint8_t> step_byte_torus(const Next& next, const std::vector<std::uint8_t>& cells,
                                          std::int64_t width, std::int64_t height) {
    auto cell = [&](std::int64_t x, std::int64_t y) {
        x = ((x % width) + width) % width;
        y = ((y % height) + height) % height;
        return cells[std::size_t(y * width + x)];
    };
    std::vector<std::uint8_t> out(cells.size());
    for (std::int64_t y = 0; y < height; ++y)
        for (std::int64_t x = 0; x < width; ++x)
            out[std::size_t(y * width + x)] = next(Block3x3{
                cell(x - 1, y - 1), cell(x, y - 1), cell(x + 1, y - 1), cell(x - 1, y), cell(x, y),
                cell(x + 1, y), cell(x - 1, y + 1), cell(x, y + 1), cell(x + 1, y + 1)});
    return out;
}

}  // namespace toroid
