// Golly's Super algorithm: any deterministic two-state range-1 rule with
// History (7 states), Super (26) or Investigator (21) states on top
// (core/builtin_families.hpp for the names). Written from Golly's help
// (Help/Algorithms/Super.html) and checked cell by cell against bgolly.
//
// History and Super: odd states are ON, even states OFF. Which cells are ON
// next is the two-state rule applied to the ON/OFF picture, with one
// exception: an ON cell touching a state-6 "boundary" cell turns OFF
// whatever the rule says (and in Super, the extra states 7, 8 and 13..25
// touching a state-6 cell vanish to 0). The states only decide what colour
// an ON or OFF cell takes:
//   History  a cell that dies leaves its trail: 1 -> 2, 3 -> 4 (marked),
//            5 -> 4; a cell born is 1, or 3 on a marked cell (4); state 6
//            is never born.
//   Super    the same for states 0..6; 7/8 are the no-trail boundary (8 is
//            born 7, 7 dies 8); 9 and 11 die into their trails 10 and 12;
//            the no-trail ON states 13, 15, .., 25 die to 0. A cell born on
//            any other OFF state takes a colour from its ON neighbours:
//            their single trail or no-trail state when they agree (next to
//            plain 1, 3, 5 or 7 only the combinations below keep a colour),
//            13 when only no-trail states (and 7) are around, else 1. The
//            label states change while OFF: 14 vanishes, 16 becomes 14
//            next to an ON cell or a 14, 18 -> 22 -> 20 -> 18 each when a
//            neighbour is in the state it goes to, 24 becomes 18 next to
//            an ON cell, a 14 or an 18.
//   Investigator (no odd/even convention) states 2..20 are fixed or toggle
//            with period 2 (6/7, 10/11, 12/13, 19/20); a 0 or 1 is forced
//            by "killer" neighbours (a 1 dies next to 2, 3, 6, 7, 14, 16)
//            and "egg" neighbours (a 0 is born next to 8, 9, 12, 13, 14), a
//            0 next to a catalyst (15, 16) is born only if a 1 is near, and
//            otherwise the rule decides with each neighbour counted ON or
//            OFF by its state (17/19 are ON for births only, 18/20 for
//            survival only).
// Neighbours are the rule's neighbourhood (Moore, hexagonal or von Neumann)
// for every one of these tests, as in Golly.
//
// step_row takes a fast path where a run of cells' blocks hold only states
// 0 and 1, and the trail state 2 in History and Super (most cells of a
// typical pattern): there the next state is the rule's table lookup, with
// a dying 1 leaving its trail 2.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <string_view>

#include "toroid/core/builtin_families.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"
#include "toroid/fnv1a.hpp"

