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
// rules, and the 12 of the hexagonal lattice for hexagonal rules, as lifelib
// codes them (Golly's hexagonal layout: the neighbours of (x, y) are
// (x +- 1, y), (x, y +- 1), (x + 1, y + 1) and (x - 1, y - 1); a sixth of a
// turn maps (x, y) to (x - y, x), and the transpose is a mirror): the
// diagonal and the upright domino are one object there, xp2_3 in B2/S34H.
//
// Generations rules (3..256 states) are coded as lifelib codes them: the
// cells are split into layers (generations_layers: layer 0 the live cells,
// layer 1 the dying ones, layer 2 + k bit k of the generations a dying cell
// has left before it dies, states - 1 - s for state s), trailing empty
// layers dropped; each layer is written over the box of all of them (empty
// leading columns and strips kept, an empty layer "0") and the layers are
// joined by '_', one orientation for all. Brian's Brain's ship (two live
// cells followed by two dying ones) is xq1_03_3 in g3b2s; an object whose
// shortest phase holds only live cells reads as a two-state code
// (g3b3s23's xp3_318c). The population of xs codes counts every state.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

// Representation of `cells` as given (cropped to its bounding box first).
std::string wechsler(const Grid& cells);
// Representation of the whole grid, not cropped ("0" when empty).
std::string wechsler_of_box(const Grid& cells);
// The layers a cell in `state` is in, bit k for layer k (see above).
unsigned generations_layer_bits(int state, int states);
// lifelib's layers of a Generations rule's cells (see above), each the
// grid's size, trailing empty layers dropped (at least one kept).
std::vector<Grid> generations_layers(const Grid& cells, int states);
// Orientation o in 0..7: bit 2 transposes, bit 0 mirrors x, bit 1 mirrors y
// (applied after the transpose). Cell states are kept.
Grid orient(const Grid& cells, int o);
// Hexagonal orientation o in 0..11: o % 6 sixths of a turn, then the
// transpose when o >= 6 (cropped to the result's bounding box; states kept).
Grid hex_orient(const Grid& cells, int o);
// The canonical representation over the phases and the orientations `n`
// allows; `states` > 2: a Generations rule's layers.
std::string canonical_wechsler(const std::vector<Grid>& phases, Neighbourhood n, int states = 2);
// The same, with the phase and the orientation (orient()'s or
// hex_orient()'s o) that write it: the cells an apgcode decodes to.
struct CanonicalForm {
    std::string repr;
    std::size_t phase = 0;
    int orientation = 0;
};
CanonicalForm canonical_form(const std::vector<Grid>& phases, Neighbourhood n, int states = 2);

enum class ObjectKind { Still, Oscillator, Ship };
// "xs4_33", "xp2_7", "xq4_153".
std::string object_code(ObjectKind kind, std::uint64_t period, std::uint64_t population,
                        const std::vector<Grid>& phases, Neighbourhood n, int states = 2);

}  // namespace toroid
