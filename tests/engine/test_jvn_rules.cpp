// von Neumann's family (JvN29, Nobili32, Hutton32): names, the construction
// paths of sensitised cells, signals on ordinary and special lines,
// destruction, confluent delay and conjunction, Nobili's crossings and
// memory, Hutton's self-retracting construction; step_row against next().
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "state_torus.hpp"
#include "toroid/core/state_rule.hpp"

namespace toroid {
namespace {

using test::StateTorus;

std::shared_ptr<const StateRule> rule(const std::string& name) {
    auto r = find_builtin_state_rule(name);
    if (!r) ADD_FAILURE() << "no built-in rule " << name;
    return r;
}

// A centre `c` with its four neighbours.
struct Around {
    std::uint8_t n = 0, w = 0, e = 0, s = 0;
};
std::uint8_t step(const StateRule& r, std::uint8_t c, Around a) {
    return r.next(Block3x3{0, a.n, 0, a.w, c, a.e, 0, a.s, 0});
}

// States (jvn_states.hpp): OTS east/north/west/south 9..12 (+4 excited),
// STS 17..20 (+4), confluent 25..28, crossings 29..31.
constexpr std::uint8_t kOtsEast = 9, kOtsNorth = 10, kOtsWest = 11, kOtsSouth = 12;
constexpr std::uint8_t kStsEast = 17, kStsNorth = 18, kStsWest = 19, kStsSouth = 20;
constexpr std::uint8_t excited(std::uint8_t s) {
    return std::uint8_t(s + 4);
}

TEST(JvnFamily, Names) {
    EXPECT_EQ(rule("JvN29")->name(), "JvN29");
    EXPECT_EQ(rule("jvn-29")->name(), "JvN29");
    EXPECT_EQ(rule("NOBILI32")->name(), "Nobili32");
    EXPECT_EQ(rule("JvN-32")->name(), "Nobili32");
    EXPECT_EQ(rule("modJvN-32")->name(), "Hutton32");
    EXPECT_EQ(rule("hutton32")->name(), "Hutton32");
    EXPECT_EQ(rule("JvN29")->states(), 29);
    EXPECT_EQ(rule("Nobili32")->states(), 32);
    EXPECT_EQ(rule("Hutton32")->states(), 32);
    EXPECT_EQ(rule("Hutton32")->neighbourhood(), CellNeighbourhood::VonNeumann);
    EXPECT_EQ(find_builtin_state_rule("JvN"), nullptr);
    EXPECT_EQ(find_builtin_state_rule("JvN30"), nullptr);
    EXPECT_NE(rule("JvN29")->digest(), rule("Nobili32")->digest());
    EXPECT_EQ(rule("JvN29")->colours().size(), 29u);
    EXPECT_EQ(rule("Hutton32")->colours()[25], (StateColour{0, 255, 128}));
}

// Von Neumann's construction: a ground cell hit by an excitation becomes
// S, then each tick appends the bit it receives until its path names a cell.
TEST(JvnFamily, SensitisedPathsBuildEachCell) {
    const std::pair<const char*, std::uint8_t> paths[] = {
        {"0000", kOtsEast}, {"0001", kOtsNorth}, {"001", kOtsWest},
        {"010", kOtsSouth}, {"011", kStsEast},   {"100", kStsNorth},
        {"101", kStsWest},  {"110", kStsSouth},  {"111", 25}};
    for (const char* name : {"JvN29", "Nobili32"}) {
        const auto r = rule(name);
        for (auto [bits, built] : paths) {
            std::uint8_t c = step(*r, 0, {.w = excited(kOtsEast)});
            ASSERT_EQ(c, 1);
            for (const char* b = bits; *b; ++b)
                c = step(*r, c, {.w = *b == '1' ? excited(kOtsEast) : kOtsEast});
            EXPECT_EQ(c, built) << name << " path 1" << bits;
        }
        // An excited special arrow sensitises too; a quiet one does not.
        EXPECT_EQ(step(*r, 0, {.n = excited(kStsSouth)}), 1);
        EXPECT_EQ(step(*r, 0, {.n = kStsSouth}), 0);
        EXPECT_EQ(step(*r, 0, {.n = excited(kOtsNorth)}), 0);  // pointing away
    }
}

// A ring of transmission states around the torus carries one excitation a
// cell per tick, for every rule and both kinds.
TEST(JvnFamily, LinesCarryAnExcitation) {
    for (const char* name : {"JvN29", "Nobili32", "Hutton32"})
        for (std::uint8_t kind : {kOtsEast, kStsEast}) {
            const auto r = rule(name);
            StateTorus t(8, 3);
            for (int x = 0; x < 8; ++x) t.at(x, 1) = kind;
            t.at(0, 1) = excited(kind);
            for (int gen = 1; gen <= 8; ++gen) {
                t = t.step(*r);
                for (int x = 0; x < 8; ++x)
                    ASSERT_EQ(t.at(x, 1), x == gen % 8 ? excited(kind) : kind)
                        << name << " gen " << gen;
            }
        }
}

TEST(JvnFamily, EachKindOfExcitationDestroysTheOther) {
    for (const char* name : {"JvN29", "Nobili32", "Hutton32"}) {
        const auto r = rule(name);
        EXPECT_EQ(step(*r, kOtsNorth, {.w = excited(kStsEast)}), 0) << name;
        EXPECT_EQ(step(*r, kStsNorth, {.w = excited(kOtsEast)}), 0) << name;
        EXPECT_EQ(step(*r, 25, {.s = excited(kStsNorth)}), 0) << name;
        EXPECT_EQ(step(*r, kOtsNorth, {.w = excited(kOtsEast)}), excited(kOtsNorth))
            << name;  // from the side
        EXPECT_EQ(step(*r, kOtsNorth, {.s = excited(kOtsNorth)}), excited(kOtsNorth)) << name;
        EXPECT_EQ(step(*r, kStsSouth, {.e = excited(kStsWest)}), excited(kStsSouth)) << name;
    }
    // Head on: two arrows pointing at each other pass nothing.
    const auto jvn = rule("JvN29");
    EXPECT_EQ(step(*jvn, kOtsEast, {.e = excited(kOtsWest)}), kOtsEast);
    EXPECT_EQ(step(*jvn, excited(kOtsEast), {}), kOtsEast);
}

// A confluent cell takes an excitation in, holds it a tick and emits it
// into its outputs (not back into its input).
TEST(JvnFamily, ConfluentDelaysBySomeTicks) {
    for (const char* name : {"JvN29", "Nobili32", "Hutton32"}) {
        const auto r = rule(name);
        StateTorus t(6, 3, {{excited(kOtsEast), 25, kOtsEast, kOtsEast}});
        t = t.step(*r);
        EXPECT_EQ(t, StateTorus(6, 3, {{kOtsEast, 26, kOtsEast, kOtsEast}})) << name;
        t = t.step(*r);
        EXPECT_EQ(t, StateTorus(6, 3, {{kOtsEast, 27, kOtsEast, kOtsEast}})) << name;
        t = t.step(*r);
        EXPECT_EQ(t, StateTorus(6, 3, {{kOtsEast, 25, excited(kOtsEast), kOtsEast}})) << name;
        t = t.step(*r);
        EXPECT_EQ(t, StateTorus(6, 3, {{kOtsEast, 25, kOtsEast, excited(kOtsEast)}})) << name;
    }
}

TEST(JvnFamily, ConfluentIsAConjunctionOfOrdinaryInputs) {
    for (const char* name : {"JvN29", "Nobili32", "Hutton32"}) {
        const auto r = rule(name);
        EXPECT_EQ(step(*r, 25, {.n = excited(kOtsSouth), .w = excited(kOtsEast), .e = kOtsEast}),
                  26)
            << name;
        EXPECT_EQ(step(*r, 25, {.n = kOtsSouth, .w = excited(kOtsEast), .e = kOtsEast}), 25)
            << name;
        EXPECT_EQ(step(*r, 26, {.n = excited(kOtsSouth), .e = kOtsEast}), 28) << name;
        EXPECT_EQ(step(*r, 28, {.e = kOtsEast}), 27) << name;
        EXPECT_EQ(step(*r, 27, {.w = excited(kOtsEast), .e = kOtsEast}), 26) << name;
    }
    // A special input only destroys; JvN29's confluent always moves on,
    // Nobili's keeps its state when it has nothing to emit into.
    const auto jvn = rule("JvN29"), nobili = rule("Nobili32");
    EXPECT_EQ(step(*jvn, 26, {}), 27);
    EXPECT_EQ(step(*jvn, 27, {}), 25);
    EXPECT_EQ(step(*nobili, 26, {}), 26);
    EXPECT_EQ(step(*nobili, 27, {.w = kOtsEast}), 27);
    EXPECT_EQ(step(*nobili, 27, {.s = kOtsSouth}), 25);
}

TEST(JvnFamily, NobiliConfluentsCrossSignals) {
    // Inputs from the west and the north, outputs east and south.
    const Around h{.n = kOtsSouth, .w = excited(kOtsEast), .e = kOtsEast, .s = kOtsSouth};
    const Around v{.n = excited(kOtsSouth), .w = kOtsEast, .e = kOtsEast, .s = kOtsSouth};
    const Around both{
        .n = excited(kOtsSouth), .w = excited(kOtsEast), .e = kOtsEast, .s = kOtsSouth};
    for (const char* name : {"Nobili32", "Hutton32"}) {
        const auto r = rule(name);
        EXPECT_EQ(step(*r, 25, h), 29) << name;
        EXPECT_EQ(step(*r, 25, v), 30) << name;
        EXPECT_EQ(step(*r, 25, both), 31) << name;
        // A crossing excites its outputs on its axis only.
        EXPECT_EQ(step(*r, kOtsEast, {.w = 29}), excited(kOtsEast)) << name;
        EXPECT_EQ(step(*r, kOtsSouth, {.n = 29}), kOtsSouth) << name;
        EXPECT_EQ(step(*r, kOtsSouth, {.n = 30}), excited(kOtsSouth)) << name;
        EXPECT_EQ(step(*r, kOtsSouth, {.n = 31}), excited(kOtsSouth)) << name;
    }
    // JvN29 has no crossing: a quiet input blocks the conjunction.
    const auto jvn = rule("JvN29");
    EXPECT_EQ(step(*jvn, 25, h), 25);
    EXPECT_EQ(step(*jvn, 25, both), 26);
}

TEST(Hutton32, WritesRelativeToTheWireAndRetracts) {
    const auto r = rule("Hutton32");
    // The end of an ordinary wire writes 1 as an excited OTS arrow, 0 as an
    // excited STS arrow; 10000 builds an arrow straight on, 10001 one
    // turned left, whichever way the wire points.
    EXPECT_EQ(step(*r, 8, {.w = excited(kStsEast)}), kOtsEast);
    EXPECT_EQ(step(*r, 8, {.s = excited(kStsNorth)}), kOtsNorth);
    EXPECT_EQ(step(*r, 8, {.w = excited(kOtsEast)}), kOtsNorth);
    EXPECT_EQ(step(*r, 8, {.n = excited(kOtsSouth)}), kOtsEast);
    EXPECT_EQ(step(*r, 4, {.w = excited(kOtsEast)}), kOtsWest);   // 1001: reverse
    EXPECT_EQ(step(*r, 5, {.e = excited(kStsWest)}), kOtsNorth);  // 1010: turn right
    EXPECT_EQ(step(*r, 5, {.e = excited(kOtsWest)}), kStsWest);   // 1011: STS forward
    EXPECT_EQ(step(*r, 7, {.w = excited(kOtsEast)}), 25);         // 1111: confluent
    // A ground cell hit by an excited STS arrow becomes an OTS straight on
    // (JvN29 sensitises it).
    EXPECT_EQ(step(*r, 0, {.w = excited(kStsEast)}), kOtsEast);
    EXPECT_EQ(step(*rule("JvN29"), 0, {.w = excited(kStsEast)}), 1);
    // The excited end of a wire facing ground marks the 0 bit as an excited
    // STS; JvN29's just quiets.
    EXPECT_EQ(step(*r, excited(kOtsEast), {.w = kOtsEast}), excited(kStsEast));
    EXPECT_EQ(step(*rule("JvN29"), excited(kOtsEast), {.w = kOtsEast}), kOtsEast);
    // A wire end fed a 1 while its output is about to become an OTS retracts.
    EXPECT_EQ(step(*r, kOtsEast, {.w = excited(kOtsEast), .e = 8}), 0);
    // ... and re-sensitises itself when its output is about to become a
    // confluent (1111 written), for the next write.
    EXPECT_EQ(step(*r, excited(kOtsEast), {.w = excited(kOtsEast), .e = 7}), 1);
    EXPECT_EQ(step(*r, excited(kOtsEast), {.w = kOtsEast, .e = 7}), 0);
    // An STS marker keeps marking a 0 written into a sensitised cell, and
    // turns into an excited OTS for a 1.
    EXPECT_EQ(step(*r, excited(kStsEast), {.w = kOtsEast, .e = 1}), excited(kStsEast));
    EXPECT_EQ(step(*r, excited(kStsEast), {.w = excited(kOtsEast), .e = 1}), excited(kOtsEast));
    EXPECT_EQ(step(*r, 6, {.w = excited(kStsEast)}), kStsNorth);  // 1100: STS turned left
    EXPECT_EQ(step(*r, 6, {.w = excited(kOtsEast)}), kStsWest);   // 1101: STS reverse
}

TEST(JvnFamily, StepRowIsNextPerCell) {
    std::mt19937_64 rng(5);
    for (const char* name : {"JvN29", "Nobili32", "Hutton32"}) {
        const auto r = rule(name);
        std::vector<std::uint8_t> all;
        for (int s = 1; s < r->states(); ++s) all.push_back(std::uint8_t(s));
        for (double density : {0.01, 0.1, 0.5, 1.0}) {
            StateTorus t(29, 17);
            t.fill_random(rng, all, density);
            EXPECT_EQ(t.step_rows(*r), t.step(*r)) << name << " density " << density;
        }
        // One arrow pointing each way into ground, at every column: the
        // ground cell it wakes may sit at either end of a run step_row
        // skips.
        for (std::uint8_t arrow :
             {excited(kOtsEast), excited(kOtsWest), excited(kStsNorth), excited(kStsSouth)})
            for (int x = 0; x < 29; ++x) {
                StateTorus t(29, 5);
                t.at(x, 2) = arrow;
                ASSERT_EQ(t.step_rows(*r), t.step(*r))
                    << name << " arrow " << int(arrow) << " at " << x;
            }
    }
}

}  // namespace
}  // namespace toroid
