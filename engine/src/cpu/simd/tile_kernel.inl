// The CPU tile kernel, instantiated once per instruction set.
//
// Included by tile_kernel_<isa>.cpp after defining TOROID_LANES (uint64_t
// lanes per vector) and TOROID_KERNEL_NAME; each such file is compiled with
// its own -m flags and is entered only when the CPU supports them. The
// arithmetic is the shared bitslice.hpp code on GCC vector types.
//
// A tile is stepped one vector column at a time, top to bottom, with a
// rolling window of three input rows, so each input row is loaded and
// shifted once per column and feeds three output rows.
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "../cpu_tiles.hpp"
#include "toroid/core/bitslice.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/core/stochastic.hpp"

namespace toroid::detail {
namespace {

constexpr int kLanes = TOROID_LANES;
typedef std::uint64_t Vec __attribute__((vector_size(8 * kLanes)));

inline Vec load(const std::uint64_t* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline void store(std::uint64_t* p, Vec v) {
    std::memcpy(p, &v, sizeof v);
}

inline Vec lane_popcount(Vec x) {
#if defined(__AVX512VPOPCNTDQ__) && TOROID_LANES == 8
    return (Vec)_mm512_popcnt_epi64((__m512i)x);
#elif defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__) && TOROID_LANES == 4
    return (Vec)_mm256_popcnt_epi64((__m256i)x);
#else
    // SWAR popcount per 64-bit lane, without the (slow) 64-bit vector multiply.
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    x += x >> 8;
    x += x >> 16;
    x += x >> 32;
    return x & 0x7f;
#endif
}

// Bit l set when lane l is not zero (one instruction where there is one:
// every tile computed reports its live words).
inline unsigned nonzero_lanes(Vec v) {
#if defined(__AVX512F__) && TOROID_LANES == 8
    return _mm512_test_epi64_mask((__m512i)v, (__m512i)v);
#elif defined(__AVX512VL__) && TOROID_LANES == 4
    return _mm256_test_epi64_mask((__m256i)v, (__m256i)v);
#elif defined(__AVX2__) && TOROID_LANES == 4
    const __m256i zero = _mm256_cmpeq_epi64((__m256i)v, _mm256_setzero_si256());
    return ~unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(zero))) & 0xFu;
#else
    unsigned bits = 0;
    for (int l = 0; l < kLanes; ++l) bits |= unsigned(v[l] != 0) << l;
    return bits;
#endif
}

using Shifted = Shifted3<Vec>;

#include "stochastic_lanes.inl"

// splitmix64 (grid_hash.hpp) on every lane.
inline Vec splitmix_lanes(Vec z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// hash_word(index + lane, w) on every lane (0 for a zero word).
inline Vec hash_lanes(Vec index, Vec w) {
    return splitmix_lanes(w ^ splitmix_lanes(index)) & (w != 0);
}

// The word at r (a position in a stored row) and its west/east shifts.
inline Shifted fetch(const std::uint64_t* r) {
    Shifted s;
    s.self = load(r);
#if defined(__AVX512VBMI2__) && TOROID_LANES == 8
    // Funnel shifts: shift_west / shift_east in one instruction each.
    s.west = (Vec)_mm512_shldi_epi64((__m512i)s.self, (__m512i)load(r - 1), 1);
    s.east = (Vec)_mm512_shrdi_epi64((__m512i)s.self, (__m512i)load(r + 1), 1);
#elif defined(__AVX512VBMI2__) && defined(__AVX512VL__) && TOROID_LANES == 4
    s.west = (Vec)_mm256_shldi_epi64((__m256i)s.self, (__m256i)load(r - 1), 1);
    s.east = (Vec)_mm256_shrdi_epi64((__m256i)s.self, (__m256i)load(r + 1), 1);
#else
    s.west = shift_west(s.self, load(r - 1));
    s.east = shift_east(s.self, load(r + 1));
#endif
    return s;
}

// What a tile kernel reports (TileOutcome), gathered row by row: each new
// row is masked, compared with the old content, stored, counted and hashed.
struct TileTally {
    Vec pop{}, pop_delta{}, top{}, bottom{}, hash_delta{}, column_diff{}, column_pop{};
    std::uint64_t left = 0, right = 0, any = 0;
    std::uint8_t live = 0;
    std::uint32_t rows = 0;

    // Row r of the tile (torus row y) at `out` (lane 0 is canonical word j0)
    // becomes `next`; `first` / `last`: the tile's first / last row. Sparse
    // steps do not store unchanged rows: a row of a fresh tile that stays
    // empty is never written, so its page of a huge torus is never
    // allocated (reads of untouched memory see the zero page); they note
    // the rows that changed and their population change. Dense steps store
    // every row: the test would cost more.
    void row(const TileKernelArgs& a, std::uint64_t* out, Vec next, Vec mask, std::int64_t y,
             std::int64_t j0, bool first, bool last, int r) {
        next &= mask;
        const Vec old = load(out) & mask;
        const Vec d = next ^ old;
        column_diff |= d;
        if (a.track_hash && any_bits(d)) {
            Vec index{};  // canonical word numbers of the lanes
            for (int l = 0; l < kLanes; ++l) index[l] = std::uint64_t(l);
            index += std::uint64_t(y * a.words + j0);
            hash_delta += hash_lanes(index, next) - hash_lanes(index, old);
        }
        if (first) top |= d;
        if (last) bottom |= d;
        const Vec next_pop = lane_popcount(next);
        if (!a.sparse) {
            store(out, next);
        } else if (any_bits(d)) {
            store(out, next);
            rows |= std::uint32_t(1) << r;
            pop_delta += next_pop - lane_popcount(old);
        }
        column_pop += next_pop;
    }

    // After the rows of the vector column starting at tile word c.
    void end_column(std::int64_t c) {
        if (c == 0) left = column_diff[0] & 1;
        if (c == kTileWords - kLanes) right = column_diff[kLanes - 1] >> 63;
        for (int l = 0; l < kLanes; ++l) any |= column_diff[l];
        live |= std::uint8_t(nonzero_lanes(column_pop) << c);
        pop += column_pop;
        column_diff = Vec{};
        column_pop = Vec{};
    }

    TileOutcome outcome(bool last_column) const {
        TileOutcome o;
        o.live = live;
        o.rows = rows;
        std::uint64_t top_any = 0, bottom_any = 0;
        for (int l = 0; l < kLanes; ++l) {
            o.population += pop[l];
            o.population_delta += pop_delta[l];
            o.hash_delta += hash_delta[l];
            top_any |= top[l];
            bottom_any |= bottom[l];
        }
        o.changed = any != 0;
        // The last tile of a row ends at cell W-1, which is not bit 63 of its
        // last word: count any change there as a change of its right edge.
        const bool right_edge = last_column ? any != 0 : right != 0;
        o.edges = std::uint8_t((top_any ? kEdgeTop : 0) | (bottom_any ? kEdgeBottom : 0) |
                               (left ? kEdgeLeft : 0) | (right_edge ? kEdgeRight : 0));
        return o;
    }
};

// The next state of `mid` (canonical words first_word + lane), unmasked
// except for the stochastic candidates: the variant's body (step_variant.hpp),
// then the random transitions drawn lane by lane (stochastic_lanes.inl).
// Always inlined: a call per row passes the rows through memory and keeps
// what the body derives from the rule (broadcast masks) in the row loop.
// Except the table tree (TableTreeStep), whose 64 leaves and 63 gates want
// every register: inlined into the row loop it spills more than a call costs;
// on AVX-512 it is the rule's own machine code when there is some
// (`table_code`, table_jit.hpp: the nine vectors in, the next state in zmm0).
template <class V>
__attribute__((noinline)) Vec next_out_of_line(const typename V::template Row<Vec>& up,
                                               const typename V::template Row<Vec>& mid,
                                               const typename V::template Row<Vec>& down,
                                               const CompiledRule& rule) {
    return V::next(up, mid, down, rule);
}

template <class V>
inline __attribute__((always_inline)) Vec next_state(
    const typename V::template Row<Vec>& up, const typename V::template Row<Vec>& mid,
    const typename V::template Row<Vec>& down, const CompiledRule& rule, const StochasticPlan& plan,
    Vec mask, std::uint64_t first_word, const void* table_code) {
    Vec next;
    if constexpr (std::is_same_v<V, TableTreeStep>) {
#if defined(__AVX512F__) && TOROID_LANES == 8
        if (table_code) {
            const Vec block[9] = {up.west,  up.self,   up.east,   mid.west, mid.self,
                                  mid.east, down.west, down.self, down.east};
            return call_table_code(table_code, block);
        }
#endif
        (void)table_code;
        next = next_out_of_line<V>(up, mid, down, rule);
    } else {
        (void)table_code;
        next = V::next(up, mid, down, rule);
    }
    if constexpr (V::stochastic) {
        const Count4<Vec> count = V::count(up, mid, down);
        const Vec self = V::self(mid);
        const Vec candidates = stochastic_candidates(self, count, rule) & mask;
        if (any_bits(candidates))
            next |= resolve_stochastic_lanes(plan, candidates, self, count, first_word);
    } else {
        (void)plan, (void)mask, (void)first_word;
    }
    return next;
}

template <class V>
TileOutcome step_tile(const TileKernelArgs& a, std::int64_t tx, std::int64_t ty,
                      std::int64_t first_word, std::int64_t end_word, std::int64_t first_row,
                      std::int64_t end_row) {
    const std::int64_t top = ty * kTileRows;  // the tile's rows: [top, bottom)
    const std::int64_t bottom = top + kTileRows < a.height ? top + kTileRows : a.height;
    const std::int64_t y0 = top + first_row;
    const std::int64_t y1 = top + end_row < bottom ? top + end_row : bottom;
    // A copy that no store of the loop can reach, so that what the variant
    // derives from the rule (broadcast masks) is hoisted out of the rows.
    const CompiledRule rule = a.rule;
    const void* const table_code = a.table_code;
    TileTally tally;
    StochasticPlan plan;
    if constexpr (V::stochastic) plan = make_stochastic_plan(rule, a.seed, a.generation);
    using Row = typename V::template Row<Vec>;

    // One vector column at a time, top to bottom: the rolling window of
    // three rows stays in registers.
    for (std::int64_t c = first_word; c < end_word; c += kLanes) {
        const std::int64_t j0 = tx * kTileWords + c;  // canonical word index of lane 0
        const std::int64_t pos = kRowOffset + j0;
        const Vec mask = load(a.word_masks + j0);
        auto row_ptr = [&](std::int64_t y) {
            return a.src + wrap_near(y, a.height) * a.stride + pos;
        };
        // The row below walks down by the stride and wraps to row 0 once.
        const std::uint64_t* const wrap_at = a.src + a.height * a.stride + pos;
        const std::uint64_t* down_row = row_ptr(y0 + 1);
        std::uint64_t* out = a.dst + y0 * a.stride + pos;
        Row up = V::prepare(fetch(row_ptr(y0 - 1))), mid = V::prepare(fetch(row_ptr(y0)));
        for (std::int64_t y = y0; y < y1; ++y) {
            const Row down = V::prepare(fetch(down_row));
            down_row += a.stride;
            if (down_row == wrap_at) down_row = a.src + pos;
            const Vec next = next_state<V>(up, mid, down, rule, plan, mask,
                                           std::uint64_t(y * a.words + j0), table_code);
            tally.row(a, out, next, mask, y, j0, y == top, y == bottom - 1, int(y - top));
            out += a.stride;
            up = mid;
            mid = down;
        }
        tally.end_column(c);
    }
    return tally.outcome((tx + 1) * kTileWords * 64 >= a.width);
}

#include "table_code_tile.inl"

#if (defined(__AVX512F__) && TOROID_LANES == 8) || (defined(__AVX2__) && TOROID_LANES == 4)
#define TOROID_QUEUED_STOCHASTIC 1
#include "stochastic_tile.inl"
#endif

// One whole row: out = the next state of the stored row `mid` (row y of the
// torus), whose neighbours are the stored rows `up` and `down`; canonical
// words only (masked), then the row's edge bits. Adds the population of
// every tile column to column_pop[tile_x] when column_pop is not null.
template <class V>
void step_row(const TileKernelArgs& a, const std::uint64_t* up_row, const std::uint64_t* mid_row,
              const std::uint64_t* down_row, std::uint64_t* out_row, std::int64_t y,
              std::uint64_t* column_pop) {
    StochasticPlan plan;
    if constexpr (V::stochastic) plan = make_stochastic_plan(a.rule, a.seed, a.generation);
    const std::int64_t padded = (a.words + kTileWords - 1) / kTileWords * kTileWords;
    for (std::int64_t j0 = 0; j0 < padded; j0 += kLanes) {
        const std::int64_t pos = kRowOffset + j0;
        const Vec mask = load(a.word_masks + j0);
        const auto up = V::prepare(fetch(up_row + pos)), mid = V::prepare(fetch(mid_row + pos)),
                   down = V::prepare(fetch(down_row + pos));
        const Vec next = next_state<V>(up, mid, down, a.rule, plan, mask,
                                       std::uint64_t(y * a.words + j0), a.table_code) &
                         mask;
        store(out_row + pos, next);
        if (column_pop) {
            const Vec p = lane_popcount(next);
            std::uint64_t n = 0;
            for (int l = 0; l < kLanes; ++l) n += p[l];
            column_pop[j0 / kTileWords] += n;
        }
    }
    repair_row_edges(out_row, a.width);
}

// hash_word over the tile, a vector of words at a time; all-zero vectors
// (most of a sparse tile) cost a test.
std::uint64_t hash_tile(const std::uint64_t* plane, const TileKernelArgs& a, std::int64_t tx,
                        std::int64_t ty) {
    const std::int64_t y0 = ty * kTileRows;
    const std::int64_t y1 = y0 + kTileRows < a.height ? y0 + kTileRows : a.height;
    Vec sum{};
    for (std::int64_t c = 0; c < kTileWords; c += kLanes) {
        const std::int64_t j0 = tx * kTileWords + c;
        const Vec mask = load(a.word_masks + j0);
        Vec lane{};
        for (int l = 0; l < kLanes; ++l) lane[l] = std::uint64_t(l);
        for (std::int64_t y = y0; y < y1; ++y) {
            const Vec w = load(plane + y * a.stride + kRowOffset + j0) & mask;
            if (!any_bits(w)) continue;
            sum += hash_lanes(lane + std::uint64_t(y * a.words + j0), w);
        }
    }
    std::uint64_t total = 0;
    for (int l = 0; l < kLanes; ++l) total += sum[l];
    return total;
}

}  // namespace

TileKernels TOROID_KERNEL_NAME(const CompiledRule& rule) {
    TileKernels k;
    k.hash = &hash_tile;
    with_step_variant(rule, [&]<class V>(V) {
        k.step = &step_tile<V>;
#if defined(__AVX512F__) && TOROID_LANES == 8
        // The table rule's code keeps the rows in its registers (table_code_tile.inl).
        if constexpr (std::is_same_v<V, TableTreeStep>) k.step = &step_tile_table_code<V>;
#endif
#ifdef TOROID_QUEUED_STOCHASTIC
        // One threshold class (B2(1/3)/S12H): queued draws (stochastic_tile.inl).
        if constexpr (V::stochastic)
            if (make_stochastic_plan(rule, 0, 0).classes == 1) k.step = &step_tile_queued<V>;
#endif
        k.row = &step_row<V>;
        // Narrow vectors step half a tile as they step a whole one.
        if constexpr (kLanes <= kTileWords / 2) k.half = k.step;
    });
    return k;
}

}  // namespace toroid::detail
