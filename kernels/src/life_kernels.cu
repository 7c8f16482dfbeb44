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
    const std::int64_t wy = y < 0 ? y + s.height : (y >= s.height ? y - s.height : y);
    const std::uint64_t* r = src + wy * s.stride + kRowOffset + j;
    Shifted3 out;
    out.self = r[0];
    out.west = shift_west(out.self, r[-1]);
    out.east = shift_east(out.self, r[1]);
    return out;
}

template <int Kind, bool Life, bool Stochastic>
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
            if constexpr (Kind == 0)
                count = moore_count(up_sums, mid_sums, down_sums);
            else if constexpr (Kind == 1)
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
    std::uint64_t* r = plane + y * s.stride;
    const std::int64_t last = s.width - 1;
    const std::uint64_t cell_last = (r[kRowOffset + last / 64] >> (last % 64)) & 1;
    const std::uint64_t cell_first = r[kRowOffset] & 1;
    r[kRowOffset - 1] = cell_last << 63;
    const std::int64_t e = s.width / 64;
    const std::uint64_t keep =
        e < s.words ? (e == s.words - 1 ? s.last_mask : ~std::uint64_t(0)) : 0;
    r[kRowOffset + e] = (r[kRowOffset + e] & keep) | (cell_first << (s.width % 64));
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

template <int Kind, bool Life, bool Stochastic>
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
        case 1:
            return stochastic ? launch<1, false, true>(src, dst, s, rule, seed, generation)
                              : launch<1, false, false>(src, dst, s, rule, seed, generation);
        case 2:
            return stochastic ? launch<2, false, true>(src, dst, s, rule, seed, generation)
                              : launch<2, false, false>(src, dst, s, rule, seed, generation);
        default:
            if (stochastic) return launch<0, false, true>(src, dst, s, rule, seed, generation);
            return is_life(rule) ? launch<0, true, false>(src, dst, s, rule, seed, generation)
                                 : launch<0, false, false>(src, dst, s, rule, seed, generation);
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
