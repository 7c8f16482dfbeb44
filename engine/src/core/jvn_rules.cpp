// von Neumann's 29-state automaton (JvN29), Renato Nobili's 32-state
// extension (Nobili32) and the StateRule of the whole family, Hutton32
// included (its transitions: hutton32_rule.cpp). States: jvn_states.hpp.
// Written from von Neumann's rules as Golly's help and its references
// describe them, and checked cell by cell against bgolly.
//
// A cell sees its four orthogonal neighbours. What matters of them:
//  * transmission states pointing at the cell: an ordinary one (OTS) is an
//    ordinary input, quiet or excited; an excited special one (STS) is a
//    special excitation;
//  * transmission states beside the cell not pointing at it: outputs;
//  * confluent states emitting (27, 28), and crossings (29..31) along their
//    axis, unless the cell is a transmission state pointing into them.
// The transitions:
//  * ground: any excited transmission pointing at it sensitises it (S);
//  * sensitised: each tick appends a bit (1 when an excited transmission
//    points at it) to its path, and the paths 10000/10001 (OTS east/north),
//    1001 (OTS west), 1010/1011 (OTS south, STS east), 1100/1101 (STS north,
//    west), 1110/1111 (STS south, confluent) end in a new cell;
//  * a transmission state is destroyed (back to ground) by an excitation of
//    the other kind pointing at it, otherwise it is excited next tick when
//    an excited transmission of its kind points at it (not head on: two
//    states pointing at each other do not pass excitations) or an emitting
//    confluent is beside it (one it does not point into);
//  * a confluent is destroyed by a special excitation; it takes in an
//    excitation when all its ordinary inputs are excited (at least one),
//    holds it one tick and emits it the next. In Nobili32 a confluent with
//    no transmission output keeps its state, and one with ordinary inputs
//    and outputs on both axes is a crossing: it passes each axis's input
//    excitation straight on (29..31) instead of combining them.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <string_view>

#include "jvn_states.hpp"
#include "toroid/core/builtin_families.hpp"
#include "toroid/fnv1a.hpp"

namespace toroid {
namespace jvn {

std::uint8_t next_jvn29_nobili32(std::uint8_t c, const Sides& sides, bool nobili) {
    const bool c_transmits = transmission(c);
    bool ordinary_in[2] = {false, false};       // by axis: 0 east-west, 1 north-south
    bool ordinary_excited[2] = {false, false};  // by axis
    bool ordinary_quiet = false;
    bool special_excited = false;
    bool output[2] = {false, false};  // by axis
    bool driven = false;              // an excitation reaches a transmission state
    for (int side = 0; side < 4; ++side) {
        const std::uint8_t x = sides.at[side];
        const int axis = side & 1;
        const bool c_points_at_it = c_transmits && direction(c) == side;
        if (transmission(x)) {
            if (direction(x) != opposite(side)) {
                output[axis] = true;
                continue;
            }
            const bool excited = excited_transmission(x);
            if (ordinary(x)) {
                ordinary_in[axis] = true;
                (excited ? ordinary_excited[axis] : ordinary_quiet) = true;
            } else if (excited) {
                special_excited = true;
            }
            if (excited && !c_points_at_it) driven = true;
        } else if (confluent_like(x) && !c_points_at_it) {
            const bool emits = x == kEmitting || x == kEmitHold ||
                               ((x == kCrossH || x == kCrossBoth) && axis == 0) ||
                               ((x == kCrossV || x == kCrossBoth) && axis == 1);
            if (emits) driven = true;
        }
    }
    const bool any_ordinary_excited = ordinary_excited[0] || ordinary_excited[1];

    if (c == kGround) return any_ordinary_excited || special_excited ? 1 : kGround;
    if (sensitised(c)) {
        // The construction paths: the next state on a 0 and on a 1.
        static constexpr std::uint8_t kPath[9][2] = {
            {0, 1},            // (ground)
            {2, 3},            // S
            {4, 5},            // S0
            {6, 7},            // S1
            {8, 9 + 2},        // S00: S000, OTS west
            {9 + 3, 17 + 0},   // S01: OTS south, STS east
            {17 + 1, 17 + 2},  // S10: STS north, STS west
            {17 + 3, 25},      // S11: STS south, confluent
            {9 + 0, 9 + 1},    // S000: OTS east, OTS north
        };
        return kPath[c][any_ordinary_excited || special_excited ? 1 : 0];
    }
    if (c_transmits) {
        if (ordinary(c) ? special_excited : any_ordinary_excited) return kGround;
        return std::uint8_t(quiet(c) + (driven ? 4 : 0));
    }
    // Confluent states and crossings.
    if (special_excited) return kGround;
    if (nobili && ordinary_in[0] && ordinary_in[1] && output[0] && output[1]) {
        if (ordinary_excited[0] && ordinary_excited[1]) return kCrossBoth;
        if (ordinary_excited[0]) return kCrossH;
        if (ordinary_excited[1]) return kCrossV;
        return kConfluent;
    }
    const bool held = c == kHeld || c == kEmitHold;  // what it emits next tick
    if (any_ordinary_excited && !ordinary_quiet) return held ? kEmitHold : kHeld;
    if (!nobili || output[0] || output[1]) return held ? kEmitting : kConfluent;
    return c >= kCrossH ? kConfluent : c;  // Nobili's memory: nothing to emit into
}

}  // namespace jvn

namespace {

enum class JvnVariant : std::uint8_t { JvN29, Nobili32, Hutton32 };

// Golly's colours of the 32 states (the first 29 for JvN29).
constexpr std::array<StateColour, 32> kJvnColours{{
    {48, 48, 48},    {255, 0, 0},     {255, 125, 0},   {255, 150, 25}, {255, 175, 50},
    {255, 200, 75},  {255, 225, 100}, {255, 250, 125}, {251, 255, 0},  {89, 89, 255},
    {106, 106, 255}, {122, 122, 255}, {139, 139, 255}, {27, 176, 27},  {36, 200, 36},
    {73, 255, 73},   {106, 255, 106}, {235, 36, 36},   {255, 56, 56},  {255, 73, 73},
    {255, 89, 89},   {185, 56, 255},  {191, 73, 255},  {197, 89, 255}, {203, 106, 255},
    {0, 255, 128},   {255, 128, 64},  {255, 255, 128}, {33, 215, 215}, {27, 176, 176},
    {24, 156, 156},  {21, 137, 137},
}};

class JvnRule final : public StateRule {
  public:
    JvnRule(std::string name, JvnVariant variant)
        : name_(std::move(name)), variant_(variant), digest_(fnv1a64("jvn-family:" + name_)) {}

