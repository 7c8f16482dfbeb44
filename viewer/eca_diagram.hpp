// EcaDiagram: a 1-D (Wolfram) rule shown as a scrolling space-time diagram.
//
// The ring is `width` cells; the diagram keeps the last `height` generations
// in a Grid used as a ring buffer of rows (row `head` is the oldest), so a
// new generation costs one ring step and one row copy, never a scroll of the
// whole image. Drawn with time downwards, the newest generation at the
// bottom; the renderer reads the rows through an origin of -head.
#pragma once

#include <cstdint>
#include <string>

#include "toroid/core/grid.hpp"
#include "toroid/eca/eca_ring.hpp"

namespace toroid::view {

class EcaDiagram {
  public:
    EcaDiagram() = default;
    // init: as `toroid eca --init` (center, left, right, random:SEED, 0/1 string).
    EcaDiagram(int rule, std::int64_t width, std::int64_t height, const std::string& init);

    int rule() const { return rule_; }
    std::uint64_t generation() const { return generation_; }
    const EcaRing& ring() const { return ring_; }
    const Grid& rows() const { return rows_; }
    // Row `origin_y` of the plane is the oldest kept generation.
    std::int64_t origin_y() const { return -head_; }

    void step(std::uint64_t generations);

  private:
    void push_row();

    int rule_ = 110;
    EcaRing ring_;
    Grid rows_;
    std::int64_t head_ = 0;
    std::uint64_t generation_ = 0;
};

// "W110" (Golly's name for Wolfram rules, any case) -> 110; -1 when `text`
// does not start with W (a 2-D rule, or a bad one); InputError for W300.
int parse_wolfram_rule(const std::string& text);

}  // namespace toroid::view
