// Rules: one parser, one canonical printer, one compiled form.
//
// Accepted text (case-insensitive, spaces ignored, '_' for '/'):
//   B3/S23   b3s23   S23/B3   23/3 (old S/B form)     Moore, counts 0..8
//   B2/S34H                                           hexagonal, counts 0..6
//   B2/S013V                                          von Neumann, counts 0..4
//   B2(1/3)/S12H   B3/S2(0.9)3                         stochastic counts
//   B2-a/S12   B3/S23-q   b2ain3s23-q                 isotropic (Hensel letters)
//   B2o3m/S2H                                         hexagonal isotropic (m o p)
//   MAP<86 | 22 | 6 base64 characters>[==]            any table (Moore, hex, vN)
//   345/2/4   B2/S345/C4   g4b2s345   /2/3            Generations (states 3..256)
//   R5,C0,M1,S34..58,B34..45,NM                       Larger than Life (range 1..500)
//   5,34,45,34,58                                     Kellie Evans' r,bmin,bmax,smin,smax
//   R2,C0,S4-7,9-12,B4,11-12,NN                       HROT lists (N optional: Moore)
//   W22, W110 (even, 0..254)                          Golly's Wolfram rules, run as
//                                                     their 3x3 map (printed MAP...)
//   WireWorld, Langtons-Loops, LifeHistory            named rules (see below)
//   B3/S23:T640,480                                   Golly's torus suffix
//   B3/S23:T0,128   B3/S23:T640,0   B3/S23:T64        Golly's tubes (0 = unbounded
//                                                     side), a square torus
// A count carries a probability in parentheses right after its digit, as a
// fraction n/d or a decimal; a count without one has probability 1. A count
// of an isotropic rule carries letters (isotropic.hpp): some of its
// configurations, or with '-' all but some.
//
// Canonical form (to_string), Golly's wherever Golly has one:
//   counts  "B<counts>/S<counts>[H|V]" with counts ascending and
//           probabilities reduced; a probability prints as a decimal when it
//           is exactly one with at most 9 places (0.5, 0.9), otherwise n/d;
//   letters the same with each partial count's letters alphabetically, or
//           '-' and the others when shorter (isotropic.hpp); a rule whose
//           letters cover whole counts is printed (and is) the count rule;
//   MAP     "MAP" and the base64 digits without padding, unused bits zero;
//   Generations  Golly's "<survival>/<birth>/<states>[H|V]" (345/2/4, /2/3,
//           2ce3aejnr/3/5 with letters);
//   range   Golly's: a rule given in LtL form (or Evans') prints
//           "R<r>,C<c>,M<m>,S<min>..<max>,B<min>..<max>,N<n>", one given with
//           lists "R<r>,C<c>,S<list>,B<list>[,N<n>]" (N left out for Moore),
//           lists as ascending ranges "a-b" or single counts; C0 for 2 states;
// then ":Tw,h" when the rule carries a torus. parse(to_string(r)) == r.
//
// Generations (states() > 2): the birth and survival counts decide, on the
// live cells (state 1) only, which cells are born and which survive; a live
// cell that does not survive goes to state 2, and a cell in state s >= 2 goes
// to s + 1, or to 0 after the last state. Only cells in state 0 can be born;
// dying cells count as dead for their neighbours (Golly). two_state() is the
// rule of the live plane. Probabilities are refused on them.
//
// Named rules (RuleKind::Named): any other name, with an optional torus
// suffix (Langtons-Loops, WireWorld:T100,100, LifeHistory, JvN29), is looked
// up by core/rule_path.hpp: Golly's built-in multi-state families, then a
// `<name>.rule` file in the rule folders; printed as the name (and suffix).
//
// Refused with UnsupportedRule (an InputError) because toroid simulates plain
// tori: Golly's other bounded grids (:P plane, :K Klein bottle, :C
// cross-surface, :S sphere, a torus with a shift such as :T30+5,20), and
// names no rule folder holds (the error lists the folders searched). A
// Generations rule with 2 states (23/3/2) is its Life-like rule.
// `:T0,0` (Golly's unbounded plane) is the same as no suffix.
//
// Range-r rules (RuleKind::Range, range_rule()): a cell's count is the live
// cells (state 1) of its neighbourhood of range r, the cell itself included
// when M1 (LtL's "middle"; HROT's lists count neighbours only). Neighbourhoods
// (Golly's letters): M Moore (box), N von Neumann (diamond |dx| + |dy| <= r),
// C circular (dx^2 + dy^2 <= r^2 + r), 2 L2 (dx^2 + dy^2 <= r^2), + cross,
// H hexagonal (dy < 0: -r <= dx <= r + dy; dy >= 0: dy - r <= dx <= r), B
// checkerboard (dx + dy odd), L triangular (Golly's: a triangle of
// rows dy = -r..r, row dy reaching 2r + 1 + dy cells each way above the
// middle's row and 2r - dy from it down for a cell with x + y even, 2r + dy
// and 2r + 1 - dy below it for x + y odd; range at most 250); others
// (custom and weighted ones) are refused with this list. C > 2 decays as Generations does; B0
// with more than 2 states is refused (as Golly does). Counts go up to the
// neighbourhood's size (plus the middle): more, reversed or overlapping
// ranges are errors with their column.
//
// compile() and range1_table() are the two-state engines' forms: they refuse
// (UnsupportedRule) a multi-state rule, so that no two-state engine runs one
// as a different rule; the multi-state CPU backend (cpu/multistate_backend)
// compiles two_state() and keeps the states itself.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/range1_table.hpp"
#include "toroid/core/state_rule.hpp"
#include "toroid/error.hpp"

