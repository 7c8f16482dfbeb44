// One heap under a rule: Nim, a subtraction set, an octal code, or a
// splitting rule (Grundy's game and its generalisation).
//
// A HeapRule is the single place that knows, for one heap of a given size,
// which moves are legal (and why a typed move is not), the heap's Grundy
// value, and every move to an option of a given value. Analysis commands
// (`grundy sum`, `grundy take`, `grundy compound`, ...) and `play` both use
// it, through HeapSum (heap_sum.hpp) and analyze_sum (sum.hpp).
//
// Moves are OctalMove values (octal.hpp): `take` tokens removed, and what is
// left: nothing (left = right = 0), one heap (left = 0, right = the heap), or
// two non-empty heaps left <= right (a split). Nim and subtraction moves never
// split; a splitting rule removes nothing (take = 0).
//
// Values come from a table computed up to the largest heap the rule was built
// for (`max_heap`); Nim needs none. Asking for a larger heap throws
// InputError.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "toroid/games/octal.hpp"
#include "toroid/games/subtraction.hpp"

namespace toroid::games {

class HeapRule {
  public:
    virtual ~HeapRule() = default;
    // "nim", "subtraction {1, 2, 3}", "octal 0.07 (Dawson's Kayles)", ...
    virtual std::string name() const = 0;
    virtual bool is_nim() const { return false; }
    // Normal-play Grundy value of one heap.
    virtual std::uint64_t value(std::uint64_t heap) const = 0;
    // Every legal move from `heap` whose result has Grundy value `target`
    // (for a split: the xor of the two parts).
    virtual std::vector<OctalMove> moves_to_value(std::uint64_t heap,
                                                  std::uint64_t target) const = 0;
    // Some legal move (the smallest), or nullopt when the heap is dead.
    virtual std::optional<OctalMove> any_move(std::uint64_t heap) const = 0;
    // nullopt if taking `take` from `heap` (and, for a split, leaving a left
    // part of `left`; 0 = no split) is legal, else the reason in words.
    virtual std::optional<std::string> illegal(std::uint64_t heap, std::uint64_t take,
                                               std::uint64_t left) const = 0;
    // How a user types a move of this rule ("HEAP TAKE", "HEAP 0 LEFT", ...).
    virtual std::string move_syntax() const { return "HEAP TAKE"; }
};

using HeapRulePtr = std::shared_ptr<const HeapRule>;

// Nim: take any positive number. Heaps up to 2^64-1.
HeapRulePtr nim_rule();
// Take s in S. Values are tabulated up to max_heap (at most 10^8).
HeapRulePtr subtraction_rule(SubtractionSet set, std::uint64_t max_heap);
// An octal code; values tabulated up to max_heap with octal_grundy and its
// work limit `max_work` (0 = none).
HeapRulePtr octal_rule(OctalGame game, std::uint64_t max_heap, std::uint64_t max_work = 0);

// Splitting games: a move splits one heap into two non-empty heaps whose
// sizes differ by at least `min_difference` and removes nothing. 1 is
// Grundy's game (two unequal heaps), 0 any split (octal 4.0, g = 0 or 1 by
// parity). Values up to max_heap (quadratic: at most kMaxSplitHeap).
class SplitGame {
  public:
    explicit SplitGame(std::uint64_t min_difference) : min_difference_(min_difference) {}
    std::uint64_t min_difference() const { return min_difference_; }
    // "Grundy's game" for 1, "split into two heaps differing by >= D" otherwise.
    std::string name() const;
    // Splits of n as (left, right), left < right (or <= when D = 0).
    std::vector<OctalMove> moves(std::uint64_t n) const;

  private:
    std::uint64_t min_difference_;
};
constexpr std::uint64_t kMaxSplitHeap = 100'000;
// g(0..upto) by the definition (word-parallel mex; O(upto^2 / 2) xors).
std::vector<std::uint32_t> split_grundy(const SplitGame& game, std::size_t upto);
HeapRulePtr split_rule(SplitGame game, std::uint64_t max_heap);

}  // namespace toroid::games
