// Body of the 1-D (elementary automaton) warp kernel.
//
// Each warp advances its own tile of the ring: 32 lanes x kEcaWordsPerLane
// words in registers = 256 words, i.e. a halo word, kEcaWarpTile ring words,
// a halo word. Register word k of lane L is tile position p = 8L + k, which
// holds ring word first - 1 + p for p <= count + 1 (taken around the ring
// with eca_extract64, so any width >= 1 works), 0 beyond. One launch runs
// `gens` (1..kEcaMaxGenerations) generations on the tile; errors from beyond
// the halos travel one cell per generation and never reach the tile's own
// words, which are written back. Warps never wait for each other.
//
// Exchange between lanes. Each generation, lane L needs the last word of
// lane L-1 and the first word of lane L+1. On the device these come from
// warp shuffles (__shfl_up_sync / __shfl_down_sync by one lane), which have
// no host equivalent; so the body is cut at the exchange:
//   eca_lane_load, then per generation eca_lane_generation(from_left,
//   from_right), then eca_lane_store,
// and the exchange itself is either the two shuffles (the device shell in
// kernels/src/eca.cu) or, for the host emulation, two phases over a
// block-shared struct (EcaBlockShared): every lane publishes its first and
// last word, a barrier, every lane reads its neighbours'. A shuffle by one
// lane returns exactly lane L-1's (L+1's) value for lanes 1..31 (0..30), and
// the lanes at the warp's ends discard what they get (their neighbours are
// the tile's halos), so both formulations feed eca_lane_generation the same
// words: bit-identical by construction. eca_block_program() fixes the phase
// order the emulation runs; tests/gpu compares the device with it.
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"
#include "toroid/eca/eca_update.hpp"
#include "toroid/kernels/launch_shape.hpp"
#include "toroid/kernels/lop3.hpp"

