// The 1-D GPU ring (kernels/src/eca.cu, EcaDeviceRing::step) emulated on
// the host: the same launches of at most kEcaMaxGenerations generations, each
// over the grid eca_launch_shape gives, each block run phase by phase
// (eca_block_program: the lane exchange through block-shared memory instead
// of warp shuffles, see toroid/kernels/eca_warp.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "emulated_launch.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/kernels/eca_warp.hpp"

namespace toroid::testing {

inline void emulated_eca_step(EcaRing& ring, int rule, std::int64_t steps) {
    const std::int64_t words = ring.word_count();
    std::vector<std::uint64_t> a(ring.words().begin(), ring.words().end()), b(a.size());
    std::mt19937_64 garbage{static_cast<std::uint64_t>(words)};
    for (auto& w : b) w = garbage();  // the kernel must write every word it owns
    const kernels::LaunchShape l = kernels::eca_launch_shape(words);
    kernels::EcaLaunchArgs args;
    args.width = ring.width();
    args.total_words = words;
    args.masks = eca_masks(unsigned(rule));
    while (steps > 0) {
        args.gens = int(std::min<std::int64_t>(steps, kernels::kEcaMaxGenerations));
        args.src = a.data();
        args.dst = b.data();
        emulate_launch_program<kernels::EcaBlockShared>(l.grid, l.block, [&](auto&& run_phase) {
            kernels::eca_block_program(args, run_phase);
        });
        std::swap(a, b);
        steps -= args.gens;
    }
    std::copy(a.begin(), a.end(), ring.words().begin());
}

}  // namespace toroid::testing