namespace toroid {
namespace {

enum class SuperMode : std::uint8_t { History, Super, Investigator };

constexpr std::uint32_t bit(int s) {
    return std::uint32_t(1) << s;
}
// Super: the ON states with a trail and without one.
constexpr std::uint32_t kOdd1To25 = 0x2AAAAAAu;  // 1, 3, 5, .., 25
constexpr std::uint32_t kTrailOn = bit(1) | bit(3) | bit(5) | bit(9) | bit(11);
constexpr std::uint32_t kLowOn = bit(1) | bit(3) | bit(5) | bit(7);
constexpr std::uint32_t kHighOn = kOdd1To25 & ~(bit(1) | bit(3) | bit(5) | bit(7));  // 9..25
constexpr std::uint32_t kNoTrailOn = kHighOn & ~(bit(9) | bit(11));                  // 13..25
// Investigator: the neighbours that force a 1 off, a 0 on, and the
// catalysts that need a 1 nearby; which states count ON for a birth (a 0's
// neighbours) and for a survival (a 1's).
constexpr std::uint32_t kKillers = bit(2) | bit(3) | bit(6) | bit(7) | bit(14) | bit(16);
constexpr std::uint32_t kEggs = bit(8) | bit(9) | bit(12) | bit(13) | bit(14);
constexpr std::uint32_t kCatalysts = bit(15) | bit(16);
constexpr std::uint32_t kOnForBirth = bit(1) | bit(2) | bit(4) | bit(6) | bit(8) | bit(10) |
                                      bit(12) | bit(15) | bit(16) | bit(17) | bit(19);
constexpr std::uint32_t kOnForSurvival = (kOnForBirth & ~(bit(17) | bit(19))) | bit(18) | bit(20);

bool single_state(std::uint32_t set) {
    return set != 0 && (set & (set - 1)) == 0;
}
std::uint8_t lowest_state(std::uint32_t set) {
    return std::uint8_t(__builtin_ctz(set));
}

// Golly's colours: the Super rules' 26, the History rules' 7 (state 2 a
// darker blue, 3 greenish white) and the Investigator rules' 21.
constexpr std::array<StateColour, 26> kSuperColours{{
    {48, 48, 48},    {0, 255, 0},     {0, 0, 160},     {255, 216, 255}, {255, 0, 0},
    {255, 255, 0},   {96, 96, 96},    {255, 105, 180}, {128, 0, 128},   {0, 191, 255},
    {0, 64, 128},    {64, 224, 208},  {0, 128, 64},    {255, 255, 255}, {255, 99, 71},
    {250, 128, 114}, {219, 112, 147}, {255, 165, 0},   {245, 222, 179}, {0, 255, 255},
    {192, 192, 192}, {192, 255, 128}, {255, 182, 193}, {0, 255, 127},   {1, 1, 1},
    {255, 0, 127},
}};
constexpr std::array<StateColour, 7> kHistoryColours{{
    {48, 48, 48},
    {0, 255, 0},
    {0, 0, 128},
    {216, 255, 216},
    {255, 0, 0},
    {255, 255, 0},
    {96, 96, 96},
}};
constexpr std::array<StateColour, 21> kInvestigatorColours{{
    {0, 0, 0},      {0, 236, 91},  {0, 192, 254}, {254, 0, 0},     {254, 254, 254}, {75, 75, 75},
    {239, 41, 254}, {64, 0, 128},  {254, 230, 0}, {150, 128, 0},   {130, 200, 0},   {0, 120, 40},
    {254, 140, 0},  {140, 70, 0},  {0, 0, 254},   {192, 192, 192}, {128, 128, 128}, {254, 112, 140},
    {174, 0, 168},  {0, 152, 127}, {0, 73, 59},
}};

class SuperFamilyRule final : public StateRule {
  public:
    SuperFamilyRule(std::string name, SuperMode mode, const Range1Table& table, CellNeighbourhood n)
        : name_(std::move(name)), mode_(mode), table_(table), neighbourhood_(n) {
        std::string key = "super-family:" + std::to_string(int(mode_)) + ':' +
                          std::to_string(int(neighbourhood_)) + ':';
        for (std::uint64_t w : table_.bits) key += std::to_string(w) + ',';
        digest_ = fnv1a64(key);
    }

    const std::string& name() const override { return name_; }
    int states() const override {
        return mode_ == SuperMode::History ? 7 : mode_ == SuperMode::Super ? 26 : 21;
    }
    CellNeighbourhood neighbourhood() const override { return neighbourhood_; }
    std::uint64_t digest() const override { return digest_; }

    std::vector<StateColour> colours() const override {
        if (mode_ == SuperMode::History) return {kHistoryColours.begin(), kHistoryColours.end()};
        if (mode_ == SuperMode::Super) return {kSuperColours.begin(), kSuperColours.end()};
        return {kInvestigatorColours.begin(), kInvestigatorColours.end()};
    }

    std::uint8_t next(const Block3x3& b) const override {
        const std::uint32_t around = neighbour_states(b);
        switch (mode_) {
            case SuperMode::History:
                return next_history(b, around);
            case SuperMode::Super:
                return next_super(b, around);
            case SuperMode::Investigator:
                return next_investigator(b, around);
        }
        return b.c;
    }

    void step_row(const std::uint8_t* above, const std::uint8_t* row, const std::uint8_t* below,
                  std::int64_t width, std::uint8_t* out) const override {
        // Eight cells at a time: when their blocks (columns x-1..x+8 of the
        // three rows, two overlapping 8-byte loads per row) hold only plain
        // states, each cell is a table lookup on an index rolled one column
        // at a time; an all-zero run is zeros (no rule here is born on
        // nothing, see make_super_family_rule). Otherwise next() per cell.
        // Plain: 0 and 1, and in History and Super also the trail 2, which
        // is OFF like 0 and only stays 2 where 0 stays 0 (a birth on it is
        // 1, as on 0, with no other state around).
        const bool trails = mode_ != SuperMode::Investigator;
        constexpr std::uint64_t kBytes = 0x0101010101010101ull;
        auto not_plain = [&](std::uint64_t v) {  // a byte above 1 (Investigator) or 2
            return trails ? (v & (~std::uint64_t(0) - 3 * kBytes)) | (v & (v >> 1) & kBytes)
                          : v & (~std::uint64_t(0) - kBytes);
        };
        auto column = [&](std::int64_t x) {  // a right column's bits in the index (ne 6, e 3, se 0)
            return unsigned(above[x] & 1) << 6 | unsigned(row[x] & 1) << 3 | unsigned(below[x] & 1);
        };
        auto load = [](const std::uint8_t* p) {
            std::uint64_t v;
            std::memcpy(&v, p, sizeof v);
            return v;
        };
        std::int64_t x = 0;
        for (; x + 8 <= width; x += 8) {
            const std::uint64_t words[6] = {load(above + x - 1), load(above + x + 1),
                                            load(row + x - 1),   load(row + x + 1),
                                            load(below + x - 1), load(below + x + 1)};
            std::uint64_t any = 0, odd = 0;
            for (std::uint64_t w : words) any |= w, odd |= not_plain(w);
            if (any == 0) {
                std::memset(out + x, 0, 8);
            } else if (odd == 0) {
                unsigned index = column(x - 1) << 1 | column(x);
                for (std::int64_t k = x; k < x + 8; ++k) {
                    index = ((index << 1) & 0x1B6u) | column(k + 1);  // 0x1B6: the two left columns
                    // OFF: a 1 dies into its trail 2, a 2 stays (History, Super).
                    out[k] = table_.next(index) ? 1 : (trails && row[k] ? 2 : 0);
                }
            } else {
                for (std::int64_t k = x; k < x + 8; ++k) out[k] = next_at(above, row, below, k);
            }
        }
        for (; x < width; ++x) out[x] = next_at(above, row, below, x);
    }