namespace toroid::kernels {

inline constexpr int kEcaWordsPerLane = 8;
inline constexpr int kEcaWarpSize = 32;
inline constexpr int kEcaWarpWords = kEcaWarpSize * kEcaWordsPerLane;
inline constexpr int kEcaWarpTile = kEcaWarpWords - 2;  // ring words advanced per warp
inline constexpr int kEcaWarpsPerBlock = 8;
inline constexpr std::uint32_t kEcaThreads = kEcaWarpSize * kEcaWarpsPerBlock;
inline constexpr int kEcaMaxGenerations = 64;  // per launch: less than a tile's halo reach

// Blocks of a launch over a ring of `total_words` words (may exceed what a
// grid can hold: the launcher refuses such rings).
constexpr std::int64_t eca_launch_blocks(std::int64_t total_words) {
    return blocks_for(blocks_for(total_words, kEcaWarpTile), kEcaWarpsPerBlock);
}

constexpr LaunchShape eca_launch_shape(std::int64_t total_words) {
    return LaunchShape{Index3{std::uint32_t(eca_launch_blocks(total_words)), 1, 1},
                       Index3{kEcaThreads, 1, 1}};
}

struct EcaLaunchArgs {
    const std::uint64_t* src = nullptr;
    std::uint64_t* dst = nullptr;
    std::int64_t width = 0;        // cells
    std::int64_t total_words = 0;  // canonical words of the ring
    int gens = 1;
    EcaMasks masks{};  // the rule as masks (the emulation's eca_apply)
    int rule = 0;      // the Wolfram number (the device's LOP3 table)
};

// Where a lane's words lie in the ring.
struct EcaLanePlace {
    int lane = 0;            // 0..31 within the warp
    std::int64_t first = 0;  // first ring word of the warp's tile
    int count = 0;           // ring words of the tile (kEcaWarpTile or fewer at the end)
    bool active = false;     // the warp has a tile (uniform over the warp)
};

TOROID_HD EcaLanePlace eca_lane_place(const LaunchIndex& at, std::int64_t total_words) {
    EcaLanePlace p;
    p.lane = int(at.thread.x % kEcaWarpSize);
    const std::int64_t warp =
        std::int64_t(at.block.x) * kEcaWarpsPerBlock + std::int64_t(at.thread.x / kEcaWarpSize);
    p.first = warp * kEcaWarpTile;
    p.active = p.first < total_words;
    const std::int64_t left = total_words - p.first;
    p.count = left < kEcaWarpTile ? int(left) : kEcaWarpTile;
    return p;
}

// A lane's registers.
struct EcaLane {
    std::uint64_t w[kEcaWordsPerLane];
};

TOROID_HD void eca_lane_load(const EcaLanePlace& p, const EcaLaunchArgs& a, EcaLane& lane) {
    const bool whole_last = (a.width & 63) == 0;
    TOROID_UNROLL
    for (int k = 0; k < kEcaWordsPerLane; ++k) {
        const int pos = kEcaWordsPerLane * p.lane + k;
        const std::int64_t word = p.first - 1 + pos;
        std::uint64_t v = 0;
        if (pos <= p.count + 1)
            v = (word >= 0 &&
                 (word < a.total_words - 1 || (whole_last && word == a.total_words - 1)))
                    ? a.src[word]
                    : eca_extract64(a.src, a.width, word * 64);
        lane.w[k] = v;
    }
}

// One generation of the lane's words. from_left / from_right: the last word
// of lane L-1 and the first word of lane L+1 (ignored at the warp's ends).
// `apply(left, self, right)` is the rule on words of neighbours: eca_apply
// with the rule's masks (EcaMaskRule), or on the device one LOP3 whose table
// is the Wolfram number itself (EcaLop3Rule; equal for all 256 rules by
// tests/kernels/test_lop3.cpp).
template <class Apply>
TOROID_HD void eca_lane_generation(const EcaLanePlace& p, const Apply& apply, EcaLane& lane,
                                   std::uint64_t from_left, std::uint64_t from_right) {
    if (p.lane == 0) from_left = 0;
    if (p.lane == kEcaWarpSize - 1) from_right = 0;
    std::uint64_t prev = from_left;
    TOROID_UNROLL
    for (int k = 0; k < kEcaWordsPerLane; ++k) {
        const std::uint64_t next = k + 1 < kEcaWordsPerLane ? lane.w[k + 1] : from_right;
        const std::uint64_t updated =
            apply(eca_left(prev, lane.w[k]), lane.w[k], eca_right(lane.w[k], next));
        prev = lane.w[k];
        lane.w[k] = updated;
    }
}

struct EcaMaskRule {
    EcaMasks masks;
    TOROID_HD std::uint64_t operator()(std::uint64_t l, std::uint64_t c, std::uint64_t r) const {
        return eca_apply(masks, l, c, r);
    }
};

template <int Rule>
struct EcaLop3Rule {
    TOROID_HD std::uint64_t operator()(std::uint64_t l, std::uint64_t c, std::uint64_t r) const {
        return lop3<std::uint8_t(Rule)>(l, c, r);
    }
};

TOROID_HD void eca_lane_store(const EcaLanePlace& p, const EcaLaunchArgs& a, const EcaLane& lane) {
    const bool whole_last = (a.width & 63) == 0;
    TOROID_UNROLL
    for (int k = 0; k < kEcaWordsPerLane; ++k) {
        const int pos = kEcaWordsPerLane * p.lane + k;
        if (pos < 1 || pos > p.count) continue;
        const std::int64_t word = p.first - 1 + pos;
        std::uint64_t v = lane.w[k];
        if (word == a.total_words - 1 && !whole_last) v &= (std::uint64_t{1} << (a.width & 63)) - 1;
        a.dst[word] = v;
    }
}

// ---- The exchange through block-shared memory (host emulation) ----------

struct EcaBlockShared {
    EcaLane lanes[kEcaThreads];        // each thread's registers
    std::uint64_t first[kEcaThreads];  // published w[0]
    std::uint64_t last[kEcaThreads];   // published w[kEcaWordsPerLane - 1]
};

TOROID_HD void eca_phase_load(const LaunchIndex& at, EcaBlockShared& sh, const EcaLaunchArgs& a) {
    const EcaLanePlace p = eca_lane_place(at, a.total_words);
    if (p.active) eca_lane_load(p, a, sh.lanes[at.thread_rank()]);
}

TOROID_HD void eca_phase_publish(const LaunchIndex& at, EcaBlockShared& sh,
                                 const EcaLaunchArgs& a) {
    if (!eca_lane_place(at, a.total_words).active) return;
    const std::uint32_t t = at.thread_rank();
    sh.first[t] = sh.lanes[t].w[0];
    sh.last[t] = sh.lanes[t].w[kEcaWordsPerLane - 1];
}

TOROID_HD void eca_phase_generation(const LaunchIndex& at, EcaBlockShared& sh,
                                    const EcaLaunchArgs& a) {
    const EcaLanePlace p = eca_lane_place(at, a.total_words);
    if (!p.active) return;
    const std::uint32_t t = at.thread_rank();
    // What the shuffles deliver: a lane's own value where the neighbour lane
    // is outside the warp.
    const std::uint64_t from_left = p.lane > 0 ? sh.last[t - 1] : sh.last[t];
    const std::uint64_t from_right = p.lane < kEcaWarpSize - 1 ? sh.first[t + 1] : sh.first[t];
    eca_lane_generation(p, EcaMaskRule{a.masks}, sh.lanes[t], from_left, from_right);
}

TOROID_HD void eca_phase_store(const LaunchIndex& at, EcaBlockShared& sh, const EcaLaunchArgs& a) {
    const EcaLanePlace p = eca_lane_place(at, a.total_words);
    if (p.active) eca_lane_store(p, a, sh.lanes[at.thread_rank()]);
}

// The phases of one block in order, with a barrier between consecutive
// calls of run_phase: run_phase(f) must run f(index, shared) for every
// thread of the block before it returns.
template <class RunPhase>
void eca_block_program(const EcaLaunchArgs& a, RunPhase&& run_phase) {
    run_phase([&](const LaunchIndex& at, EcaBlockShared& sh) { eca_phase_load(at, sh, a); });
    for (int g = 0; g < a.gens; ++g) {
        run_phase([&](const LaunchIndex& at, EcaBlockShared& sh) { eca_phase_publish(at, sh, a); });
        run_phase(
            [&](const LaunchIndex& at, EcaBlockShared& sh) { eca_phase_generation(at, sh, a); });
    }
    run_phase([&](const LaunchIndex& at, EcaBlockShared& sh) { eca_phase_store(at, sh, a); });
}

}  // namespace toroid::kernels
