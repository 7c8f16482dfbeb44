// EcaDiagram: a 1-D (Wolfram) rule shown as a scrolling space-time diagram.
//
// The ring is `width` cells and runs on a 1-D backend of the registry
// (toroid/eca/eca_backend.hpp: "auto", "cpu", "cuda"), as `toroid eca` runs
// it; the diagram keeps the last `height` generations in a Grid used as a
// ring buffer of rows (row `head` is the oldest), so a new generation costs
// one backend step, one read of the ring and one row copy, never a scroll of
// the whole image. Drawn with time downwards: generation 0 in the top row
// until the rows are full, then the oldest kept at the top and the newest at
// the bottom; the renderer reads the rows through an origin of -head.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "toroid/core/grid.hpp"
#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/eca/eca_rule.hpp"  // parse_wolfram_rule: W<n> in a rule field

namespace toroid::view {

class EcaDiagram {
  public:
    EcaDiagram() = default;
    // init: as `toroid eca --init` (center, left, right, random:SEED, 0/1
    // string) or soup:DENSITY:SEED (eca_start_ring). The ring and the kept
    // rows are refused (InputError) before anything is allocated when they
    // do not fit.
    EcaDiagram(int rule, std::int64_t width, std::int64_t height, const std::string& init,
               const std::string& backend = "auto", int threads = 0);

    int rule() const { return rule_; }
    std::uint64_t generation() const { return generation_; }
    const EcaRing& ring() const { return ring_; }
    const Grid& rows() const { return rows_; }
    // Row `origin_y` of the plane is the oldest kept generation.
    std::int64_t origin_y() const { return filled_ < rows_.height() ? 0 : -head_; }
    // Rows holding generations so far (at most the height).
    std::int64_t filled() const { return filled_; }
    // Backend::describe() of the backend that runs the ring.
    std::string describe() const;

    void step(std::uint64_t generations);

  private:
    void push_row();

    int rule_ = 110;
    std::unique_ptr<EcaBackend> backend_;
    EcaRing ring_;  // the newest generation, as read from the backend
    Grid rows_;
    std::int64_t head_ = 0;    // the row the next generation goes to
    std::int64_t filled_ = 0;  // rows written so far, at most the height
    std::uint64_t generation_ = 0;
};

// A 1-D start ring of `width` cells: eca_initial_ring's specs (center, left,
// right, random:SEED, a 0/1 string), or soup:DENSITY:SEED, the first row of
// the 2-D soup of that density and seed (toroid/core/soup.hpp), which is what
// --soup DENSITY --seed SEED start a 1-D rule with. InputError otherwise.
EcaRing eca_start_ring(std::int64_t width, const std::string& spec);

}  // namespace toroid::view
