// The 2-D kernels: thin shells over the shared bitslice.hpp arithmetic.
//
// One thread owns one word column j and a strip of kStrip rows; it walks
// down the strip keeping three rows of (west, self, east) words in
// registers, so each input word is read once per strip plus two halo rows.
// Adjacent threads read adjacent words: every load is coalesced.
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <algorithm>

#include "cuda_check.cuh"
#include "life_kernels.cuh"
#include "toroid/core/bitslice.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/stochastic.hpp"

namespace toroid::gpu {
namespace {

constexpr int kStrip = 16;
constexpr int kThreads = 128;

struct Shifted3 {
    std::uint64_t west, self, east;
};

__device__ __forceinline__ Shifted3 fetch(const std::uint64_t* src, const PlaneShape& s,
                                          std::int64_t y, std::int64_t j) {
    const std::uint64_t* r = src + s.word_index(wrap_row(y, s.height), j);
    Shifted3 out;
    out.self = r[0];
    out.west = shift_west(out.self, r[-1]);
    out.east = shift_east(out.self, r[1]);
    return out;
}

template <Neighbourhood Kind, bool Life, bool Stochastic>
__global__ void step_kernel(const std::uint64_t* __restrict__ src, std::uint64_t* __restrict__ dst,
                            PlaneShape s, CompiledRule rule, std::uint64_t seed,
                            std::uint64_t generation) {
    const std::int64_t j = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= s.words) return;
    const std::uint64_t mask = j == s.words - 1 ? s.last_mask : ~std::uint64_t(0);
    for (std::int64_t y0 = std::int64_t(blockIdx.y) * kStrip; y0 < s.height;
         y0 += std::int64_t(gridDim.y) * kStrip) {
        const std::int64_t y1 = y0 + kStrip < s.height ? y0 + kStrip : s.height;
        Shifted3 up = fetch(src, s, y0 - 1, j), mid = fetch(src, s, y0, j);
        RowSums<std::uint64_t> up_sums = row_sums(up.west, up.self, up.east);
        RowSums<std::uint64_t> mid_sums = row_sums(mid.west, mid.self, mid.east);
        for (std::int64_t y = y0; y < y1; ++y) {
            const Shifted3 down = fetch(src, s, y + 1, j);
            const RowSums<std::uint64_t> down_sums = row_sums(down.west, down.self, down.east);
            Count4<std::uint64_t> count;
            if constexpr (Kind == Neighbourhood::Moore)
                count = moore_count(up_sums, mid_sums, down_sums);
            else if constexpr (Kind == Neighbourhood::Hexagonal)
                count = hex_count(up.west, up.self, mid.west, mid.east, down.self, down.east);
            else
                count = von_neumann_count(up.self, mid.west, mid.east, down.self);
            std::uint64_t next = Life ? apply_life(mid.self, count)
                                      : apply_rule(mid.self, count, rule.birth, rule.survive);
            if constexpr (Stochastic) {
                const std::uint64_t candidates =
                    stochastic_candidates(mid.self, count, rule) & mask;
                if (candidates)
                    next |= resolve_stochastic(candidates, mid.self, count, rule, seed, generation,
                                               std::uint64_t(y * s.words + j));
            }
            dst[y * s.stride + kRowOffset + j] = next & mask;
            up = mid;
            mid = down;
            up_sums = mid_sums;
            mid_sums = down_sums;
        }
    }
}

__global__ void fix_edges_kernel(std::uint64_t* plane, PlaneShape s) {
    const std::int64_t y = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (y >= s.height) return;
    repair_row_edges(s.row(plane, y), s.width);
}

struct WordAt {
    const std::uint64_t* plane;
    PlaneShape s;
    __device__ std::uint64_t operator()(std::int64_t i) const {
        const std::int64_t y = i / s.words, j = i % s.words;
        const std::uint64_t w = plane[y * s.stride + kRowOffset + j];
        return j == s.words - 1 ? (w & s.last_mask) : w;
    }
};

struct PopcountAt {
    WordAt word;
    __device__ std::uint64_t operator()(std::int64_t i) const {
        return std::uint64_t(__popcll(word(i)));
    }
};

struct HashAt {
    WordAt word;
    __device__ std::uint64_t operator()(std::int64_t i) const {
        return hash_word(std::uint64_t(i), word(i));
    }
};

template <Neighbourhood Kind, bool Life, bool Stochastic>
void launch(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& s,
            const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation) {
    const dim3 block(kThreads);
    const std::int64_t strips = (s.height + kStrip - 1) / kStrip;
    const dim3 grid(unsigned((s.words + kThreads - 1) / kThreads),
                    unsigned(std::min<std::int64_t>(strips, 65535)));
    step_kernel<Kind, Life, Stochastic><<<grid, block>>>(src, dst, s, rule, seed, generation);
    TOROID_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

void launch_step(const std::uint64_t* src, std::uint64_t* dst, const PlaneShape& s,
                 const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation) {
    const bool stochastic = rule.stochastic();
    switch (rule.neighbourhood) {
        case Neighbourhood::Hexagonal:
            return stochastic ? launch<Neighbourhood::Hexagonal, false, true>(src, dst, s, rule,
                                                                              seed, generation)
                              : launch<Neighbourhood::Hexagonal, false, false>(src, dst, s, rule,
                                                                               seed, generation);
        case Neighbourhood::VonNeumann:
            return stochastic ? launch<Neighbourhood::VonNeumann, false, true>(src, dst, s, rule,
                                                                               seed, generation)
                              : launch<Neighbourhood::VonNeumann, false, false>(src, dst, s, rule,
                                                                                seed, generation);
        default:
            if (stochastic)
                return launch<Neighbourhood::Moore, false, true>(src, dst, s, rule, seed,
                                                                 generation);
            return is_life(rule) ? launch<Neighbourhood::Moore, true, false>(src, dst, s, rule,
                                                                             seed, generation)
                                 : launch<Neighbourhood::Moore, false, false>(src, dst, s, rule,
                                                                              seed, generation);
    }
}

void launch_fix_edges(std::uint64_t* plane, const PlaneShape& s) {
    const unsigned blocks = unsigned((s.height + 255) / 256);
    fix_edges_kernel<<<blocks, 256>>>(plane, s);
    TOROID_CUDA_CHECK(cudaGetLastError());
}

std::uint64_t device_population(const std::uint64_t* plane, const PlaneShape& s) {
    const std::int64_t n = s.height * s.words;
    return thrust::transform_reduce(thrust::device, thrust::counting_iterator<std::int64_t>(0),
                                    thrust::counting_iterator<std::int64_t>(n),
                                    PopcountAt{WordAt{plane, s}}, std::uint64_t(0),
                                    thrust::plus<std::uint64_t>());
}

std::uint64_t device_hash_sum(const std::uint64_t* plane, const PlaneShape& s) {
    const std::int64_t n = s.height * s.words;
    return thrust::transform_reduce(thrust::device, thrust::counting_iterator<std::int64_t>(0),
                                    thrust::counting_iterator<std::int64_t>(n),
                                    HashAt{WordAt{plane, s}}, std::uint64_t(0),
                                    thrust::plus<std::uint64_t>());
}

}  // namespace toroid::gpu
