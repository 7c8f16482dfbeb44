// Per-index functors of the plane reductions (population, hash).
//
// Thrust's transform_reduce calls them for every index i in
// [0, height * words): i = y * words + j names canonical word j of row y,
// the numbering of the canonical layout, which hash_word() is keyed by. Words
// are masked to their valid bits, so the edge bit W never counts. The host
// tests sum the same functors over the same indices.
#pragma once

#include <cstdint>

#include "toroid/core/grid_hash.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/plane_layout.hpp"

namespace toroid::kernels {

// Canonical word i (masked) of a stored plane.
struct PlaneWordAt {
    const std::uint64_t* plane;
    PlaneShape s;
    TOROID_HD std::uint64_t operator()(std::int64_t i) const {
        const std::int64_t y = i / s.words, j = i % s.words;
        return plane[s.word_index(y, j)] & s.word_mask(j);
    }
};

struct PopcountAt {
    PlaneWordAt word;
    TOROID_HD std::uint64_t operator()(std::int64_t i) const {
        return std::uint64_t(popcount64(word(i)));
    }
};

struct HashAt {
    PlaneWordAt word;
    TOROID_HD std::uint64_t operator()(std::int64_t i) const {
        return hash_word(std::uint64_t(i), word(i));
    }
};

// Number of indices the reductions run over.
TOROID_HD constexpr std::int64_t reduce_count(const PlaneShape& s) {
    return s.height * s.words;
}

}  // namespace toroid::kernels
