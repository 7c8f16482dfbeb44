// The CUDA backend's device state, emulated on the host.
//
// Holds the two planes of CudaBackend (kernels/src/cuda_backend.cu) in host
// memory and drives them through the same sequence of launches (step, then
// edge repair; edges after an upload or edit; reductions for population and
// hash), each launch emulated over the grid its launcher uses
// (step_launch_shape, edges_launch_shape) with the kernel bodies of
// kernels/bodies. With a StripConfig the steps are the strip kernel's
// (strip_step.hpp): launches of up to max_k generations that write the
// edges themselves, the last one counting the population. Stored words outside what the kernels
// write start as random garbage, so any read of a word the layout does not define shows up as a
// difference.
#pragma once

#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

#include "emulated_launch.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/kernels/life_step.hpp"
#include "toroid/kernels/plane_edges.hpp"
#include "toroid/kernels/plane_sum.hpp"
#include "toroid/kernels/strip_step.hpp"

namespace toroid::testing {

// The strip kernel's parameters (CudaBackend: max_k 8, band rows from
// strip_band_rows). max_k up to kStripMaxGenerations in the emulation.
struct StripConfig {
    int max_k = 8;
    std::int64_t band_rows = 0;  // 0: strip_band_rows()
    std::uint32_t max_blocks_y = kernels::kStripMaxBlocksY;
};

// One emulated strip launch: dst = gens generations after src; adds dst's
// population to *population when it is given.
inline void emulated_strip_launch(const std::vector<std::uint64_t>& src,
                                  std::vector<std::uint64_t>& dst, const PlaneShape& s,
                                  const CompiledRule& rule, std::uint64_t seed,
                                  std::uint64_t generation, int gens, const StripConfig& config,
                                  unsigned long long* population = nullptr) {
    kernels::StripArgs a;
    a.src = src.data();
    a.dst = dst.data();
    a.s = s;
    a.rule = rule;
    if (rule.stochastic()) a.digits = kernels::make_stochastic_digits(rule);
    a.seed = seed;
    a.generation = generation;
    a.band_rows = config.band_rows > 0 ? config.band_rows : kernels::strip_band_rows(s, gens);
    a.bands = kernels::blocks_for(s.height, a.band_rows);
    a.population = population;
    const kernels::LaunchShape l = kernels::strip_launch_shape(s, a.band_rows, config.max_blocks_y);
    // The lanes' records sized for the device's k (8) or for any k (64): a
    // block's registers are emulated on the heap, and smaller is faster.
    auto launch = [&](auto cap) {
        constexpr int Cap = decltype(cap)::value;
        with_step_variant(rule, [&](auto variant) {
            using V = decltype(variant);
            emulate_launch_program<kernels::StripBlockShared<V, Cap>>(
                l.grid, l.block, [&](auto&& run_phase, const Index3& b) {
                    kernels::strip_block_program<V, Cap>(a, gens, l.grid, b, run_phase);
                });
        });
    };
    if (gens <= 8)
        launch(std::integral_constant<int, 8>{});
    else
        launch(std::integral_constant<int, kernels::kStripMaxGenerations>{});
}

class EmulatedCudaPlanes {
  public:
    // max_blocks_y below kMaxStepBlocksY makes the step kernel's strided
    // strip loop run on small planes.
    EmulatedCudaPlanes(const Rule& rule, std::uint64_t seed,
                       std::uint32_t max_blocks_y = kernels::kMaxStepBlocksY)
        : rule_(rule.compile()), seed_(seed), max_blocks_y_(max_blocks_y) {}
    EmulatedCudaPlanes(const Rule& rule, std::uint64_t seed, const StripConfig& strip)
        : rule_(rule.compile()),
          seed_(seed),
          max_blocks_y_(kernels::kMaxStepBlocksY),
          strip_(true),
          strip_config_(strip) {}

    void load(const Grid& g, std::uint64_t generation) {
        shape_ = PlaneShape::of(g.width(), g.height());
        std::mt19937_64 garbage(std::uint64_t(g.width()) * 977 + std::uint64_t(g.height()));
        for (auto& p : plane_) {
            p.assign(std::size_t(shape_.plane_words()), 0);
            for (auto& w : p) w = garbage();
        }
        cur_ = 0;
        for (std::int64_t y = 0; y < shape_.height; ++y)
            for (std::int64_t j = 0; j < shape_.words; ++j)
                plane_[0][std::size_t(shape_.word_index(y, j))] = g.row(y)[std::size_t(j)];
        fix_edges(cur_);
        generation_ = generation;
    }

