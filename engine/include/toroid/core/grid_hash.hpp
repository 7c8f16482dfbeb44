// The 64-bit state hash, defined on canonical words so that every backend
// (the CPU and CUDA backends, and any added later) computes the same value
// for the same torus.
//
//   hash = finish(width, height, sum over words i with w_i != 0 of mix(i, w_i))
//
// Summation (mod 2^64) is order-free, so a GPU reduction (CUB) and a CPU loop
// over active tiles agree, and all-zero words contribute nothing (a sparse
// backend never needs to visit empty space). `i` is the canonical word index
// y * words_per_row + x / 64.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"
#include "toroid/core/splitmix64.hpp"

namespace toroid {

TOROID_HD std::uint64_t hash_word(std::uint64_t index, std::uint64_t word) {
    return word == 0 ? 0 : splitmix64(word ^ splitmix64(index));
}

TOROID_HD std::uint64_t hash_finish(std::int64_t width, std::int64_t height, std::uint64_t sum) {
    return splitmix64(sum ^
                      splitmix64(std::uint64_t(width) * 0x100000001b3ULL + std::uint64_t(height)));
}

}  // namespace toroid
