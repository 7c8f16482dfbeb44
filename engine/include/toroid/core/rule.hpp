// Rules: one parser, one canonical printer, one compiled form.
//
// Accepted text (case-insensitive, spaces ignored), see DESIGN.md "Rules":
//   B3/S23   b3s23   S23/B3   23/3 (old S/B form)     Moore, counts 0..8
//   B2/S34H                                           hexagonal, counts 0..6
//   B2/S013V                                          von Neumann, counts 0..4
//   B2(1/3)/S12H   B3/S2(0.9)3                         stochastic counts
//   B3/S23:T640,480                                   Golly's torus suffix
// A count carries a probability in parentheses right after its digit, as a
// fraction n/d or a decimal; a count without one has probability 1.
//
// Canonical form (to_string): "B<counts>/S<counts>[H|V][:Tw,h]" with counts
// ascending and probabilities reduced; a probability prints as a decimal when
// it is exactly one with at most 9 places (0.5, 0.9), otherwise as n/d.
// parse(to_string(r)) == r for every rule.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "toroid/core/compiled_rule.hpp"

namespace toroid {

// A probability num/den in lowest terms with 0 <= num <= den; 0/1 = "absent".
struct Probability {
    std::uint32_t num = 0;
    std::uint32_t den = 1;
    bool absent() const { return num == 0; }
    bool certain() const { return num != 0 && num == den; }
    bool operator==(const Probability&) const = default;
};

struct TorusSize {
    std::int64_t width = 0;
    std::int64_t height = 0;
    bool operator==(const TorusSize&) const = default;
};

class Rule {
  public:
    Rule();  // Conway's Life, B3/S23

    // Throws InputError quoting the offending text and saying what was expected.
    static Rule parse(std::string_view text);
    std::string to_string() const;

    Neighbourhood neighbourhood() const { return neighbourhood_; }
    int max_count() const;  // 8, 6 or 4
    Probability birth(int count) const { return birth_[static_cast<std::size_t>(count)]; }
    Probability survival(int count) const { return survive_[static_cast<std::size_t>(count)]; }
    bool stochastic() const;
    bool births_on_zero() const { return !birth_[0].absent(); }
    const std::optional<TorusSize>& torus() const { return torus_; }
    Rule with_torus(std::optional<TorusSize> torus) const;

    CompiledRule compile() const;

    bool operator==(const Rule&) const = default;

  private:
    Neighbourhood neighbourhood_ = Neighbourhood::Moore;
    std::array<Probability, 9> birth_{};
    std::array<Probability, 9> survive_{};
    std::optional<TorusSize> torus_;

    friend class RuleParser;
};

}  // namespace toroid
