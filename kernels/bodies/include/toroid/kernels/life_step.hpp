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

// One of the step kernel's instantiations (chosen per rule by
// with_step_variant()).
template <Neighbourhood Kind, bool Life, bool Stochastic>
struct StepVariant {
    static constexpr Neighbourhood kind = Kind;
    static constexpr bool life = Life;
    static constexpr bool stochastic = Stochastic;
};

// Calls f(StepVariant<...>{}) for the variant that steps `rule`: the Life
// fast path for deterministic B3/S23, the stochastic draws only where a rule
// has random transitions.
template <class F>
decltype(auto) with_step_variant(const CompiledRule& rule, F&& f) {
    const bool stochastic = rule.stochastic();
    switch (rule.neighbourhood) {
        case Neighbourhood::Hexagonal:
            if (stochastic) return f(StepVariant<Neighbourhood::Hexagonal, false, true>{});
            return f(StepVariant<Neighbourhood::Hexagonal, false, false>{});
        case Neighbourhood::VonNeumann:
            if (stochastic) return f(StepVariant<Neighbourhood::VonNeumann, false, true>{});
            return f(StepVariant<Neighbourhood::VonNeumann, false, false>{});
        case Neighbourhood::Moore:
            break;
    }
    if (stochastic) return f(StepVariant<Neighbourhood::Moore, false, true>{});
    if (is_life(rule)) return f(StepVariant<Neighbourhood::Moore, true, false>{});
    return f(StepVariant<Neighbourhood::Moore, false, false>{});
}

// A row's word j with its west and east neighbours shifted into place.
struct Shifted3 {
    std::uint64_t west, self, east;
};

TOROID_HD Shifted3 fetch_shifted(const std::uint64_t* src, const PlaneShape& s, std::int64_t y,
                                 std::int64_t j) {
    const std::uint64_t* r = src + s.word_index(wrap_near(y, s.height), j);
    Shifted3 out;
    out.self = r[0];
    out.west = shift_west(out.self, r[-1]);
    out.east = shift_east(out.self, r[1]);
    return out;
}

// dst = one generation after src for the word column and strips of thread
// `at`. `generation` (of src) and `seed` key the stochastic draws.
template <Neighbourhood Kind, bool Life, bool Stochastic>
TOROID_HD void step_body(const LaunchIndex& at, const std::uint64_t* __restrict__ src,
                         std::uint64_t* __restrict__ dst, const PlaneShape& s,
                         const CompiledRule& rule, std::uint64_t seed, std::uint64_t generation) {
    const std::int64_t j = at.global_x();
    if (j >= s.words) return;
    const std::uint64_t mask = s.word_mask(j);
    for (std::int64_t y0 = std::int64_t(at.block.y) * kStepStrip; y0 < s.height;
         y0 += std::int64_t(at.grid_dim.y) * kStepStrip) {
        const std::int64_t y1 = y0 + kStepStrip < s.height ? y0 + kStepStrip : s.height;
        Shifted3 up = fetch_shifted(src, s, y0 - 1, j), mid = fetch_shifted(src, s, y0, j);
        RowSums<std::uint64_t> up_sums = row_sums(up.west, up.self, up.east);
        RowSums<std::uint64_t> mid_sums = row_sums(mid.west, mid.self, mid.east);
        for (std::int64_t y = y0; y < y1; ++y) {
            const Shifted3 down = fetch_shifted(src, s, y + 1, j);
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
            dst[s.word_index(y, j)] = next & mask;
            up = mid;
            mid = down;
            up_sums = mid_sums;
            mid_sums = down_sums;
        }
    }
}

}  // namespace toroid::kernels
