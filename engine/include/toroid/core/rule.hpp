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
// then ":Tw,h" when the rule carries a torus. parse(to_string(r)) == r.
//
// Refused with UnsupportedRule (an InputError) because toroid simulates plain
// tori of two-state rules only: Golly's other bounded grids (:P plane, :K
// Klein bottle, :C cross-surface, :S sphere, a torus with a shift such as
// :T30+5,20) and multi-state rules (named rules such as LifeHistory or
// WireWorld, Generations such as 23/3/3 or B3/S23/C3, @RULE tables, Larger
// than Life). A Generations rule with 2 states (23/3/2) is its Life-like rule.
// `:T0,0` (Golly's unbounded plane) is the same as no suffix.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/range1_table.hpp"
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

    RuleKind kind() const { return kind_; }
    Neighbourhood neighbourhood() const { return neighbourhood_; }
    int max_count() const;  // 8, 6 or 4
    // Totalistic rules: the transition of a count (absent for other kinds).
    Probability birth(int count) const { return birth_[static_cast<std::size_t>(count)]; }
    Probability survival(int count) const { return survive_[static_cast<std::size_t>(count)]; }
    bool stochastic() const;
    bool births_on_zero() const;  // an empty neighbourhood gives birth
    const std::optional<TorusSize>& torus() const { return torus_; }
    Rule with_torus(std::optional<TorusSize> torus) const;

    CompiledRule compile() const;
    // The rule as a function of the 3x3 block (range1_table.hpp): what the
    // reference stepper and HashLife run. Deterministic rules only; a
    // stochastic rule is an InputError.
    Range1Table range1_table() const;

    bool operator==(const Rule&) const = default;

  private:
    RuleKind kind_ = RuleKind::Totalistic;
    Neighbourhood neighbourhood_ = Neighbourhood::Moore;
    std::array<Probability, 9> birth_{};    // Totalistic
    std::array<Probability, 9> survive_{};  // Totalistic
    Range1Table table_{};                   // Isotropic and Map
    std::optional<TorusSize> torus_;

    friend class RuleParser;
};

}  // namespace toroid
