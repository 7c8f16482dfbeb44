// Rule families: the sets of rules a sweep runs over.
//
// A family is written like a rule with choices in it:
//   B3[678]/S23[4]        bracketed counts are optional: every subset of them
//                         (here 2^3 * 2^1 = 16 rules); B3 and S23 are in all
//   B[1-8]/S23            ranges inside brackets: every subset of 1..8
//   B2(0.1:0.9:0.1)/S12H  a probability range lo:hi:step after a count: one
//                         rule per value (0.1, 0.2, ..., 0.9)
//   B2[aein]3/S23         bracketed letters after a count: every subset of
//                         those configurations of the count (2a 2e 2i 2n:
//                         16 rules; the empty subset leaves count 2 out)
//   B2/S[345]/C[3-5]      a bracket after a Generations 'C' chooses one
//                         number of states (8 * 3 = 24 rules)
//   R[1-5],C0,M1,S[34,40]..58,B34..45,NM   in a range (LtL / HROT) family
//                         every bracket chooses one number: lists and
//                         ranges, e.g. [2,4,8] or [10-12] (5 * 2 rules)
//   all-moore  all-hex  all-vonneumann   every B/S rule of the neighbourhood
//                         (2^18, 2^14, 2^10 rules)
//   all-isotropic-hex     every hexagonal isotropic rule (2^26)
//   all-isotropic         every Moore isotropic rule (2^102): too many to
//                         number, so only as a random sample (random_sample)
//   all-map  all-map-hex  all-map-vonneumann   every table (MAP rule) of the
//                         neighbourhood (2^512, 2^128: samples only; 2^32)
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
        enum Kind { Literal, Subset, Choice, Letters } kind = Literal;
        std::string text;                  // Literal; Letters: the letters
        std::vector<char> digits;          // Subset: optional counts; Letters: the count
        std::vector<std::string> choices;  // Choice: probability texts
        std::uint64_t radix() const;
    };
    std::string member_text(std::uint64_t index) const;
    // Every isotropic rule, or every table, of a neighbourhood: bit i of the
    // member's number is configuration class i (isotropic: births first,
    // then survivals; tables: the MAP string's bit i).
    static RuleFamily rule_space(Neighbourhood n, bool tables, std::string description);
    Rule space_member(const std::vector<bool>& bits) const;
    std::size_t space_bits() const;

    std::string description_;
    std::vector<Segment> segments_;
    std::vector<Rule> rules_;  // list families
    bool is_list_ = false;
    // all-isotropic(-hex): the classes (count, letter index or -1) per state.
    std::vector<std::pair<int, int>> classes_;
    bool space_ = false, space_of_tables_ = false;
    Neighbourhood space_neighbourhood_ = Neighbourhood::Moore;
};

}  // namespace toroid
