// Hutton32: Tim Hutton's 2008 variant of Nobili32 (same 32 states,
// jvn_states.hpp) in which the end of a single ordinary wire constructs and
// retracts by itself, and what it builds is oriented relative to the wire
// writing it ("turn left" rather than "write an up arrow"). Transitions as
// Tim Hutton defined them for Golly's JvN algorithm, in our own words:
//
//  * A wire writes a bit into a sensitised cell with its end cell: an
//    excited OTS arrow for 1, an excited STS arrow for 0. The sensitised
//    paths (ground -> S on any excited arrow, then one bit a tick) end in:
//      1000+1 an OTS pointing back along the input, 1010 an OTS turned
//      right, 1011 an STS straight on, 1100 an STS turned left, 1101 an
//      STS pointing back, 1110 an STS turned right, 1111 a confluent,
//      10000 an OTS straight on, 10001 an OTS turned left;
//    a ground cell hit by an excited STS arrow directly becomes an OTS in
//    the arrow's direction.
//  * An OTS (quiet or excited): destroyed by an excited STS arrow; fed by an
//    excited OTS or an emitting confluent (not one it points into) it
//    retracts to ground when its output is about to become an OTS or is a
//    quiet STS, becomes S when its output is about to become a confluent,
//    otherwise is excited; unfed, it retracts when its output is about to
//    become a confluent, an excited one marks a sensitised output that
//    stays sensitised by becoming an excited STS (the "0" bit), else it
//    quiets.
//  * An STS: an excited one at the end of an OTS wire, pointing into a
//    sensitised cell, is that marker: it keeps marking, turns into an
//    excited OTS on a 1, and when the output finishes it retracts to
//    ground on a 1 or back to a quiet OTS. Otherwise an excited STS
//    pointing into ground stays excited while fed by an excited STS arrow;
//    any STS is destroyed by an excited OTS arrow, and is excited by an
//    excited STS or emitting confluent pointing at it.
//  * Confluents: destroyed by an excited STS arrow; a quiet confluent with
//    two transmission inputs and two outputs crosses signals like Nobili's
//    (29..31); otherwise it holds an excitation when all its OTS inputs are
//    excited, and emits it a tick later (25..28 as in JvN29).
#include "jvn_states.hpp"