namespace toroid {

// A probability num/den in lowest terms with 0 <= num <= den; 0/1 = "absent".
struct Probability {
    std::uint32_t num = 0;
    std::uint32_t den = 1;
    bool absent() const { return num == 0; }
    bool certain() const { return num != 0 && num == den; }
    bool operator==(const Probability&) const = default;
};

// Golly's bounded-grid size. A side of 0 is unbounded: `:T0,128` is a tube
// wrapping vertically with an infinite width (toroid simulates it on a torus
// whose unbounded side the user or the caller chooses); never both 0.
struct TorusSize {
    std::int64_t width = 0;
    std::int64_t height = 0;
    bool tube() const { return width == 0 || height == 0; }
    bool operator==(const TorusSize&) const = default;
};

// How a rule was given, and so how it is stored and printed.
enum class RuleKind : std::uint8_t {
    Totalistic,  // counts, maybe with probabilities: B3/S23, B2(1/3)/S12H
    Isotropic,   // letters on some counts: B2-a/S12, B2o/S2H
    Map,         // a whole table: MAP...
    Range,       // Larger than Life / HROT: counts over a range-r neighbourhood
    Named,       // a named multi-state rule: a rule table or tree, or a Golly
                 // family such as LifeHistory (core/state_rule.hpp)
};

// A range-r rule's neighbourhood and counts (RuleKind::Range).
struct RangeRule {
    int range = 1;          // 1..500
    char shape = 'M';       // Golly's neighbourhood letter (see above)
    bool middle = false;    // the count includes the cell itself (LtL's M1)
    bool ltl_form = false;  // printed in LtL form (given so, or in Evans')
    // Inclusive count ranges, ascending and disjoint.
    std::vector<std::pair<int, int>> birth, survive;
    bool operator==(const RangeRule&) const = default;
    // Cells in the neighbourhood, the middle left out.
    int neighbours() const;
    // The neighbourhood as runs of cells in rows: the cells dx = lo, lo +
    // step, ..., hi of row dy (lo > hi: none; step 1, or 2 for the
    // checkerboard), the middle included (once). The triangular grid's
    // shape depends on the cell: `parity` is (x + y) mod 2 (0 elsewhere).
    struct Run {
        int dy, lo, hi, step = 1;
    };
    std::vector<Run> rows(int parity = 0) const;
};

// A rule Rule::parse recognises but toroid does not simulate (see above).
// Pattern readers keep a file's two-state cells and defer this error
// (Pattern::refused_rule) so that the user's --rule and --size can override it.
class UnsupportedRule : public InputError {
  public:
    using InputError::InputError;
};

class Rule {
  public:
    Rule();  // Conway's Life, B3/S23

