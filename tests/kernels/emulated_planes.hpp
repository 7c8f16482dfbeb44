// The CUDA backend's device state, emulated on the host.
//
// Holds the two planes of CudaBackend (kernels/src/cuda_backend.cu) in host
// memory and drives them through the same sequence of launches (step, then
// edge repair; edges after an upload or edit; reductions for population and
// hash), each launch emulated over the grid its launcher uses
// (step_launch_shape, edges_launch_shape) with the kernel bodies of
// kernels/bodies. Stored words outside what the kernels write start as
// random garbage, so any read of a word the layout does not define shows up
// as a difference.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "emulated_launch.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/kernels/life_step.hpp"
#include "toroid/kernels/plane_edges.hpp"
#include "toroid/kernels/plane_reduce.hpp"

namespace toroid::testing {

class EmulatedCudaPlanes {
  public:
    // max_blocks_y below kMaxStepBlocksY makes the step kernel's strided
    // strip loop run on small planes.
    EmulatedCudaPlanes(const Rule& rule, std::uint64_t seed,
                       std::uint32_t max_blocks_y = kernels::kMaxStepBlocksY)
        : rule_(rule.compile()), seed_(seed), max_blocks_y_(max_blocks_y) {}

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

    std::uint64_t population() const {
        return reduce(kernels::PopcountAt{kernels::PlaneWordAt{plane_[cur_].data(), shape_}});
    }
    std::uint64_t hash() const {
        return hash_finish(
            shape_.width, shape_.height,
            reduce(kernels::HashAt{kernels::PlaneWordAt{plane_[cur_].data(), shape_}}));
    }

    const PlaneShape& shape() const { return shape_; }
    const CompiledRule& rule() const { return rule_; }
    std::uint64_t generation() const { return generation_; }
    // Every stored word (margins included) of the current and the other plane.
    const std::vector<std::uint64_t>& plane() const { return plane_[cur_]; }
    const std::vector<std::uint64_t>& other_plane() const { return plane_[1 - cur_]; }

  private:
    void fix_edges(int p) {
        const kernels::LaunchShape l = kernels::edges_launch_shape(shape_);
        std::uint64_t* plane = plane_[p].data();
        emulate_launch(l.grid, l.block,
                       [&](const LaunchIndex& at) { kernels::fix_edges_body(at, plane, shape_); });
    }

    template <class PerIndex>
    std::uint64_t reduce(PerIndex per_index) const {
        std::uint64_t sum = 0;
        for (std::int64_t i = 0; i < kernels::reduce_count(shape_); ++i) sum += per_index(i);
        return sum;
    }

    CompiledRule rule_;
    std::uint64_t seed_;
    std::uint32_t max_blocks_y_;
    PlaneShape shape_;
    std::vector<std::uint64_t> plane_[2];
    int cur_ = 0;
    std::uint64_t generation_ = 0;
};

}  // namespace toroid::testing
