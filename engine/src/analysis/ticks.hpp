// Internal to the census (soup_census.cpp): a clock cheap enough to read
// twice a generation.
//
// cheap_ticks() counts in units that only mean something as ratios within
// one run: the x86 time-stamp counter (constant-rate on every CPU this
// project targets, a few nanoseconds to read), or steady_clock's ticks
// elsewhere. The census shares a steady_clock interval out in proportion
// to ticks, so totals stay in seconds.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace toroid::detail {

inline std::uint64_t cheap_ticks() {
#if defined(__x86_64__)
    return __rdtsc();
#else
    return std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

}  // namespace toroid::detail
