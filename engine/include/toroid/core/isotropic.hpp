// Isotropic non-totalistic rules: the letters of Hensel's notation.
//
// An isotropic rule decides a cell's fate by the configuration of its live
// neighbours up to rotation and reflection, not only by their number. Each
// class of configurations is named by its count and a letter:
//
//   Moore (8 neighbours, Golly's notation after Alan Hensel): counts 1 and
//   7: c e; 2 and 6: a c e i k n; 3 and 5: a c e i j k n q r y; 4: a c e i j
//   k n q r t w y z; counts 0 and 8 have one configuration each: 2^8
//   neighbourhoods in 51 classes. A letter of counts 5..7 names the
//   complement of the configuration it names for 8 minus the count (5c: the
//   three dead neighbours are a 3c). The configurations, on the block
//
//        NW N NE        1c: one corner       2a: a corner and an edge beside it
//        W  .  E        1e: one edge         2i: two opposite edges   ...
//        SW S SE
//
//   are defined by one representative each in isotropic.cpp; all rotations
//   and reflections of it belong to the class.
//
//   Hexagonal (6 neighbours NW N E SE S W on the square storage, a ring in
//   that order; LifeViewer's and lifelib's notation): counts 2, 3 and 4 have
//   the letters m o p: 2o two adjacent (ortho), 2m one apart (meta), 2p
//   opposite (para); 3o three in a row, 3m two adjacent and one apart, 3p
//   alternating; 4x is the complement of 2x. 2^6 neighbourhoods, 13 classes.
//
// Rule strings give per count either all configurations (the digit alone),
// some (the digit and letters), or all but some (the digit, '-', letters).
// Masks here have bit i set for letter i of the count's alphabet (in the
// alphabetical order above); a count without letters has one bit.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/range1_table.hpp"

namespace toroid {

using LetterMasks = std::array<std::uint16_t, 9>;  // per count

// The letters of `count` in alphabetical order ("" when the count has none:
// counts 0 and the maximum, every count of von Neumann rules, hexagonal 1 and 5).
std::string_view isotropic_letters(Neighbourhood n, int count);
// All configurations of `count`: every letter's bit, or 1 without letters.
std::uint16_t full_mask(Neighbourhood n, int count);

// The neighbours counted and the letter index of block `index` (the centre
// and cells outside the neighbourhood are ignored); letter -1 when the
// count has no letters.
int neighbour_count(Neighbourhood n, unsigned index);
int isotropic_letter(Neighbourhood n, unsigned index);

// The table of a rule given per count the configurations that are born and
// that survive.
Range1Table isotropic_table(Neighbourhood n, const LetterMasks& birth, const LetterMasks& survive);
// The masks of a table, when it is isotropic on neighbourhood n (depends only
// on the centre and the letter class of the rest); false otherwise.
bool isotropic_masks(const Range1Table& t, Neighbourhood n, LetterMasks& birth,
                     LetterMasks& survive);

// Golly's canonical spelling of a partial mask of `count` (not 0, not full):
// the letters, alphabetically, or '-' and the letters left out when that is
// shorter; a tie keeps the plain letters.
std::string canonical_letters(Neighbourhood n, int count, std::uint16_t mask);

}  // namespace toroid
