// The states of von Neumann's 29-state automaton and its 32-state
// extensions, numbered as Golly numbers them (its patterns use these):
//
//    0       U      ground (unexcitable)
//    1..8    S, S0, S1, S00, S01, S10, S11, S000: sensitised, the path of
//            bits received so far while a cell is being constructed
//    9..12   ordinary transmission (OTS) pointing east, north, west, south
//   13..16   the same, excited
//   17..20   special transmission (STS) pointing east, north, west, south
//   21..24   the same, excited
//   25..28   confluent: 25 quiet, 26 holding an excitation for the next
//            tick, 27 emitting one now, 28 both
//   29..31   (Nobili32, Hutton32) a confluent crossing an excitation
//            horizontally, vertically, both ways
//
// Directions are 0 east, 1 north, 2 west, 3 south; a neighbour on side k
// of a cell (east neighbour: side 0) points at the cell when its direction
// is k + 2 (mod 4). The rules themselves: jvn_rules.cpp (JvN29, Nobili32)
// and hutton32_rule.cpp (Hutton32).
#pragma once

#include <cstdint>

namespace toroid::jvn {

constexpr std::uint8_t kGround = 0;
constexpr std::uint8_t kOrdinary = 9;    // + direction, + 4 when excited
constexpr std::uint8_t kSpecial = 17;    // + direction, + 4 when excited
constexpr std::uint8_t kConfluent = 25;  // quiet
constexpr std::uint8_t kHeld = 26;       // holding an excitation
constexpr std::uint8_t kEmitting = 27;   // emitting one
constexpr std::uint8_t kEmitHold = 28;   // both
constexpr std::uint8_t kCrossH = 29;     // crossing an excitation horizontally
constexpr std::uint8_t kCrossV = 30;     // vertically
constexpr std::uint8_t kCrossBoth = 31;  // both ways

constexpr bool sensitised(std::uint8_t s) {
    return s >= 1 && s <= 8;
}
constexpr bool ordinary(std::uint8_t s) {
    return s >= 9 && s <= 16;
}
constexpr bool special(std::uint8_t s) {
    return s >= 17 && s <= 24;
}
constexpr bool transmission(std::uint8_t s) {
    return s >= 9 && s <= 24;
}
constexpr bool confluent_like(std::uint8_t s) {
    return s >= 25 && s <= 31;
}
constexpr bool excited_transmission(std::uint8_t s) {
    return (s >= 13 && s <= 16) || (s >= 21 && s <= 24);
}
constexpr int direction(std::uint8_t transmission_state) {
    return (transmission_state - 9) & 3;
}
// A transmission state without its excitation.
constexpr std::uint8_t quiet(std::uint8_t s) {
    return excited_transmission(s) ? std::uint8_t(s - 4) : s;
}
constexpr int opposite(int d) {
    return (d + 2) & 3;
}

// The four neighbours of a cell by side (east, north, west, south).
struct Sides {
    std::uint8_t at[4];
};

std::uint8_t next_jvn29_nobili32(std::uint8_t c, const Sides& sides, bool nobili);
std::uint8_t next_hutton32(std::uint8_t c, const Sides& sides);

}  // namespace toroid::jvn
