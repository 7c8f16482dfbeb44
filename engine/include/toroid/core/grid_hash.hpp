// The 64-bit state hash, defined on canonical words so that every backend
// (CPU, CUDA, batched) computes the same value for the same torus.
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

namespace toroid {

TOROID_HD std::uint64_t splitmix64(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

TOROID_HD std::uint64_t hash_word(std::uint64_t index, std::uint64_t word) {
    return word == 0 ? 0 : splitmix64(word ^ splitmix64(index));
}

TOROID_HD std::uint64_t hash_finish(std::int64_t width, std::int64_t height, std::uint64_t sum) {
    return splitmix64(sum ^
                      splitmix64(std::uint64_t(width) * 0x100000001b3ULL + std::uint64_t(height)));
}

}  // namespace toroid
