// The census torus's tile stepper (soup_tiles.hpp), instantiated once per
// instruction set: included by soup_tiles_<isa>.cpp after defining
// TOROID_SOUP_TILES_NAME, each compiled with its own -m flags. A vector is
// kLanes rows of one 64-cell word column, a register of the instruction
// set (eight with AVX-512, four with AVX2, two with SSE2: a GCC vector
// wider than the registers is passed through memory, nine to thirteen times
// slower); a tile is kSoupTileRows / kLanes of them.
#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "../soup_tiles.hpp"
#include "toroid/core/bitslice.hpp"
#include "toroid/core/step_variant.hpp"

namespace toroid::detail {
namespace {

#if defined(__AVX512F__)
#define TOROID_SOUP_LANES 8
#elif defined(__AVX2__)
#define TOROID_SOUP_LANES 4
#else
#define TOROID_SOUP_LANES 2  // SSE2
#endif
constexpr int kLanes = TOROID_SOUP_LANES;
typedef std::uint64_t Vec __attribute__((vector_size(8 * kLanes)));

inline __attribute__((always_inline)) Vec load(const std::uint64_t* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline __attribute__((always_inline)) void store(std::uint64_t* p, Vec v) {
    std::memcpy(p, &v, sizeof v);
}

// kLanes rows of a column with their west and
// east neighbours shifted into place.
inline __attribute__((always_inline)) Shifted3<Vec> fetch(const std::uint64_t* w,
                                                          const std::uint64_t* c,
                                                          const std::uint64_t* e) {
    Shifted3<Vec> s;
    s.self = load(c);
    s.west = shift_west(s.self, load(w));
    s.east = shift_east(s.self, load(e));
    return s;
}

// Rows k..k+kLanes-1 of the 2 kLanes rows of a (first) and b: k =
// kLanes - 1, the rows above b's; k = 1, the rows below a's.
template <int K>
inline __attribute__((always_inline)) Vec rows_from(Vec a, Vec b) {
#if TOROID_SOUP_LANES == 8
    return __builtin_shufflevector(a, b, K, K + 1, K + 2, K + 3, K + 4, K + 5, K + 6, K + 7);
#elif TOROID_SOUP_LANES == 4
    return __builtin_shufflevector(a, b, K, K + 1, K + 2, K + 3);
#else
    return __builtin_shufflevector(a, b, K, K + 1);
#endif
}
template <int K>
inline __attribute__((always_inline)) Shifted3<Vec> rows_from(const Shifted3<Vec>& a,
                                                              const Shifted3<Vec>& b) {
    return {rows_from<K>(a.west, b.west), rows_from<K>(a.self, b.self),
            rows_from<K>(a.east, b.east)};
}
template <int K>
inline __attribute__((always_inline)) CountRow<Vec> rows_from(const CountRow<Vec>& a,
                                                              const CountRow<Vec>& b) {
    CountRow<Vec> r;
    r.words = rows_from<K>(a.words, b.words);
    r.sums.pair_lo = rows_from<K>(a.sums.pair_lo, b.sums.pair_lo);
    r.sums.pair_hi = rows_from<K>(a.sums.pair_hi, b.sums.pair_hi);
    r.sums.triple_lo = rows_from<K>(a.sums.triple_lo, b.sums.triple_lo);
    r.sums.triple_hi = rows_from<K>(a.sums.triple_hi, b.sums.triple_hi);
    return r;
}

// A vector's lanes folded into lane 0 by halves, in registers: reading
// the lanes one by one went through memory, a stalled load per lane (a
// 64-bit load cannot take its data from a wider store).
template <class Op>
inline __attribute__((always_inline)) std::uint64_t fold_lanes(Vec v, Op op) {
#if TOROID_SOUP_LANES == 8
    v = op(v, __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3));
    v = op(v, __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5));
    v = op(v, __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6));
#elif TOROID_SOUP_LANES == 4
    v = op(v, __builtin_shufflevector(v, v, 2, 3, 0, 1));
    v = op(v, __builtin_shufflevector(v, v, 1, 0, 3, 2));
#else
    v = op(v, __builtin_shufflevector(v, v, 1, 0));
#endif
    return v[0];
}
inline __attribute__((always_inline)) std::uint64_t or_lanes(Vec v) {
    return fold_lanes(v, [](Vec a, Vec b) { return a | b; });
}
// The last lane: the southmost of the vector's rows.
inline __attribute__((always_inline)) std::uint64_t last_lane(Vec v) {
#if TOROID_SOUP_LANES == 8
    return __builtin_shufflevector(v, v, 7, 6, 5, 4, 3, 2, 1, 0)[0];
#elif TOROID_SOUP_LANES == 4
    return __builtin_shufflevector(v, v, 3, 2, 1, 0)[0];
#else
    return __builtin_shufflevector(v, v, 1, 0)[0];
#endif
}

