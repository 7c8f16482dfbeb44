// A grid's cell states as one byte a cell (row-major, width x height, no
// padding) and back: what the byte-cell backends (the CUDA backends of named,
// Generations and range-r rules) copy to and from device memory.
//
// Word by word over the grid's planes (the live plane, then the counter
// planes of the dying states: core/grid.hpp), 64 cells at a time and empty
// words skipped, rather than Grid::state() a cell: a 65536^2 torus converts
// in seconds, not minutes. state_bytes() (core/table_reference.hpp) is the
// cell-by-cell definition the tests compare these with.
#pragma once

#include <cstdint>

#include "toroid/core/grid.hpp"

namespace toroid {

// Writes g's states into out[0 .. width * height).
void grid_to_state_bytes(const Grid& g, std::uint8_t* out);

// The grid of `width` x `height` cells whose states are bytes[0 .. width *
// height), with the counter planes of a rule of `states` states (Grid::
// planes_for_states); a byte beyond them adds planes, as Grid::set_state does.
Grid grid_from_state_bytes(const std::uint8_t* bytes, std::int64_t width, std::int64_t height,
                           int states);

}  // namespace toroid
