// Canonical object codes in the manner of apgsearch / Catagolue ("apgcodes").
//
// Extended Wechsler format (LifeWiki "Apgcode"): the object's bounding box is
// cut into strips of 5 rows; each strip is written column by column, a
// column as one character 0-9a-v holding its 5 cells (top row = bit 0), and
// strips are separated by 'z'. Runs of empty columns are shortened: "0" for
// one, "w" for two, "x" for three, "y" plus a character 0-9a-z for 4..39;
// trailing empty columns of a strip are dropped.
//
// The canonical code of an object is the shortest of its representations
// over every orientation and every phase of its period, the
// lexicographically smallest among the shortest, prefixed by the kind:
//   xs<population>_...  still life       block xs4_33, beehive xs6_696
//   xp<period>_...      oscillator       blinker xp2_7
//   xq<period>_...      spaceship        glider xq4_153
// Orientations are the 8 symmetries of the square for Moore and von Neumann
// rules, and the 4 that preserve the hexagonal neighbourhood (identity,
// half turn, transpose, anti-transpose) for hexagonal rules.
#pragma once

#include <string>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

// Representation of `cells` as given (cropped to its bounding box first).
std::string wechsler(const Grid& cells);
// Orientation o in 0..7: bit 2 transposes, bit 0 mirrors x, bit 1 mirrors y
// (applied after the transpose).
Grid orient(const Grid& cells, int o);
// The canonical representation over the phases and the orientations `n` allows.
std::string canonical_wechsler(const std::vector<Grid>& phases, Neighbourhood n);

enum class ObjectKind { Still, Oscillator, Ship };
// "xs4_33", "xp2_7", "xq4_153".
std::string object_code(ObjectKind kind, std::uint64_t period, std::uint64_t population,
                        const std::vector<Grid>& phases, Neighbourhood n);

}  // namespace toroid
