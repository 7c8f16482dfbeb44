// The strip kernel: a one-function shell over toroid/kernels/strip_step.hpp
// with the lane exchange as warp shuffles (the emulation runs the same
// functions with the exchange through block-shared memory).
#include <stdexcept>
#include <string>
#include <type_traits>

#include "cuda_check.cuh"
#include "strip_kernels.cuh"
#include "toroid/core/step_variant.hpp"
#include "toroid/kernels/strip_step.hpp"

namespace toroid::gpu {
namespace {

using namespace toroid::kernels;

constexpr unsigned kFullWarp = 0xffffffffu;

// One row of the pipeline; `warm_up`: stages whose rows do not exist yet are
// skipped. Phase = i % 3 (which record row is "up") is a constant at every
// call, so the records stay in registers without moves.
template <class V, int K, bool WarmUp, int Phase>
__device__ __forceinline__ void strip_iteration(const StripPlace& p, const StripArgs& a,
                                                StripLane<V, K>& lane, std::int64_t i) {
    std::uint64_t w = strip_load(p, a, lane);
#pragma unroll
    for (int g = 0; g < K; ++g) {
        if (WarmUp && !strip_stage_runs(g, i)) break;  // uniform over the warp
        // West needs bit 63 of lane L-1's word, east bit 0 of lane L+1's.
        const std::uint32_t left = __shfl_up_sync(kFullWarp, std::uint32_t(w >> 32), 1);
        const std::uint32_t right = __shfl_down_sync(kFullWarp, std::uint32_t(w), 1);
        w = strip_stage<V>(p, a, lane, K, g, i, Phase, w, std::uint64_t(left) << 32, right);
    }
    strip_store(p, a, lane, K, i, w);
}

template <class V, int K>
__global__ void __launch_bounds__(kStripThreads, 1) strip_kernel(StripArgs a) {
    const LaunchIndex at = this_thread();
    const StripPlace p = strip_place(at, a.s);
    if (!p.active) return;  // uniform over the warp: the shuffles see all 32 lanes
    StripLane<V, K> lane{};
    // The warm-up: the first 2K - 2 iterations (stage g runs from 2g on),
    // rounded up to whole triples; rows_in >= 2K + 1 exceeds it.
    constexpr std::int64_t warm = 3 * ((2 * K - 2 + 2) / 3);
    for (std::int64_t band = at.block.y; band < a.bands; band += at.grid_dim.y) {
        strip_band_begin(a, band, K, lane);
        const std::int64_t rows_in = strip_rows_in(lane, K);
        std::int64_t i = 0;
#pragma unroll 1
        for (; i < warm; i += 3) {
            strip_iteration<V, K, true, 0>(p, a, lane, i);
            strip_iteration<V, K, true, 1>(p, a, lane, i + 1);
            strip_iteration<V, K, true, 2>(p, a, lane, i + 2);
        }
#pragma unroll 1
        for (; i + 2 < rows_in; i += 3) {
            strip_iteration<V, K, false, 0>(p, a, lane, i);
            strip_iteration<V, K, false, 1>(p, a, lane, i + 1);
            strip_iteration<V, K, false, 2>(p, a, lane, i + 2);
        }
        if (i < rows_in) strip_iteration<V, K, false, 0>(p, a, lane, i);
        if (i + 1 < rows_in) strip_iteration<V, K, false, 1>(p, a, lane, i + 1);
    }
    if (a.population) {
        unsigned long long sum = lane.population;
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(kFullWarp, sum, o);
        if (p.lane == 0) atomicAdd(a.population, sum);
    }
}

template <int K>
void launch_k(const StripArgs& a, cudaStream_t stream) {
    const LaunchShape l = strip_launch_shape(a.s, a.band_rows);
    with_step_variant(a.rule, [&](auto variant) {
        using V = decltype(variant);
        // What strip_max_k() allows: no instantiation that would spill.
        if constexpr (K == 1 || (!V::stochastic && !kTableVariant<V> &&
                                 (K <= 4 || V::neighbourhood != Neighbourhood::Moore)))
            strip_kernel<V, K><<<to_dim3(l.grid), to_dim3(l.block), 0, stream>>>(a);
    });
}

}  // namespace

void launch_strip(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& s,
                  const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation, int gens,
                  std::int64_t band_rows, unsigned long long* population, cudaStream_t stream) {
    StripArgs a;
    a.src = src;
    a.dst = dst;
    a.s = s;
    a.rule = rule;
    if (rule.stochastic()) a.digits = make_stochastic_digits(rule);
    a.seed = seed;
    a.generation = generation;
    a.band_rows = band_rows > 0 ? band_rows : strip_band_rows(s, gens);
    a.bands = blocks_for(s.height, a.band_rows);
    a.population = population;
    if (gens > strip_max_k(rule))
        throw std::invalid_argument("launch_strip: k " + std::to_string(gens) +
                                    " is more than this rule's " +
                                    std::to_string(strip_max_k(rule)));
    switch (gens) {
        case 1:
            launch_k<1>(a, stream);
            break;
        case 2:
            launch_k<2>(a, stream);
            break;
        case 4:
            launch_k<4>(a, stream);
            break;
        case 8:
            launch_k<8>(a, stream);
            break;
        default:
            throw std::invalid_argument("launch_strip: k must be 1, 2, 4 or 8");
    }
    TOROID_CUDA_CHECK(cudaGetLastError());
}

}  // namespace toroid::gpu
