// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", 2014): a 64-bit mixing function and the generator built on it.
//
//   splitmix64(z) = mix(z + 0x9e3779b97f4a7c15)
//   SplitMix64{seed}: outputs splitmix64(seed), splitmix64(seed + g), ...
//                     with g = 0x9e3779b97f4a7c15, i.e. the reference
//                     generator's sequence for that seed.
//
// Used for the state hash (grid_hash.hpp, host and device) and for seeded
// 1-D initial rings; stochastic rules use Philox (philox.hpp) instead.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"

namespace toroid {

inline constexpr std::uint64_t kSplitMix64Gamma = 0x9e3779b97f4a7c15ULL;

TOROID_HD std::uint64_t splitmix64(std::uint64_t z) {
    z += kSplitMix64Gamma;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

struct SplitMix64 {
    std::uint64_t state = 0;
    TOROID_HD std::uint64_t next() {
        const std::uint64_t out = splitmix64(state);
        state += kSplitMix64Gamma;
        return out;
    }
};

}  // namespace toroid
