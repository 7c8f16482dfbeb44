// The census torus's row stepper (soup_rows.hpp), instantiated once per
// instruction set: included by soup_rows_<isa>.cpp after defining
// TOROID_SOUP_ROWS_NAME, each compiled with its own -m flags. A vector is
// four words (256 cells: one whole row of the census's first torus); each
// vector column is stepped top to bottom over every run of needed rows with
// a rolling window of three prepared input rows, as in the tile kernel.
#include <bit>
#include <cstring>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "../soup_rows.hpp"
#include "toroid/core/bitslice.hpp"
#include "toroid/core/step_variant.hpp"

namespace toroid::detail {
namespace {

typedef std::uint64_t Vec __attribute__((vector_size(32)));

inline __attribute__((always_inline)) Vec load(const std::uint64_t* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline __attribute__((always_inline)) void store(std::uint64_t* p, Vec v) {
    std::memcpy(p, &v, sizeof v);
}

// Whether a cell of v is alive: one VPTEST where there is one (extracting
// the lanes cost more than stepping the row).
inline __attribute__((always_inline)) bool any(Vec v) {
#if defined(__AVX__)
    return !_mm256_testz_si256((__m256i)v, (__m256i)v);
#else
    return ((v[0] | v[1]) | (v[2] | v[3])) != 0;
#endif
}

// Live cells per lane, summed lane by lane until a tile's rows end.
inline __attribute__((always_inline)) Vec lane_popcount(Vec x) {
#if defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VL__)
    return (Vec)_mm256_popcnt_epi64((__m256i)x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    x += x >> 8;  // no 64-bit vector multiply before AVX-512
    x += x >> 16;
    x += x >> 32;
    return x & 0x7f;
#endif
}

// The four words at p (a row's word 4c, guards around) and their west and
// east neighbours shifted into place.
inline __attribute__((always_inline)) Shifted3<Vec> fetch(const std::uint64_t* p) {
    Shifted3<Vec> s;
    s.self = load(p);
#if defined(__AVX512VBMI2__) && defined(__AVX512VL__)
    // Funnel shifts: shift_west / shift_east in one instruction each.
    s.west = (Vec)_mm256_shldi_epi64((__m256i)s.self, (__m256i)load(p - 1), 1);
    s.east = (Vec)_mm256_shrdi_epi64((__m256i)s.self, (__m256i)load(p + 1), 1);
#else
    s.west = shift_west(s.self, load(p - 1));
    s.east = shift_east(s.self, load(p + 1));
#endif
    return s;
}

template <class V>
std::uint64_t rows_of(SoupRowsArgs& a) {
    const std::int64_t n = a.height, stride = a.stride, words_n = n / 64;
    const std::int64_t last_column = a.words / 4 - 1;
    const CompiledRule& rule = *a.rule;
    auto wrap = [n](std::int64_t y) { return y < 0 ? y + n : y >= n ? y - n : y; };
    std::uint64_t changed_columns = 0;
    for (std::uint64_t cols = a.columns; cols; cols &= cols - 1) {
        const std::int64_t c = std::countr_zero(cols), off = 1 + 4 * c;
        const bool first_column = c == 0, last = c == last_column;
        // The CPU backend's tile columns of lanes 0-1 and 2-3 (the plane is
        // stored turned by `turn` words, an even number).
        auto tile_of = [&](std::int64_t j) {
            const std::int64_t real = j >= a.turn ? j - a.turn : j - a.turn + a.words;
            return real / 8;
        };
        const std::int64_t tile_lo = tile_of(4 * c), tile_hi = tile_of(4 * c + 2);
        const std::uint64_t* need = a.need + c * words_n;
        std::uint64_t* nonzero = a.nonzero + c * words_n;
        std::uint64_t* changed = a.changed + c * words_n;
        std::uint64_t* west_changed = a.west + c * words_n;
        std::uint64_t* east_changed = a.east + c * words_n;
        // The rows computed get their bits below.
        for (std::int64_t w = a.first_word; w < a.end_word; ++w) {
            nonzero[w] &= ~need[w];
            changed[w] = west_changed[w] = east_changed[w] = 0;
        }
        // Runs of needed rows [y0, y1).
        std::int64_t y = a.first_word * 64;
        const std::int64_t y_end = a.end_word * 64;
        while (y < y_end) {
            const std::int64_t w = y / 64;
            const std::uint64_t bits = need[w] >> (y % 64);
            if (bits == 0) {
                y = (w + 1) * 64;
                continue;
            }
            const std::int64_t y0 = y + std::countr_zero(bits);
            std::int64_t y1 = y0;
            while (y1 < y_end) {
                const std::uint64_t rest = ~need[y1 / 64] >> (y1 % 64);
                if (rest == 0) {
                    y1 = (y1 / 64 + 1) * 64;
                    continue;
                }
                y1 += std::countr_zero(rest);
                break;
            }
            y1 = std::min(y1, y_end);
            typename V::template Row<Vec> up =
                V::prepare(fetch(a.src + wrap(y0 - 1) * stride + off));
            typename V::template Row<Vec> mid = V::prepare(fetch(a.src + y0 * stride + off));
            // Branch-free rows (whether a chaotic row changed is a coin
            // toss for the branch predictor): every row computed is stored,
            // its population change summed lane by lane per tile, its books
            // gathered in registers per tile (32 rows: half a bitset word).
            for (std::int64_t t0 = y0; t0 < y1;) {
                const std::int64_t t1 = std::min(y1, (t0 / 32 + 1) * 32);
                Vec delta{};  // mod 2^64 per lane
                std::uint64_t live = 0, diff = 0, west = 0, east = 0;
                for (std::int64_t r = t0; r < t1; ++r) {
                    const typename V::template Row<Vec> down =
                        V::prepare(fetch(a.src + wrap(r + 1) * stride + off));
                    const Vec next = V::next(up, mid, down, rule);
                    std::uint64_t* out = a.dst + r * stride + off;
                    const Vec old = load(out);
                    store(out, next);
                    // Guard words: the first column's word 0 is the row's
                    // right guard, the last column's last word its left one.
                    if (first_column) out[a.words] = next[0];
                    if (last) out[-1 - 4 * c] = next[3];
                    delta += lane_popcount(next) - lane_popcount(old);
                    const Vec d = next ^ old;
                    const int b = int(r % 64);
                    live |= std::uint64_t(any(next)) << b;
                    diff |= std::uint64_t(any(d)) << b;
                    west |= (d[0] & 1) << b;
                    east |= (d[3] >> 63) << b;
                    up = mid;
                    mid = down;
                }
                const std::int64_t at = t0 / 64;
                nonzero[at] |= live;
                changed[at] |= diff;
                west_changed[at] |= west;
                east_changed[at] |= east;
                const std::int64_t t_lo = (t0 / 32) * a.tiles_x + tile_lo,
                                   t_hi = (t0 / 32) * a.tiles_x + tile_hi;
                a.tile_delta[t_lo] += std::int64_t(delta[0] + delta[1]);
                a.tile_delta[t_hi] += std::int64_t(delta[2] + delta[3]);
                for (const std::int64_t t : {t_lo, t_hi})
                    if (!a.touched_flag[t]) {
                        a.touched_flag[t] = 1;
                        a.touched[a.touched_count++] = std::uint32_t(t);
                    }
                t0 = t1;
            }
            y = y1;
        }
        std::uint64_t* stale = a.stale + c * words_n;
        std::uint64_t any_diff = 0, any_west = 0, any_east = 0;
        for (std::int64_t w = a.first_word; w < a.end_word; ++w) {
            stale[w] |= changed[w];
            any_diff |= changed[w];
            any_west |= west_changed[w];
            any_east |= east_changed[w];
            if (changed[w]) {
                a.changed_first = std::min(a.changed_first, w);
                a.changed_end = std::max(a.changed_end, w + 1);
            }
        }
        if (any_diff) changed_columns |= std::uint64_t(1) << c;
        if (any_west) a.west_columns |= std::uint64_t(1) << c;
        if (any_east) a.east_columns |= std::uint64_t(1) << c;
    }
    return changed_columns;
}

std::uint64_t soup_rows(SoupRowsArgs& a) {
    return with_step_variant(*a.rule, [&]<class V>(V) -> std::uint64_t {
        if constexpr (V::stochastic)
            return 0;  // never chosen: the census refuses random rules
        else
            return rows_of<V>(a);
    });
}

}  // namespace

SoupRowsKernel TOROID_SOUP_ROWS_NAME() {
    return &soup_rows;
}

}  // namespace toroid::detail