    const std::string& name() const override { return name_; }
    int states() const override { return variant_ == JvnVariant::JvN29 ? 29 : 32; }
    CellNeighbourhood neighbourhood() const override { return CellNeighbourhood::VonNeumann; }
    std::uint64_t digest() const override { return digest_; }
    std::vector<StateColour> colours() const override {
        return {kJvnColours.begin(), kJvnColours.begin() + states()};
    }

    std::uint8_t next(const Block3x3& b) const override {
        const jvn::Sides sides{{b.e, b.n, b.w, b.s}};
        if (variant_ == JvnVariant::Hutton32) return jvn::next_hutton32(b.c, sides);
        return jvn::next_jvn29_nobili32(b.c, sides, variant_ == JvnVariant::Nobili32);
    }

    void step_row(const std::uint8_t* above, const std::uint8_t* row, const std::uint8_t* below,
                  std::int64_t width, std::uint8_t* out) const override {
        // Most of a JvN pattern is ground with ground around it, which stays
        // ground (only an excited arrow pointing at a cell wakes it): eight
        // such cells at a time are zeros (8-byte loads of row x-1..x+8 and
        // of the rows above and below), the others next() each.
        auto load = [](const std::uint8_t* p) {
            std::uint64_t v;
            std::memcpy(&v, p, sizeof v);
            return v;
        };
        auto one = [&](std::int64_t x) {
            return next(Block3x3{0, above[x], 0, row[x - 1], row[x], row[x + 1], 0, below[x], 0});
        };
        std::int64_t x = 0;
        for (; x + 8 <= width; x += 8) {
            if ((load(row + x - 1) | load(row + x + 1) | load(above + x) | load(below + x)) == 0) {
                std::memset(out + x, 0, 8);
                continue;
            }
            for (std::int64_t k = x; k < x + 8; ++k)
                out[k] = row[k - 1] | row[k] | row[k + 1] | above[k] | below[k] ? one(k) : 0;
        }
        for (; x < width; ++x) out[x] = one(x);
    }

  private:
    std::string name_;
    JvnVariant variant_;
    std::uint64_t digest_;
};

bool equals_nocase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
           });
}

}  // namespace

std::shared_ptr<const StateRule> make_jvn_family_rule(const std::string& name) {
    // Golly's names and its older spellings.
    static constexpr struct {
        std::string_view name, old_name;
        JvnVariant variant;
    } kNames[] = {{"JvN29", "JvN-29", JvnVariant::JvN29},
                  {"Nobili32", "JvN-32", JvnVariant::Nobili32},
                  {"Hutton32", "modJvN-32", JvnVariant::Hutton32}};
    for (const auto& entry : kNames)
        if (equals_nocase(name, entry.name) || equals_nocase(name, entry.old_name))
            return std::make_shared<JvnRule>(std::string(entry.name), entry.variant);
    return nullptr;
}

}  // namespace toroid