    void step(std::uint64_t generations) {
        if (strip_) return strip_step(generations);
        for (std::uint64_t g = 0; g < generations; ++g) {
            const std::uint64_t* src = plane_[cur_].data();
            std::uint64_t* dst = plane_[1 - cur_].data();
            const kernels::LaunchShape l = kernels::step_launch_shape(shape_, max_blocks_y_);
            with_step_variant(rule_, [&](auto variant) {
                emulate_launch(l.grid, l.block, [&](const LaunchIndex& at) {
                    kernels::step_body<decltype(variant)>(at, src, dst, shape_, rule_, seed_,
                                                          generation_);
                });
            });
            cur_ = 1 - cur_;
            fix_edges(cur_);
            ++generation_;
        }
    }

    // CudaBackend::set: one word rewritten, then every row's edges.
    void set(std::int64_t x, std::int64_t y, bool alive) {
        std::uint64_t& w = plane_[cur_][std::size_t(shape_.word_index(y, x / 64))];
        const std::uint64_t bit = std::uint64_t(1) << (x % 64);
        w = alive ? (w | bit) : (w & ~bit);
        fix_edges(cur_);
    }

    Grid grid() const {
        Grid g(shape_.width, shape_.height);
        for (std::int64_t y = 0; y < shape_.height; ++y)
            for (std::int64_t j = 0; j < shape_.words; ++j)
                g.row(y)[std::size_t(j)] = plane_[cur_][std::size_t(shape_.word_index(y, j))];
        g.mask_padding();
        return g;
    }

    std::uint64_t population() const { return sums().population; }
    std::uint64_t hash() const { return hash_finish(shape_.width, shape_.height, sums().hash); }

    // The reduction kernel's two sums (plane_sum.hpp), emulated.
    kernels::PlaneSums sums() const {
        kernels::PlaneSums out;
        const kernels::LaunchShape l = kernels::plane_sum_launch_shape(shape_);
        const std::uint64_t* plane = plane_[cur_].data();
        emulate_launch_program<kernels::PlaneSumShared>(l.grid, l.block, [&](auto&& run_phase) {
            kernels::plane_sum_block_program(plane, shape_, &out, run_phase);
        });
        return out;
    }

    // The strip kernel's fused count after its last step (0 before one).
    unsigned long long fused_population() const { return fused_population_; }

    const PlaneShape& shape() const { return shape_; }
    const CompiledRule& rule() const { return rule_; }
    std::uint64_t generation() const { return generation_; }
    // Every stored word (margins included) of the current and the other plane.
    const std::vector<std::uint64_t>& plane() const { return plane_[cur_]; }
    const std::vector<std::uint64_t>& other_plane() const { return plane_[1 - cur_]; }

  private:
    void strip_step(std::uint64_t generations) {
        while (generations > 0) {
            const int k = kernels::strip_launch_generations(generations, strip_config_.max_k);
            fused_population_ = 0;
            emulated_strip_launch(plane_[cur_], plane_[1 - cur_], shape_, rule_, seed_, generation_,
                                  k, strip_config_, &fused_population_);
            cur_ = 1 - cur_;
            generation_ += std::uint64_t(k);
            generations -= std::uint64_t(k);
        }
    }

    void fix_edges(int p) {
        const kernels::LaunchShape l = kernels::edges_launch_shape(shape_);
        std::uint64_t* plane = plane_[p].data();
        emulate_launch(l.grid, l.block,
                       [&](const LaunchIndex& at) { kernels::fix_edges_body(at, plane, shape_); });
    }

    CompiledRule rule_;
    std::uint64_t seed_;
    std::uint32_t max_blocks_y_;
    PlaneShape shape_;
    std::vector<std::uint64_t> plane_[2];
    int cur_ = 0;
    std::uint64_t generation_ = 0;
    bool strip_ = false;
    StripConfig strip_config_;
    unsigned long long fused_population_ = 0;
};

}  // namespace toroid::testing