  private:
    std::string name_;
    SuperMode mode_;
    Range1Table table_;
    CellNeighbourhood neighbourhood_;
    std::uint64_t digest_ = 0;

    std::uint8_t next_at(const std::uint8_t* above, const std::uint8_t* row,
                         const std::uint8_t* below, std::int64_t x) const {
        return next(Block3x3{above[x - 1], above[x], above[x + 1], row[x - 1], row[x], row[x + 1],
                             below[x - 1], below[x], below[x + 1]});
    }

    // The set of states among the cell's neighbours (bit s for state s).
    std::uint32_t neighbour_states(const Block3x3& b) const {
        auto m = [](std::uint8_t s) { return s < 32 ? bit(s) : 0u; };
        std::uint32_t set = m(b.n) | m(b.w) | m(b.e) | m(b.s);
        if (neighbourhood_ != CellNeighbourhood::VonNeumann) set |= m(b.nw) | m(b.se);
        if (neighbourhood_ == CellNeighbourhood::Moore) set |= m(b.ne) | m(b.sw);
        return set;
    }

    // The rule on the ON/OFF picture, `on` saying which states are ON for
    // the neighbours (the centre given as 0 or 1).
    bool rule_says_on(const Block3x3& b, std::uint32_t on, unsigned centre) const {
        auto o = [on](std::uint8_t s) { return s < 32 ? unsigned(on >> s) & 1 : 0u; };
        const unsigned index = o(b.nw) << 8 | o(b.n) << 7 | o(b.ne) << 6 | o(b.w) << 5 |
                               centre << 4 | o(b.e) << 3 | o(b.sw) << 2 | o(b.s) << 1 | o(b.se);
        return table_.next(index);
    }
    bool odd_rule_says_on(const Block3x3& b) const {
        return rule_says_on(b, 0xAAAAAAAAu, b.c & 1u);
    }

    std::uint8_t next_history(const Block3x3& b, std::uint32_t around) const {
        const std::uint8_t c = b.c;
        if ((around & bit(6)) && (c & 1)) return c == 1 ? 2 : 4;  // the boundary kills
        const bool on = odd_rule_says_on(b);
        if (on && !(c & 1)) return c == 4 ? 3 : c == 6 ? 6 : 1;       // birth
        if (!on && (c & 1)) return c == 5 ? 4 : std::uint8_t(c + 1);  // death
        return c;
    }

    std::uint8_t next_super(const Block3x3& b, std::uint32_t around) const {
        const std::uint8_t c = b.c;
        if (around & bit(6)) {
            if (c == 7 || c == 8 || c >= 13) return 0;
            if (c & 1) return c == 1 ? 2 : c == 3 || c == 5 ? 4 : std::uint8_t(c + 1);  // 9, 11
        }
        const bool on = odd_rule_says_on(b);
        if (on && !(c & 1)) {  // birth
            if (c == 4) return 3;
            if (c == 6) return 6;
            if (c == 8) return 7;
            return birth_colour(around);
        }
        if (!on && (c & 1)) return c == 5 ? 4 : c <= 11 ? std::uint8_t(c + 1) : 0;  // death
        if (on) return c;
        // Still OFF: the label states.
        switch (c) {
            case 14:
                return 0;
            case 16:
                return around & (kOdd1To25 | bit(14)) ? 14 : 16;
            case 18:
                return around & bit(22) ? 22 : 18;
            case 20:
                return around & bit(18) ? 18 : 20;
            case 22:
                return around & bit(20) ? 20 : 22;
            case 24:
                return around & (kOdd1To25 | bit(14) | bit(18)) ? 18 : 24;
            default:
                return c;
        }
    }

