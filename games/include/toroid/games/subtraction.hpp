// Subtraction games: a move takes s tokens from one heap, s in the set S.
//
// Set syntax (SubtractionSet::parse), a comma-separated union of:
//   numbers "1,3,4", ranges "1-3", and the infinite sets "odd" (1,3,5,...),
//   "even" (2,4,6,...), "powers-of-2" (1,2,4,8,...).
// Elements are >= 1 and at most 10^7. Errors quote the piece and say what
// was expected.
//
// Grundy sequences: g(n) = mex{ g(n - s) : s in S, s <= n }. Finite sets
// cost O(|S|) per n; "odd" and "even" alone use a running mex per residue
// class (O(1) amortised); other infinite sets cost O(|S cap [1,n]|) per n and
// are refused (InputError) above 4*10^9 steps. Periods of finite sets are
// proved (periodicity.hpp, subtraction window); for infinite sets only an
// apparent period is reported.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "toroid/games/periodicity.hpp"

namespace toroid::games {

class SubtractionSet {
  public:
    static SubtractionSet parse(std::string_view text);
    static SubtractionSet of(std::vector<std::uint64_t> elements);

    bool contains(std::uint64_t s) const;
    bool finite() const { return !odd_ && !even_ && !pow2_; }
    std::uint64_t max_finite() const { return elements_.empty() ? 0 : elements_.back(); }
    const std::vector<std::uint64_t>& finite_elements() const { return elements_; }
    // Elements s <= n in increasing order.
    std::vector<std::uint64_t> elements_upto(std::uint64_t n) const;
    std::string to_string() const;

  private:
    std::vector<std::uint64_t> elements_;  // sorted, unique
    bool odd_ = false, even_ = false, pow2_ = false;
};

std::vector<std::uint32_t> subtraction_grundy(const SubtractionSet& set, std::size_t upto);
// Grundy value of one heap n (computes the sequence up to n).
std::uint32_t subtraction_grundy_of(const SubtractionSet& set, std::uint64_t n);
Periodicity subtraction_period(const SubtractionSet& set, std::span<const std::uint32_t> g);

}  // namespace toroid::games
