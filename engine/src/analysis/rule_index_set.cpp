#include "toroid/analysis/rule_index_set.hpp"

#include <algorithm>
#include <stdexcept>

namespace toroid {

RuleIndexSet RuleIndexSet::shard_of(std::uint64_t family_size, std::uint64_t shard,
                                    std::uint64_t shards) {
    if (shards == 0 || shard >= shards) throw std::invalid_argument("shard out of range");
    RuleIndexSet s;
    s.first_ = shard;
    s.step_ = shards;
    s.count_ = family_size > shard ? (family_size - shard - 1) / shards + 1 : 0;
    return s;
}

RuleIndexSet::RuleIndexSet(std::vector<std::uint64_t> indices)
    : is_list_(true), list_(std::move(indices)) {}

RuleIndexSet::RuleIndexSet(std::initializer_list<std::uint64_t> indices)
    : is_list_(true), list_(indices) {}

void RuleIndexSet::leave_out(const std::vector<std::uint64_t>& done) {
    if (is_list_) {
        std::vector<std::uint64_t> sorted = done;
        std::sort(sorted.begin(), sorted.end());
        std::erase_if(list_, [&](std::uint64_t i) {
            return std::binary_search(sorted.begin(), sorted.end(), i);
        });
        return;
    }
    for (const std::uint64_t i : done) {
        if (i < first_ || (i - first_) % step_ != 0) continue;
        const std::uint64_t j = (i - first_) / step_;
        if (j < count_) skipped_.push_back(j);
    }
    std::sort(skipped_.begin(), skipped_.end());
    skipped_.erase(std::unique(skipped_.begin(), skipped_.end()), skipped_.end());
}

std::uint64_t RuleIndexSet::size() const {
    return is_list_ ? list_.size() : count_ - skipped_.size();
}

std::uint64_t RuleIndexSet::at(std::uint64_t k) const {
    if (is_list_) return list_.at(std::size_t(k));
    if (k >= size()) throw std::out_of_range("RuleIndexSet::at");
    // The answer is position k + m, where m counts the skipped positions
    // below it: skipped_[t] - t (non-decreasing) <= k exactly for those.
    std::uint64_t lo = 0, hi = skipped_.size();
    while (lo < hi) {
        const std::uint64_t mid = (lo + hi) / 2;
        if (skipped_[std::size_t(mid)] - mid <= k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return first_ + (k + lo) * step_;
}

}  // namespace toroid
