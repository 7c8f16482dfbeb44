// EcaRing: the state of a 1-D elementary automaton, a ring of cells.
//
// Canonical layout, as for the rows of a 2-D Grid: cell x (0 <= x < width)
// is bit x % 64 of word x / 64; the padding bits past `width` in the last
// word are always 0, so two rings are equal iff their words are. The ring
// wraps: the left neighbour of cell 0 is cell width-1, and on tiny rings
// neighbours repeat (width 1: both neighbours are the cell itself; width 2:
// both are the other cell).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace toroid {

class EcaRing {
  public:
    EcaRing() = default;
    // Throws InputError for width < 1 or a ring too large for this machine's memory.
    explicit EcaRing(std::int64_t width);

    std::int64_t width() const { return width_; }
    std::int64_t word_count() const { return static_cast<std::int64_t>(words_.size()); }
    std::span<std::uint64_t> words() { return words_; }
    std::span<const std::uint64_t> words() const { return words_; }

    // x is taken modulo the width (any integer is accepted).
    bool get(std::int64_t x) const;
    void set(std::int64_t x, bool alive);

    std::uint64_t population() const;
    // Clears padding bits past `width` (after raw word writes).
    void mask_padding();
    // One character per cell, cell 0 first.
    std::string to_string(char live = '#', char dead = '.') const;

    bool operator==(const EcaRing&) const = default;

  private:
    std::int64_t width_ = 0;
    std::vector<std::uint64_t> words_;
};

// Bytes of one ring of `width` >= 1 cells (InputError otherwise).
std::uint64_t eca_ring_bytes(std::int64_t width);
// Refuses, before allocating, `copies` rings of `width` cells that would not
// fit in the available memory (toroid/memory.hpp); the message says how much
// is needed and available. EcaBackend::check_fits adds a backend's own copies.
void check_eca_fits(std::int64_t width, std::uint64_t copies, std::string_view what = "a ring");

// The initial ring for `toroid eca --init SPEC`:
//   center (or centre)  one live cell at width / 2
//   left / right         one live cell at 0 / width - 1
//   random:SEED          each cell live with probability 1/2, from SplitMix64(SEED)
//   a string of 0 and 1  exactly `width` characters, character x = cell x
// Anything else is an InputError that says what was expected.
EcaRing eca_initial_ring(std::int64_t width, std::string_view spec);

}  // namespace toroid
