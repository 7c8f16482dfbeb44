// A row of heaps, each under its own rule (heap_rule.hpp): the position of
// `play nim|subtraction|octal|sum|take|compound|grundy` and of the analysis
// commands for several heaps. Heaps are numbered from 1 in everything users
// see (text, JSON, typed moves); the API below is 0-based.
//
// The value is the xor of the heaps' values; winning_moves() is analyze_sum
// (sum.hpp) over the heaps, so it lists every winning move, including those
// that raise a heap's value. A split replaces the heap by its two parts (the
// left part first), both under the same rule.
//
// Misère play is supported for Nim only (every rule Nim): misère Nim's rule
// (nim.hpp). Other misère heap games need brute force (misere.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "toroid/games/heap_rule.hpp"
#include "toroid/games/sum.hpp"

namespace toroid::games {

struct HeapSumMove {
    std::size_t heap = 0;  // 0-based
    OctalMove move;
    // "take 3 from heap 2 (leaving 4)", "take 1 from heap 1 (leaving 2 and 5)" (heap_move_text)
    std::string to_string() const;
};

class HeapSum {
  public:
    struct Heap {
        std::uint64_t size = 0;
        HeapRulePtr rule;
    };
    explicit HeapSum(std::vector<Heap> heaps, bool misere = false);
    // All heaps under one rule.
    static HeapSum uniform(const std::vector<std::uint64_t>& sizes, HeapRulePtr rule,
                           bool misere = false);

    const std::vector<Heap>& heaps() const { return heaps_; }
    bool misere() const { return misere_; }
    bool all_nim() const;
    std::uint64_t value() const;  // normal-play xor of the heaps' values
    Outcome outcome() const;      // misère Nim's rule when misere()
    std::vector<SumComponent> components() const;
    std::vector<HeapSumMove> winning_moves() const;  // every one
    std::optional<HeapSumMove> any_move() const;
    bool over() const { return !any_move(); }
    // Why a typed move (0-based heap) is illegal, or nullopt.
    std::optional<std::string> illegal(std::size_t heap, std::uint64_t take,
                                       std::uint64_t left) const;
    // Builds the move for a legal typed move (left = 0: no split).
    HeapSumMove typed_move(std::size_t heap, std::uint64_t take, std::uint64_t left) const;
    void apply(const HeapSumMove& m);

  private:
    std::vector<Heap> heaps_;
    bool misere_ = false;
};

}  // namespace toroid::games
