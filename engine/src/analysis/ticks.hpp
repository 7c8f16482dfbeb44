// Internal to the census (soup_census.cpp): a clock cheap enough to read
// twice a generation, and the run's clock built on it (PartClock).
//
// cheap_ticks() counts in units that only mean something as ratios within
// one run: the x86 time-stamp counter (constant-rate on every CPU this
// project targets, a few nanoseconds to read), or steady_clock's ticks
// elsewhere. The census shares a steady_clock interval out in proportion
// to ticks, so totals stay in seconds.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

#include "toroid/analysis/soup_census.hpp"

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

// The run's clock. It is read between the parts of one generation in
// kStride, as ticks (ticks.hpp: a tenth of a steady_clock reading), and
// those ticks count kStride times; the loop's steady_clock time is shared
// out between the parts in proportion to their ticks. The stride is prime
// to the sweeps' kSweep, so sweeps fall on timed generations as often as
// any other; reading the clock every generation cost 2% of a census.
class PartClock {
  public:
    enum Part { kStep, kStabilise };
    static constexpr std::uint64_t kStride = 7;
    static_assert(SoupCensusRunner::kSweep % kStride != 0);

    void reset() { ticks_ = {}; }
    // Generation t starts (timed one in kStride).
    void begin(std::uint64_t t) {
        weight_ = t % kStride == 0 ? kStride : 0;
        if (weight_) mark_ = cheap_ticks();
    }
    // The rest of this generation is timed, once.
    void begin_whole() {
        weight_ = 1;
        mark_ = cheap_ticks();
    }
    // The time since the last reading goes to `part`.
    void lap(Part part) {
        if (!weight_) return;
        const std::uint64_t now = cheap_ticks();
        ticks_[std::size_t(part)] += (now - mark_) * weight_;
        mark_ = now;
    }
    // The loop's `seconds` shared out between stepping and stabilisation.
    void share(double seconds, CensusTimes& times) const {
        const std::uint64_t all = ticks_[kStep] + ticks_[kStabilise];
        if (all == 0) return;
        times.step += seconds * double(ticks_[kStep]) / double(all);
        times.stabilise += seconds * double(ticks_[kStabilise]) / double(all);
    }

  private:
    std::uint64_t mark_ = 0, weight_ = 0;  // weight 0: this generation is not timed
    std::array<std::uint64_t, 2> ticks_{};
};

}  // namespace toroid::detail
