// The bodies of a corrected count rule (count_corrections.hpp) that need
// the count's slices: the count rule through ternary switches and the
// letter terms through letter_circuits.hpp. TOROID_HD, used by
// step_variant.hpp's NearTotalisticStep in every stepping loop.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/count_corrections.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/letter_circuits.hpp"
#include "toroid/core/ternary.hpp"

namespace toroid {

// apply_rule() of bitslice.hpp, cheaper: births and survivals of counts
// 0-7 are each one ternary of the slices b2 b1 b0 (the immediate is the
// mask itself: bit k = count k), chosen by a switch that predicts (the
// same for every word); a count of 8 (b3 set, the low slices 0, so read as
// count 0) is patched when the rule answers 8 and 0 differently.
template <Neighbourhood K, class W>
TOROID_HD W count_rule_next(W self, const Count4<W>& count, std::uint32_t birth,
                            std::uint32_t survive) {
    const W born = ternary_switch(birth, count.b2, count.b1, count.b0);
    const W kept = ternary_switch(survive, count.b2, count.b1, count.b0);
    W next = mux(born, kept, self);
    if constexpr (K == Neighbourhood::Moore) {
        const std::uint32_t eight =
            ((birth ^ (birth >> 8)) & 1u) | (((survive ^ (survive >> 8)) & 1u) << 1);
        if (eight) next ^= count.b3 & mux(splat_bit<W>(eight, 0), splat_bit<W>(eight, 1), self);
    }
    return next;
}

// `base` corrected by c's letter terms (c.letter_terms > 0): the terms are
// disjoint, so OR-ing them and flipping is exact.
template <Neighbourhood K, class W>
TOROID_HD W apply_letter_terms(const CountCorrections& c, const W (&cell)[9],
                               const Count4<W>& count, W base) {
    W fix{};
    for (int i = 0; i < c.letter_terms; ++i) {
        if constexpr (K == Neighbourhood::Hexagonal)
            fix |= hex_letter_term(c.letter_term[i], cell, count);
        else
            fix |= moore_letter_term(c.letter_term[i], cell, count);
    }
    return base ^ fix;
}

}  // namespace toroid
