// CountCorrections: a table rule as a count rule plus a few corrected
// neighbourhoods, for the near-totalistic rules people run (B2-a/S12,
// B3/S23-q, B2o3m/S2pH).
//
// Most isotropic rules differ from an outer-totalistic rule in a few Hensel
// letters. Such a rule costs Life's bit-sliced neighbour count (bitslice.hpp)
// and the count rule, then an exclusive-or with the cells whose
// neighbourhood the count rule gets wrong:
//
//     next = count_rule_next(self, count, birth, survive)
//          ^ OR over groups (state s, count n) of
//              [self == s] & [count == n] & OR over the group's patterns p
//                                            of "the cells of p are live"
//
// The count rule is two functions of the count's three low slices, each a
// vpternlogq whose immediate is the rule's birth (survival) counts 0-7,
// chosen by a switch over the 256 immediates (ternary.hpp), a count of 8
// patched from b3; about five gates where a multiplexer tree costs
// seventeen.
//
// Given count == n, a pattern of n live neighbours is present exactly when
// its n cells are live, or equally when the other N - n neighbours are dead
// (N = 8, 6 or 4 for Moore, hexagonal, von Neumann), so a pattern costs
// min(n, N - n) literals. Per (state, count), the count rule takes the
// cheaper side, so "all but one letter" costs one letter. The corrections
// come in two forms:
//
//   * letter terms, when the table is isotropic (Moore or hexagonal): per
//     corrected (state, count, letter) one term id, evaluated by the
//     compiled function of that Hensel letter (letter_circuits.hpp: the OR
//     over its orientations, factored, cells in registers, no table read)
//     through a switch that predicts, because the ids are the same for
//     every word. B2-a/S12 is one term (2a: 11 gates), B3/S23-q one (3q:
//     7 gates), B2o3m/S2pH four;
//   * patterns otherwise (a MAP table close to a count rule): the cells of
//     each pattern read from the block at run-time indices, by width.
//
// compile_count_corrections() derives this from the table alone (a MAP
// string of an isotropic rule takes letter terms too) and refuses,
// returning false, when the table depends on a cell outside its
// neighbourhood or the corrections exceed the budgets below; such rules run
// as their circuit or table tree (rule_circuit.hpp, table_tree.hpp). The
// budgets are what fits in CompiledRule (plain kernel data) and keeps the
// corrections cheaper than the tree.
//
// evaluate_count_corrections() is TOROID_HD, shared by every stepping loop
// (step_variant.hpp's NearTotalisticStep), so all backends agree with the
// table bit for bit.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"
#include "toroid/core/range1_table.hpp"
#include "toroid/core/ternary.hpp"

namespace toroid {

enum class Neighbourhood : std::uint8_t;

struct CountCorrections {
    static constexpr int kMaxGroups = 8;         // (state, count) pairs corrected
    static constexpr int kMaxTerms = 24;         // patterns over all groups
    static constexpr int kMaxLiterals = 48;      // cells tested over all patterns
    static constexpr int kMaxLetterTerms = 20;   // letter terms
    static constexpr int kMaxLetterGates = 200;  // their letter functions' gates, + 3 a term

    std::uint16_t birth = 0, survive = 0;  // the count rule (bit k = count k)
    std::uint8_t groups = 0;
    std::uint8_t group_alive[kMaxGroups] = {};  // 1: corrects live cells, 0: dead ones
    std::uint8_t group_count[kMaxGroups] = {};  // n
    // Each pattern of a group tests `width` cells (min(n, N - n), 0..4), all
    // live or (`dead` set, when n > N - n) all dead.
    std::uint8_t group_width[kMaxGroups] = {};
    std::uint8_t group_dead[kMaxGroups] = {};
    std::uint8_t group_end[kMaxGroups] = {};  // patterns [group_end[g-1], group_end[g])
    // The cells (range1_table.hpp's order, 0..8) of the patterns, in order.
    std::uint8_t literal[kMaxLiterals] = {};
    // Letter terms (letter_circuits.hpp's ids), used instead of the groups
    // when letter_terms > 0 (then groups == 0).
    std::uint8_t letter_terms = 0;
    std::uint8_t letter_term[kMaxLetterTerms] = {};

