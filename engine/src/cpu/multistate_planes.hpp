// The multi-state CPU backend's storage and the seam between its two parts.
//
// States are bit-sliced (docs/architecture.md "Multi-state cells"): the live
// plane (state 1) and `counter` planes holding k = state - 1 for the dying
// states 2.., all in the canonical Grid layout (row-major, cell x = bit x % 64
// of word x / 64, padding bits zero). A step is two passes over the rows:
//
//   decide   the rule's birth/survival decision on the live plane alone
//            (dying cells count as dead): `next` gets, per cell, 1 where a
//            live cell survives or a cell with no live state is born. Range 1
//            rules run the two-state engines' word functions (step_variant.hpp,
//            multistate_range1.cpp); range-r rules sum their neighbourhoods
//            (multistate_range_sum.cpp).
//   decay    Generations' counter, shared by every multi-state rule
//            (multistate_backend.cpp): a dying cell is never born, a live cell
//            that does not survive starts dying, dying cells age and die.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "toroid/core/rule.hpp"

namespace toroid::detail {

struct StatePlanes {
    std::int64_t width = 0, height = 0, words_per_row = 0;
    std::vector<std::uint64_t> live;                  // state 1
    std::vector<std::vector<std::uint64_t>> counter;  // bit p of k = state - 1 (dying cells)

    const std::uint64_t* live_row(std::int64_t y) const { return live.data() + y * words_per_row; }
    std::uint64_t last_word_mask() const {
        const int used = int(width % 64);
        return used == 0 ? ~std::uint64_t(0) : (std::uint64_t(1) << used) - 1;
    }
};

// Writes the decision of rows [y0, y1) of `cur` into next (rows y0.. of a
// plane of cur's layout). Called from several threads on disjoint row ranges.
using DecideRows = std::function<void(const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                                      std::uint64_t* next)>;

// The decision of a rule of range 1 (Generations on the Moore, hexagonal or
// von Neumann neighbourhood, with letters or a MAP table): its two-state
// rule's step variant on the live plane, in the best instruction set this
// CPU has (multistate_range1.cpp chooses among the simd/multistate_rows_*
// builds of simd/multistate_rows.inl).
DecideRows range1_decision(const Rule& two_state);
DecideRows multistate_rows_portable(const Rule& two_state);
// The decision of a range-r rule (Larger than Life, HROT): counts by running
// sums (simd/multistate_range.inl), in the best instruction set.
DecideRows range_decision(const Rule& rule);
DecideRows multistate_range_portable(const Rule& rule);
DecideRows multistate_range_avx2(const Rule& rule);
DecideRows multistate_range_avx512(const Rule& rule);
// The decay of rows [y0, y1): next.live holds their decision, becomes their
// live cells; cur.counter is updated in place (a cell's counter depends on
// that cell alone, and no decision reads counters: half the memory traffic
// of a second set of planes). last_k = states - 2.
using DecayRows = void (*)(StatePlanes& cur, StatePlanes& next, std::int64_t y0, std::int64_t y1,
                           int last_k);
DecayRows decay_rows();  // in the best instruction set this CPU has
void multistate_decay_portable(StatePlanes&, StatePlanes&, std::int64_t, std::int64_t, int);
void multistate_decay_avx2(StatePlanes&, StatePlanes&, std::int64_t, std::int64_t, int);
void multistate_decay_avx512(StatePlanes&, StatePlanes&, std::int64_t, std::int64_t, int);
DecideRows multistate_rows_avx2(const Rule& two_state);
DecideRows multistate_rows_avx512(const Rule& two_state);

// A row's words with their west (x - 1) and east (x + 1) neighbours shifted
// into place, wrapping around the torus row (width cells, words words).
void shift_row(const std::uint64_t* row, std::int64_t width, std::int64_t words,
               std::uint64_t* west, std::uint64_t* east);

}  // namespace toroid::detail
