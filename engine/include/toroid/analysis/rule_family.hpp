// Rule families: the sets of rules a sweep runs over.
//
// A family is written like a rule with choices in it:
//   B3[678]/S23[4]        bracketed counts are optional: every subset of them
//                         (here 2^3 * 2^1 = 16 rules); B3 and S23 are in all
//   B[1-8]/S23            ranges inside brackets: every subset of 1..8
//   B2(0.1:0.9:0.1)/S12H  a probability range lo:hi:step after a count: one
//                         rule per value (0.1, 0.2, ..., 0.9)
//   all-moore  all-hex  all-vonneumann   every B/S rule of the neighbourhood
//                         (2^18, 2^14, 2^10 rules)
// or a list (from_rules: a file with one rule a line, or a random sample).
// Members are numbered 0 .. size()-1 in a fixed order (the choices as the
// digits of a mixed-radix number, the first choice least significant), so
// shards and resumed runs name the same rules. Malformed families are
// InputError quoting the text and the column of the problem.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/core/rule.hpp"

namespace toroid {

class RuleFamily {
  public:
    static RuleFamily parse(std::string_view text);
    // One rule per line; blank lines and lines starting with '#' are skipped.
    static RuleFamily from_file(const std::string& path);
    static RuleFamily from_rules(std::vector<Rule> rules, std::string description);

    // n distinct members drawn reproducibly from `seed`, in family order.
    RuleFamily random_sample(std::uint64_t n, std::uint64_t seed) const;

    std::uint64_t size() const;
    Rule rule(std::uint64_t index) const;
    const std::string& description() const { return description_; }

  private:
    struct Segment {
        enum Kind { Literal, Subset, Choice } kind = Literal;
        std::string text;                  // Literal
        std::vector<char> digits;          // Subset: optional counts
        std::vector<std::string> choices;  // Choice: probability texts
        std::uint64_t radix() const;
    };
    std::string member_text(std::uint64_t index) const;

    std::string description_;
    std::vector<Segment> segments_;
    std::vector<Rule> rules_;  // list families
    bool is_list_ = false;
};

}  // namespace toroid
