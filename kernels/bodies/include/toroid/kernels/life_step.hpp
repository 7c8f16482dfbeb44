// Body of the 2-D step kernel: one generation of a stored plane.
//
// One thread owns one word column j and strips of kStepStrip rows; it walks
// down a strip keeping three rows of (west, self, east) words, so each input
// word is read once per strip plus two halo rows. Adjacent threads read
// adjacent words: every device load is coalesced. blockIdx.y picks the strip;
// when the plane has more strips than a grid may have blocks in y
// (kMaxStepBlocksY), each thread strides on by gridDim.y strips.
//
// Planes are in the stored layout (toroid/core/plane_layout.hpp): the body
// reads the edge bits of src and writes only canonical words of dst, masked;
// the caller repairs dst's edges afterwards (plane_edges.hpp).
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/launch_index.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/core/stochastic.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::int64_t kStepStrip = 16;           // rows per strip
inline constexpr std::uint32_t kStepThreads = 128;       // threads per block (x)
inline constexpr std::uint32_t kMaxStepBlocksY = 65535;  // CUDA's limit on gridDim.y

// The launch geometry of step_body for a plane: one thread per word column,
// one block row per strip (at most max_blocks_y; tests pass a small limit to
// exercise the strided loop).
constexpr LaunchShape step_launch_shape(const PlaneShape& s,
                                        std::uint32_t max_blocks_y = kMaxStepBlocksY) {
    const std::int64_t columns = blocks_for(s.words, kStepThreads);
    const std::int64_t strips = blocks_for(s.height, kStepStrip);
    LaunchShape l;
    l.grid = Index3{std::uint32_t(columns),
                    std::uint32_t(strips < max_blocks_y ? strips : max_blocks_y), 1};
    l.block = Index3{kStepThreads, 1, 1};
    return l;
}

// A row's word j with its west and east neighbours shifted into place.
TOROID_HD Shifted3<std::uint64_t> fetch_shifted(const std::uint64_t* src, const PlaneShape& s,
                                                std::int64_t y, std::int64_t j) {
    const std::uint64_t* r = src + s.word_index(wrap_near(y, s.height), j);
    Shifted3<std::uint64_t> out;
    out.self = r[0];
    out.west = shift_west(out.self, r[-1]);
    out.east = shift_east(out.self, r[1]);
    return out;
}

// dst = one generation after src for the word column and strips of thread
// `at`, under the rule's variant V (step_variant.hpp: with_step_variant()
// picks it on the host). `generation` (of src) and `seed` key the
// stochastic draws.
template <class V>
TOROID_HD void step_body(const LaunchIndex& at, const std::uint64_t* __restrict__ src,
                         std::uint64_t* __restrict__ dst, const PlaneShape& s,
                         const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation) {
    using Row = typename V::template Row<std::uint64_t>;
    const std::int64_t j = at.global_x();
    if (j >= s.words) return;
    const std::uint64_t mask = s.word_mask(j);
    for (std::int64_t y0 = std::int64_t(at.block.y) * kStepStrip; y0 < s.height;
         y0 += std::int64_t(at.grid_dim.y) * kStepStrip) {
        const std::int64_t y1 = y0 + kStepStrip < s.height ? y0 + kStepStrip : s.height;
        Row up = V::prepare(fetch_shifted(src, s, y0 - 1, j));
        Row mid = V::prepare(fetch_shifted(src, s, y0, j));
        for (std::int64_t y = y0; y < y1; ++y) {
            const Row down = V::prepare(fetch_shifted(src, s, y + 1, j));
            std::uint64_t next = V::next(up, mid, down, rule);
            if constexpr (V::stochastic) {
                const Count4<std::uint64_t> count = V::count(up, mid, down);
                const std::uint64_t self = V::self(mid);
                const std::uint64_t candidates = stochastic_candidates(self, count, rule) & mask;
                if (candidates)
                    next |= resolve_stochastic(candidates, self, count, rule, seed, generation,
                                               std::uint64_t(y * s.words + j));
            }
            dst[s.word_index(y, j)] = next & mask;
            up = mid;
            mid = down;
        }
    }
}

}  // namespace toroid::kernels