namespace toroid::jvn {
namespace {

enum Side { kEast = 0, kNorth = 1, kWest = 2, kSouth = 3 };

struct Around {
    std::uint8_t c;
    Sides s;
    std::uint8_t at(int side) const { return s.at[side]; }
};

// The cell the centre (a transmission state) points into.
std::uint8_t output_of(const Around& a) {
    return transmission(a.c) ? a.at(direction(a.c)) : 0;
}
// The first excited transmission state pointing at the cell, looking west,
// south, east, north in turn; 0 when none.
std::uint8_t input_of(const Around& a) {
    static constexpr int kOrder[] = {kWest, kSouth, kEast, kNorth};
    for (int side : kOrder) {
        const std::uint8_t x = a.at(side);
        if (excited_transmission(x) && direction(x) == opposite(side)) return x;
    }
    return 0;
}
// The cell's quiet state: transmission and confluent excitations dropped.
std::uint8_t quiesce(std::uint8_t x) {
    if (excited_transmission(x)) return std::uint8_t(x - 4);
    if (x >= kHeld && x <= kCrossBoth) return kConfluent;
    return x;
}
// What reaches the cell from side `side`: an excited arrow of `base` (9
// ordinary, 17 special) pointing at it, or, with `confluents`, an emitting
// confluent or a crossing along that axis; never through a centre arrow of
// the same kind pointing back at that side.
bool excitation_from(const Around& a, int side, std::uint8_t base, bool confluents) {
    const std::uint8_t x = a.at(side);
    const std::uint8_t arrow = std::uint8_t(base + 4 + opposite(side));
    bool hit = x == arrow;
    if (confluents) {
        const std::uint8_t crossing = side & 1 ? kCrossV : kCrossH;
        hit = hit || x == kEmitting || x == kEmitHold || x == crossing || x == kCrossBoth;
    }
    const bool centre_points_back = a.c == base + side || a.c == base + 4 + side;
    return hit && !centre_points_back;
}
bool excitation(const Around& a, std::uint8_t base, bool confluents) {
    for (int side = 0; side < 4; ++side)
        if (excitation_from(a, side, base, confluents)) return true;
    return false;
}
bool excited_ots_arrow(const Around& a) {
    return excitation(a, kOrdinary, false);
}
bool excited_ots_or_confluent(const Around& a) {
    return excitation(a, kOrdinary, true);
}
bool excited_sts_arrow(const Around& a) {
    return excitation(a, kSpecial, false);
}
bool excited_sts_or_confluent(const Around& a) {
    return excitation(a, kSpecial, true);
}

bool ots_arrow_at_us(const Around& a) {
    for (int side = 0; side < 4; ++side)
        if (ordinary(a.at(side)) && direction(a.at(side)) == opposite(side)) return true;
    return false;
}
// All ordinary arrows pointing at the cell are excited, and there is one.
bool all_ordinary_inputs_on(const Around& a) {
    bool quiet_input = false, excited_input = false;
    for (int side = 0; side < 4; ++side) {
        const std::uint8_t x = a.at(side);
        quiet_input = quiet_input || x == kOrdinary + opposite(side);
        excited_input = excited_input || x == kOrdinary + 4 + opposite(side);
    }
    return excited_input && !quiet_input;
}
// Two transmission states point at the cell and two beside it point away.
bool crossing_shape(const Around& a) {
    int inputs = 0, outputs = 0;
    for (int side = 0; side < 4; ++side) {
        const std::uint8_t x = a.at(side);
        if (!transmission(x)) continue;
        (direction(x) == opposite(side) ? inputs : outputs) += 1;
    }
    return inputs == 2 && outputs == 2;
}
std::uint8_t crossing_state(const Around& a) {
    const bool vertical =
        a.at(kNorth) == kOrdinary + 4 + kSouth || a.at(kSouth) == kOrdinary + 4 + kNorth;
    const bool horizontal =
        a.at(kEast) == kOrdinary + 4 + kWest || a.at(kWest) == kOrdinary + 4 + kEast;
    return vertical && horizontal ? kCrossBoth
           : vertical             ? kCrossV
           : horizontal           ? kCrossH
                                  : kConfluent;
}

// What the centre, a transmission state, will see its output become.
bool output_becomes_ots(const Around& a) {
    const std::uint8_t out = output_of(a);
    const bool e = excited_transmission(a.c);
    return out == 8 || (out == 4 && e) || (out == 5 && !e);
}
bool output_becomes_confluent(const Around& a) {
    return output_of(a) == 7 && excited_transmission(a.c);
}
bool output_stays_sensitised(const Around& a) {
    const std::uint8_t out = output_of(a);
    return (out == 0 && excited_transmission(a.c)) || out == 1 || out == 2 || out == 3 ||
           (out == 4 && !ordinary(a.c));
}

// Turn a direction-carrying input into a state of `base` turned by `turn`
// quarter turns anticlockwise, with the wrap-around arithmetic of the
// original definition (an absent input, state 0, gives its fixed values).
std::uint8_t turned(std::uint8_t input, int turn, int base) {
    const int d = (int(quiesce(input)) - 9 + turn) % 4;  // C's remainder: -1..-3 possible
    return std::uint8_t(d + base);
}

std::uint8_t next_sensitised(const Around& a) {
    const bool one = excited_ots_arrow(a);
    const std::uint8_t in = input_of(a);
    switch (a.c) {
        case 1:
            return one ? 3 : 2;
        case 2:
            return one ? 5 : 4;
        case 3:
            return one ? 7 : 6;
        case 4:
            return one ? turned(in, 2, kOrdinary) : 8;  // 1001: back
        case 5:
            return one ? std::uint8_t(quiesce(in) + 8) : turned(in, 3, kOrdinary);  // 1011, 1010
        case 6:
            return turned(in, one ? 2 : 1, kSpecial);  // 1101, 1100
        case 7:
            return one ? kConfluent : turned(in, 3, kSpecial);  // 1111, 1110
        default: {  // 8: 10001 turns left, 10000 goes straight on
            const int d = (int(in) + (one ? 1 : 0) - 9) % 4;
            return std::uint8_t(9 + d);
        }
    }
}

}  // namespace

std::uint8_t next_hutton32(std::uint8_t c, const Sides& sides) {
    const Around a{c, sides};
    if (ordinary(c)) {
        if (excited_sts_arrow(a)) return kGround;
        if (excited_ots_or_confluent(a)) {
            const std::uint8_t out = output_of(a);
            if (output_becomes_ots(a) || (special(out) && !excited_transmission(out)))
                return kGround;
            if (output_becomes_confluent(a)) return 1;
            return std::uint8_t(quiesce(c) + 4);
        }
        if (output_becomes_confluent(a)) return kGround;
        if (excited_transmission(c) && output_stays_sensitised(a))
            return std::uint8_t(quiesce(c) + 12);
        return quiesce(c);
    }
    if (special(c)) {
        const bool excited = excited_transmission(c);
        if (excited && sensitised(output_of(a)) && ots_arrow_at_us(a)) {
            // The marker at the end of an OTS wire writing a 0.
            if (output_stays_sensitised(a)) return excited_ots_arrow(a) ? std::uint8_t(c - 8) : c;
            return excited_ots_arrow(a) ? kGround : std::uint8_t(quiesce(c) - 8);
        }
        if (excited && output_of(a) == kGround) return excited_sts_arrow(a) ? c : quiesce(c);
        if (excited_ots_arrow(a)) return kGround;
        if (excited_sts_or_confluent(a)) return std::uint8_t(quiesce(c) + 4);
        return quiesce(c);
    }
    if (c == kGround) {
        if (excited_ots_arrow(a)) return 1;
        if (excited_sts_arrow(a)) return std::uint8_t(quiesce(input_of(a)) - 8);
        return kGround;
    }
    if (sensitised(c)) return next_sensitised(a);
    if (c == kConfluent || c >= kCrossH) {
        if (excited_sts_arrow(a)) return kGround;
        if (c == kConfluent && !crossing_shape(a))
            return all_ordinary_inputs_on(a) ? kHeld : kConfluent;
        return crossing_state(a);
    }
    // 26..28: hold and emit.
    if (excited_sts_arrow(a)) return kGround;
    const bool in = all_ordinary_inputs_on(a);
    const bool held = c == kHeld || c == kEmitHold;
    return held ? (in ? kEmitHold : kEmitting) : (in ? kHeld : kConfluent);
}

}  // namespace toroid::jvn
