// Outcomes and (possibly loopy) Sprague-Grundy values.
//
// Outcome is seen from the player to move: P = previous player wins (the
// mover loses with best play), N = next player (the mover) wins, Draw = play
// can go on for ever with best play (only in games whose graph has cycles).
//
// LoopyValue is the generalised Sprague-Grundy value of Smith / Fraenkel:
// either a finite nim-value g (P iff g == 0), or "infinity(K)" where K is the
// set of finite values among the position's followers. An infinity position
// is N iff 0 is in K, otherwise it is a draw. Sums follow Smith's rules:
// g1 + g2 = g1 xor g2, g + infinity(K) = infinity(K xor g), and the sum of two
// infinities is infinity(empty), a draw.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace toroid::games {

enum class Outcome { P, N, Draw };

// "P" / "N" / "draw".
std::string to_string(Outcome outcome);
// A sentence for users: "loss for the player to move", ...
std::string describe(Outcome outcome);

struct LoopyValue {
    bool finite = true;
    std::uint64_t value = 0;                  // valid when finite
    std::vector<std::uint64_t> infinity_set;  // K, sorted, when !finite

    static LoopyValue of(std::uint64_t g) { return LoopyValue{true, g, {}}; }
    Outcome outcome() const;
    std::string to_string() const;  // "5", "inf", "inf(0,2)"
    bool operator==(const LoopyValue&) const = default;
};

// Smith's sum of two loopy values (see the header comment).
LoopyValue loopy_sum(const LoopyValue& a, const LoopyValue& b);

}  // namespace toroid::games