// Per lane, the population of a vector's rows so far, counted from the
// registers (the same stalled loads again if read back from the tile just
// stored: a tenth of a census): AVX-512's VPOPCNTQ, or elsewhere the
// bytes' counts (at most 8 a vector: a byte holds the sum of 31), summed
// into lanes by PSADBW once per tile.
#if defined(__AVX512VPOPCNTDQ__)
inline __attribute__((always_inline)) Vec lane_population(Vec v) {
    return Vec(_mm512_popcnt_epi64(__m512i(v)));
}
inline __attribute__((always_inline)) std::uint64_t total_population(Vec counts) {
    return fold_lanes(counts, [](Vec a, Vec b) { return a + b; });
}
constexpr std::int64_t kPopulationRun = 1 << 20;  // 64-bit counts never overflow
#else
inline __attribute__((always_inline)) Vec lane_population(Vec v) {
    const Vec m1 = Vec{} | 0x5555555555555555ULL, m2 = Vec{} | 0x3333333333333333ULL,
              m4 = Vec{} | 0x0f0f0f0f0f0f0f0fULL;
    v -= (v >> 1) & m1;
    v = (v & m2) + ((v >> 2) & m2);
    return (v + (v >> 4)) & m4;  // per byte, at most 8
}
inline __attribute__((always_inline)) std::uint64_t total_population(Vec counts) {
#if TOROID_SOUP_LANES == 4
    counts = Vec(_mm256_sad_epu8(__m256i(counts), _mm256_setzero_si256()));
#elif defined(__SSE2__)
    counts = Vec(_mm_sad_epu8(__m128i(counts), _mm_setzero_si128()));
#else
    for (int l = 0; l < kLanes; ++l) counts[l] = (counts[l] * 0x0101010101010101ULL) >> 56;
#endif
    return fold_lanes(counts, [](Vec a, Vec b) { return a + b; });
}
constexpr std::int64_t kPopulationRun = 31;  // vectors whose byte counts fit a byte
#endif

template <class V>
void tiles_of(const SoupTilesArgs& a) {
    constexpr std::int64_t kVectors = kSoupTileRows / kLanes;
    static_assert(kSoupTileRows % kLanes == 0);
    const CompiledRule& rule = *a.rule;
    const std::int64_t stride = a.column_stride, last_row = a.tiles_y - 1;
    const int shift = std::countr_zero(std::uint64_t(a.tiles_x));  // a power of two
    for (std::size_t i = 0; i < a.count; ++i) {
        const std::int64_t t = a.tiles[i];
        const std::int64_t tx = t & (a.tiles_x - 1), ty = t >> shift;
        const std::int64_t west = tx == 0 ? a.tiles_x - 1 : tx - 1,
                           east = tx + 1 == a.tiles_x ? 0 : tx + 1;
        const std::int64_t at = 1 + ty * kSoupTileRows;
        const std::uint64_t* c = a.src + tx * stride + at;
        const std::uint64_t* w = a.src + west * stride + at;
        const std::uint64_t* e = a.src + east * stride + at;
        std::uint64_t* out = a.dst + tx * stride + at;
        // Each row is prepared once (the variant's sums of a row serve the
        // three rows around it), kLanes rows to a vector: the vectors of the
        // rows above and below are cut from it and its neighbours.
        using Row = typename V::template Row<Vec>;
        Row before = V::prepare(fetch(w - kLanes, c - kLanes, e - kLanes));  // its last row
        Row here = V::prepare(fetch(w, c, e));
        static_assert(kVectors <= kPopulationRun);
        Vec any{}, first{}, final{}, counts{};
        for (std::int64_t k = 0; k < kVectors; ++k) {
            const std::int64_t r = kLanes * k;
            const Row after = V::prepare(fetch(w + r + kLanes, c + r + kLanes, e + r + kLanes));
            const Vec next =
                V::next(rows_from<kLanes - 1>(before, here), here, rows_from<1>(here, after), rule);
            const Vec d = next ^ load(out + r);
            store(out + r, next);
            counts += lane_population(next);
            any |= d;
            if (k == 0) first = d;
            if (k == kVectors - 1) final = d;
            before = here;
            here = after;
        }
        // The guard words mirror the torus's first and last rows.
        if (ty == 0) out[a.side] = out[0];
        if (ty == last_row) out[-1 - ty * kSoupTileRows] = out[kSoupTileRows - 1];
        const std::uint64_t all = or_lanes(any);
        if (all == 0) {
            a.changes[i] = 0;
            continue;
        }
        const std::uint64_t top = first[0], bottom = last_lane(final);
        a.changes[i] =
            std::uint16_t(kTileChanged | (top ? kTileNorth : 0) | (bottom ? kTileSouth : 0) |
                          (all & 1 ? kTileWest : 0) | (all >> 63 ? kTileEast : 0) |
                          (top & 1 ? kTileNorthWest : 0) | (top >> 63 ? kTileNorthEast : 0) |
                          (bottom & 1 ? kTileSouthWest : 0) | (bottom >> 63 ? kTileSouthEast : 0));
        a.population[i] = std::uint16_t(total_population(counts));
    }
}

void soup_tiles(const SoupTilesArgs& a) {
    with_step_variant(*a.rule, [&]<class V>(V) {
        if constexpr (!V::stochastic) tiles_of<V>(a);  // the census refuses random rules
    });
}

}  // namespace

SoupTilesKernel TOROID_SOUP_TILES_NAME() {
    return &soup_tiles;
}

}  // namespace toroid::detail