    // The state of a cell born on a plain OFF state, from its neighbours'.
    static std::uint8_t birth_colour(std::uint32_t around) {
        const std::uint32_t high = around & kHighOn;
        if (!(around & kLowOn) && single_state(high)) return lowest_state(high);
        const std::uint32_t no_trail = around & kNoTrailOn;
        if ((around & bit(3)) && single_state(no_trail) &&
            !(around & (bit(1) | bit(5) | bit(7) | bit(9) | bit(11))))
            return lowest_state(no_trail);
        const std::uint32_t trail = around & (bit(9) | bit(11));
        if ((around & bit(7)) && single_state(trail) &&
            !(around & (bit(1) | bit(3) | bit(5) | kNoTrailOn)))
            return lowest_state(trail);
        if ((around & (bit(7) | kNoTrailOn)) && !(around & kTrailOn)) return 13;
        return 1;
    }

    std::uint8_t next_investigator(const Block3x3& b, std::uint32_t around) const {
        const std::uint8_t c = b.c;
        if (c >= 2) {
            switch (c) {  // the period-2 states toggle, the others never change
                case 6:
                    return 7;
                case 7:
                    return 6;
                case 10:
                    return 11;
                case 11:
                    return 10;
                case 12:
                    return 13;
                case 13:
                    return 12;
                case 19:
                    return 20;
                case 20:
                    return 19;
                default:
                    return c;
            }
        }
        if (around & (c ? kKillers : kEggs)) return std::uint8_t(1 - c);
        if (c == 0 && (around & kCatalysts) && !(around & bit(1))) return 0;
        return rule_says_on(b, c ? kOnForSurvival : kOnForBirth, c) ? 1 : 0;
    }
};

bool ends_with_nocase(std::string_view text, std::string_view suffix) {
    if (text.size() < suffix.size()) return false;
    return std::equal(suffix.begin(), suffix.end(), text.end() - std::ptrdiff_t(suffix.size()),
                      [](char a, char b) {
                          return std::tolower((unsigned char)a) == std::tolower((unsigned char)b);
                      });
}
bool equals_nocase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && ends_with_nocase(a, b);
}

}  // namespace

std::shared_ptr<const StateRule> make_super_family_rule(const std::string& name) {
    static constexpr struct {
        std::string_view suffix;
        SuperMode mode;
    } kSuffixes[] = {{"Super", SuperMode::Super},
                     {"History", SuperMode::History},
                     {"Investigator", SuperMode::Investigator}};
    for (const auto& [suffix, mode] : kSuffixes) {
        if (!ends_with_nocase(name, suffix)) continue;
        const std::string_view base = std::string_view(name).substr(0, name.size() - suffix.size());
        if (base.empty() || base.find(':') != std::string_view::npos) return nullptr;
        // Golly's "Life" names; everything else is toroid's rule parser's.
        std::string text(base);
        if (equals_nocase(base, "Life")) text = "B3/S23";
        if (equals_nocase(base, "LifeH")) text = "B3/S23H";
        if (equals_nocase(base, "LifeV")) text = "B3/S23V";
        Rule rule;
        Range1Table table;
        try {
            rule = Rule::parse(text);
            if (rule.torus() || rule.needs_multistate_backend() || rule.stochastic())
                return nullptr;
            table = rule.range1_table();
        } catch (const InputError&) {
            return nullptr;  // not a two-state rule: not one of ours
        }
        const std::string canonical = rule.to_string();
        const std::string full =
            (canonical == "B3/S23" ? std::string("Life") : canonical) + std::string(suffix);
        if (table.next(0)) {
            // Golly runs a B0 rule with Smax as its complement dual, which
            // never strobes, and refuses one without.
            if (!table.next(Range1Table::kSize - 1))
                throw InputError("rule '" + name + "': " + std::string(suffix) +
                                 " rules with B0 need Smax (a cell with all neighbours alive "
                                 "survives), as in Golly");
            Range1Table dual;
            for (unsigned i = 0; i < Range1Table::kSize; ++i)
                dual.set(i, !table.next(Range1Table::kSize - 1 - i));
            table = dual;
        }
        const CellNeighbourhood n =
            rule.neighbourhood() == Neighbourhood::Hexagonal    ? CellNeighbourhood::Hexagonal
            : rule.neighbourhood() == Neighbourhood::VonNeumann ? CellNeighbourhood::VonNeumann
                                                                : CellNeighbourhood::Moore;
        return std::make_shared<SuperFamilyRule>(full, mode, table, n);
    }
    return nullptr;
}

}  // namespace toroid