    std::int32_t terms() const { return groups ? group_end[groups - 1] : 0; }
    std::int32_t literals() const {
        std::int32_t n = 0;
        for (int g = 0, t = 0; g < groups; t = group_end[g++])
            n += (group_end[g] - t) * group_width[g];
        return n;
    }
    bool operator==(const CountCorrections&) const = default;
};

// The cheapest count rule and corrections of `table` on neighbourhood n;
// false (out untouched) when over budget or when the table reads a cell
// outside n.
bool compile_count_corrections(const Range1Table& table, Neighbourhood n, CountCorrections& out);

namespace detail {

// OR over the patterns [t, end) of Width cells each at `lit` (advanced):
// all live, or all dead when Dead. Written out per width, so that a
// pattern is one or two gates and no loop of its own.
template <int Width, bool Dead, class W>
TOROID_HD W any_pattern(const W (&cell)[9], const std::uint8_t*& lit, int t, int end) {
    W any{};
    for (; t < end; ++t, lit += Width) {
        W v = cell[lit[0]];
        if constexpr (Dead) {
            if constexpr (Width > 1) v |= cell[lit[1]];
            if constexpr (Width > 2) v |= cell[lit[2]];
            if constexpr (Width > 3) v |= cell[lit[3]];
            any |= ~v;
        } else {
            if constexpr (Width > 1) v &= cell[lit[1]];
            if constexpr (Width > 2) v &= cell[lit[2]];
            if constexpr (Width > 3) v &= cell[lit[3]];
            any |= v;
        }
    }
    return any;
}

}  // namespace detail

// The pattern form: `base`, the count rule's answer (count_rule_next() of
// corrected_count_rule.hpp on c.birth / c.survive), corrected on the
// groups' patterns. `cell` are the block's nine cells (range1_table.hpp's
// order), `count` the bit-sliced count of the neighbourhood's live cells
// (Count4).
template <class W, class Count>
TOROID_HD W evaluate_count_corrections(const CountCorrections& c, const W (&cell)[9],
                                       const Count& count, W base) {
    const W self = cell[4];
    W fix{};
    const std::uint8_t* lit = c.literal;
    for (int g = 0, t = 0; g < c.groups; t = c.group_end[g++]) {
        const int end = c.group_end[g];
        W any;
        switch (c.group_width[g] * 2 + c.group_dead[g]) {
            case 2:
                any = detail::any_pattern<1, false>(cell, lit, t, end);
                break;
            case 3:
                any = detail::any_pattern<1, true>(cell, lit, t, end);
                break;
            case 4:
                any = detail::any_pattern<2, false>(cell, lit, t, end);
                break;
            case 5:
                any = detail::any_pattern<2, true>(cell, lit, t, end);
                break;
            case 6:
                any = detail::any_pattern<3, false>(cell, lit, t, end);
                break;
            case 7:
                any = detail::any_pattern<3, true>(cell, lit, t, end);
                break;
            case 8:
                any = detail::any_pattern<4, false>(cell, lit, t, end);
                break;
            case 9:
                any = detail::any_pattern<4, true>(cell, lit, t, end);
                break;
            default:
                any = ~W{};
                break;  // count 0 or N: the count alone says which pattern
        }
        // count == n, slice by slice (all ones where a slice must be set).
        const std::uint64_t n = c.group_count[g];
        const W differs = (count.b0 ^ (0 - (n & 1))) | (count.b1 ^ (0 - ((n >> 1) & 1))) |
                          (count.b2 ^ (0 - ((n >> 2) & 1))) | (count.b3 ^ (0 - ((n >> 3) & 1)));
        const W state = c.group_alive[g] ? self : ~self;
        fix |= any & state & ~differs;
    }
    return base ^ fix;
}

}  // namespace toroid
