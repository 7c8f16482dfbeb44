// Internal to the census (soup_census.cpp): when each 64-bit key (a state's
// signature or hash) was first seen, the repeat detector's memory.
//
// The census looks up one signature per generation of every soup; a node
// allocated per generation (std::unordered_map) cost as much as stepping a
// small soup. FirstSeen is an open-addressing table (linear probing, keys
// mixed by splitmix64, grown at half full) kept between soups: clear() is
// O(1), by an epoch stamped on each slot, so a soup that settles after a
// few hundred generations never touches the rest of a table a long one grew
// (and a table grown large is given up at the next clear()).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "toroid/core/splitmix64.hpp"

namespace toroid::detail {

class FirstSeen {
  public:
    FirstSeen() { slots_.resize(1024); }
    static constexpr std::size_t kKeep = 4096;  // slots (96 KiB) kept across clear()

    // Forgets every key. A table grown by a long soup is given up once it
    // is mostly empty: every lookup lands at a random slot, so a table
    // larger than the caches cost a miss a generation for the soups after.
    void clear() {
        if (slots_.size() > kKeep && 16 * size_ < slots_.size()) {
            slots_.assign(kKeep, Slot{});
            size_ = 0;
            epoch_ = 1;
            return;
        }
        size_ = 0;
        if (++epoch_ == 0) {  // the stamps wrapped: wipe them once
            for (Slot& s : slots_) s.epoch = 0;
            epoch_ = 1;
        }
    }

    // Records key -> value unless the key is there; returns the value kept
    // and whether it was inserted now (std::unordered_map::emplace's answer).
    std::pair<std::uint64_t, bool> emplace(std::uint64_t key, std::uint64_t value) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        Slot& s = find(key);
        if (s.epoch == epoch_) return {s.value, false};
        s = {key, value, epoch_};
        ++size_;
        return {value, true};
    }

    std::size_t size() const { return size_; }

  private:
    struct Slot {
        std::uint64_t key = 0, value = 0;
        std::uint32_t epoch = 0;  // live when equal to the table's
    };

    Slot& find(std::uint64_t key) {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = std::size_t(splitmix64(key)) & mask;; i = (i + 1) & mask) {
            Slot& s = slots_[i];
            if (s.epoch != epoch_ || s.key == key) return s;
        }
    }

    void grow() {
        std::vector<Slot> old(slots_.size() * 2);
        old.swap(slots_);
        const std::uint32_t e = epoch_;
        epoch_ = 1;
        size_ = 0;
        for (const Slot& s : old)
            if (s.epoch == e) {
                Slot& d = find(s.key);
                d = {s.key, s.value, epoch_};
                ++size_;
            }
    }

    std::vector<Slot> slots_;
    std::size_t size_ = 0;
    std::uint32_t epoch_ = 1;
};

}  // namespace toroid::detail
