// The census torus's tile stepper (soup_tiles.hpp), instantiated once per
// instruction set: included by soup_tiles_<isa>.cpp after defining
// TOROID_SOUP_TILES_NAME, each compiled with its own -m flags. A vector is
// kLanes rows of one 64-cell word column, a register of the instruction
// set (eight with AVX-512, four with AVX2, two with SSE2: a GCC vector
// wider than the registers is passed through memory, nine to thirteen times
// slower); a tile is kSoupTileRows / kLanes of them.
#include <bit>
#include <cstring>

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
        Vec any{}, first{}, final{};
        for (std::int64_t k = 0; k < kVectors; ++k) {
            const std::int64_t r = kLanes * k;
            const Row after = V::prepare(fetch(w + r + kLanes, c + r + kLanes, e + r + kLanes));
            const Vec next =
                V::next(rows_from<kLanes - 1>(before, here), here, rows_from<1>(here, after), rule);
            const Vec d = next ^ load(out + r);
            store(out + r, next);
            any |= d;
            if (k == 0) first = d;
            if (k == kVectors - 1) final = d;
            before = here;
            here = after;
        }
        // The guard words mirror the torus's first and last rows.
        if (ty == 0) out[a.side] = out[0];
        if (ty == last_row) out[-1 - ty * kSoupTileRows] = out[kSoupTileRows - 1];
        std::uint64_t all = 0;
        for (int l = 0; l < kLanes; ++l) all |= any[l];
        if (all == 0) {
            a.changes[i] = 0;
            continue;
        }
        const std::uint64_t top = first[0], bottom = final[kLanes - 1];
        a.changes[i] =
            std::uint16_t(kTileChanged | (top ? kTileNorth : 0) | (bottom ? kTileSouth : 0) |
                          (all & 1 ? kTileWest : 0) | (all >> 63 ? kTileEast : 0) |
                          (top & 1 ? kTileNorthWest : 0) | (top >> 63 ? kTileNorthEast : 0) |
                          (bottom & 1 ? kTileSouthWest : 0) | (bottom >> 63 ? kTileSouthEast : 0));
        int population = 0;
        for (std::int64_t r = 0; r < kSoupTileRows; ++r) population += std::popcount(out[r]);
        a.population[i] = std::uint16_t(population);
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
