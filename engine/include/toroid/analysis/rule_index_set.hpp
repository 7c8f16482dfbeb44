// The rules a sweep or a self-test visits, as indices into a family, never
// materialised.
//
// A family may hold up to 2^40 rules (rule_family.hpp); a vector of their
// indices is 8 TB, and `sweep` of a family of 10^12 stochastic rules grew
// to gigabytes before it failed. A RuleIndexSet is instead
//   * a shard: the indices i, i + n, i + 2n, ... below the family's size
//     (shard i of n; 0 of 1 is the whole family), less a sorted list of
//     indices already done (a resumed sweep), or
//   * an explicit list (tests, benchmarks),
// with size() and at(k), the k-th index in increasing order, in O(log d)
// for d indices left out: memory is that of the list left out, not of the
// family. An empty set is just empty (a shard beyond a small family: mpirun
// -np 3 over 2 rules), not an error.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace toroid {

class RuleIndexSet {
  public:
    RuleIndexSet() = default;
    // Shard `shard` of `shards` of a family of `family_size` rules.
    static RuleIndexSet shard_of(std::uint64_t family_size, std::uint64_t shard = 0,
                                 std::uint64_t shards = 1);
    // Exactly these indices (in the order given).
    RuleIndexSet(std::vector<std::uint64_t> indices);  // NOLINT: implicit on purpose
    RuleIndexSet(std::initializer_list<std::uint64_t> indices);

    // Leaves out `done` (any order, indices outside the set ignored).
    void leave_out(const std::vector<std::uint64_t>& done);

    std::uint64_t size() const;
    bool empty() const { return size() == 0; }
    // The k-th index, k < size().
    std::uint64_t at(std::uint64_t k) const;

  private:
    bool is_list_ = false;
    std::vector<std::uint64_t> list_;
    std::uint64_t first_ = 0, step_ = 1, count_ = 0;  // first_ + j * step_, j < count_
    std::vector<std::uint64_t> skipped_;              // positions j left out, sorted
};

}  // namespace toroid