    // Throws InputError quoting the offending text and saying what was expected.
    static Rule parse(std::string_view text);
    std::string to_string() const;

    // A rule of any kind given as its table (MAP kind): what random rule
    // families and tests build. The table must not depend on the cells the
    // neighbourhood ignores (range1_table.hpp); InputError otherwise.
    static Rule from_table(const Range1Table& table, Neighbourhood n);
    // An isotropic rule from the configurations born and surviving per count
    // (isotropic.hpp's masks): the count rule when they cover whole counts.
    static Rule from_letters(Neighbourhood n, const LetterMasks& birth, const LetterMasks& survive);

    RuleKind kind() const { return kind_; }
    Neighbourhood neighbourhood() const { return neighbourhood_; }
    int max_count() const;  // 8, 6 or 4
    // Totalistic rules: the transition of a count (absent for other kinds).
    Probability birth(int count) const { return birth_[static_cast<std::size_t>(count)]; }
    Probability survival(int count) const { return survive_[static_cast<std::size_t>(count)]; }
    bool stochastic() const;
    bool births_on_zero() const;  // an empty neighbourhood gives birth
    // Cell states: 2, or 3..256 for Generations rules.
    int states() const { return states_; }
    bool multi_state() const { return states_ > 2; }
    // A range-r rule (Larger than Life, HROT): its neighbourhood and counts.
    bool range_rule() const { return kind_ == RuleKind::Range; }
    const RangeRule& range() const { return range_; }
    // Rules only the multi-state CPU backends run: more than 2 states, a
    // range beyond 1, or a named rule (compile() refuses them).
    bool needs_multistate_backend() const { return multi_state() || range_rule() || named(); }
    // A two-state rule of range 1 or its Generations (3..256 states): cells
    // dead, live or dying, as apgcodes and the census know them.
    bool generations_family() const { return !range_rule() && !named(); }
    // A named rule (RuleKind::Named): its StateRule, found by name
    // (core/rule_path.hpp); nullptr for every other kind.
    bool named() const { return kind_ == RuleKind::Named; }
    const std::shared_ptr<const StateRule>& state_rule() const { return named_.rule; }
    static Rule from_state_rule(std::shared_ptr<const StateRule> rule,
                                std::optional<TorusSize> torus = std::nullopt);
    // The rule of the live plane: this rule with 2 states.
    Rule two_state() const;
    // `base` (a deterministic two-state rule) with `states` states (2..256);
    // InputError otherwise.
    static Rule generations(const Rule& base, int states);
    const std::optional<TorusSize>& torus() const { return torus_; }
    Rule with_torus(std::optional<TorusSize> torus) const;

    CompiledRule compile() const;
    // The rule as a function of the 3x3 block (range1_table.hpp): what the
    // reference stepper and HashLife run. Deterministic rules only; a
    // stochastic rule is an InputError.
    Range1Table range1_table() const;

    bool operator==(const Rule&) const = default;

  private:
    // Named rules compare by name and digest, not by where they were loaded.
    struct NamedRef {
        std::shared_ptr<const StateRule> rule;
        bool operator==(const NamedRef& o) const {
            if (rule == o.rule) return true;
            return rule && o.rule && rule->name() == o.rule->name() &&
                   rule->digest() == o.rule->digest();
        }
    };

    RuleKind kind_ = RuleKind::Totalistic;
    Neighbourhood neighbourhood_ = Neighbourhood::Moore;
    std::array<Probability, 9> birth_{};    // Totalistic
    std::array<Probability, 9> survive_{};  // Totalistic
    Range1Table table_{};                   // Isotropic and Map
    std::optional<TorusSize> torus_;
    std::uint16_t states_ = 2;
    RangeRule range_{};  // Range
    NamedRef named_{};   // Named

    void refuse_multi_state(const char* what) const;

    friend class RuleParser;
    friend class RangeRuleParser;
};

}  // namespace toroid
