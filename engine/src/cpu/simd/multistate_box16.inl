// Larger than Life's box (Moore) counts in 16-bit lanes (8-bit up to range 7), for ranges up to
// 127: part of multistate_range.inl, compiled once per instruction set.
//
// A box count is at most (2r + 1)^2, 65025 at r = 127, so every count, and
// every partial sum below, fits in 16 bits: twice the lanes of the 32-bit
// prefix sums that larger ranges use (decide_box), and no prefix sums at all:
//   * column counts (rows y - r .. y + r), slid down a row at a time: with
//     AVX-512BW one masked add and one masked subtract per 32 cells;
//   * the window of 2r + 1 columns by doubling: sums of 1, 2, 4, ... columns,
//     each from the previous, and the window as the sum of those its width's
//     bits name (O(log r) vector adds per cell, all in L1 for a row);
//   * the rule's ranges as unsigned 16-bit comparisons, straight to bits.
// Tori narrower or shorter than the box count with multiplicity, as on the
// other paths (the row is extended by wrapping; rows are taken mod height).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "../multistate_planes.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::detail {
namespace {

constexpr int kBox16MaxRange = 127;  // (2r + 1)^2 <= 65535
constexpr int kBox8MaxRange = 7;     // (2r + 1)^2 <= 255: 8-bit lanes, twice as many

// Inclusive count ranges clamped to the lane (counts never exceed its top).
template <typename T>
using LaneRanges = std::vector<std::pair<T, T>>;

template <typename T>
LaneRanges<T> clamp_ranges(const std::vector<std::pair<int, int>>& v) {
    constexpr int top = sizeof(T) == 1 ? 255 : 65535;
    LaneRanges<T> out;
    for (auto [lo, hi] : v) {
        lo = std::max(lo, 0);
        hi = std::min(hi, top);
        if (lo <= hi) out.emplace_back(T(lo), T(hi));
    }
    return out;
}

// col[x] += bit x of add - bit x of sub (either may be null), 64 cells a word.
template <typename T>
void slide_lanes(T* col, const std::uint64_t* add, const std::uint64_t* sub, std::int64_t words) {
    for (std::int64_t j = 0; j < words; ++j) {
        const std::uint64_t a = add ? add[j] : 0, s = sub ? sub[j] : 0;
        if ((a | s) == 0) continue;
        T* c = col + 64 * j;
#if defined(__AVX512BW__)
        if constexpr (sizeof(T) == 1) {
            const __m512i one = _mm512_set1_epi8(1);
            __m512i v = _mm512_loadu_si512(c);
            v = _mm512_mask_add_epi8(v, __mmask64(a), v, one);
            v = _mm512_mask_sub_epi8(v, __mmask64(s), v, one);
            _mm512_storeu_si512(c, v);
        } else {
            const __m512i one = _mm512_set1_epi16(1);
            for (int h = 0; h < 2; ++h) {
                __m512i v = _mm512_loadu_si512(c + 32 * h);
                v = _mm512_mask_add_epi16(v, __mmask32(a >> (32 * h)), v, one);
                v = _mm512_mask_sub_epi16(v, __mmask32(s >> (32 * h)), v, one);
                _mm512_storeu_si512(c + 32 * h, v);
            }
        }
#elif defined(__AVX2__)
        // Lane i tests bit i: all ones (-1) where set, so col - (-1) adds one.
        if constexpr (sizeof(T) == 1) {
            // Byte i of 32 gets byte i / 8 of the bits, then its bit i % 8.
            const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                                    2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
            const __m256i sel = _mm256_set1_epi64x(std::int64_t(0x8040201008040201ULL));
            auto lanes = [&](std::uint64_t bits) {
                const __m256i b =
                    _mm256_shuffle_epi8(_mm256_set1_epi32(int(std::uint32_t(bits))), spread);
                return _mm256_cmpeq_epi8(_mm256_and_si256(b, sel), sel);
            };
            for (int h = 0; h < 2; ++h) {
                __m256i* at = reinterpret_cast<__m256i*>(c + 32 * h);
                const __m256i am = lanes(a >> (32 * h)), sm = lanes(s >> (32 * h));
                _mm256_storeu_si256(
                    at, _mm256_add_epi8(_mm256_sub_epi8(_mm256_loadu_si256(at), am), sm));
            }
        } else {
            const __m256i sel = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048,
                                                  4096, 8192, 16384, -32768);
            for (int q = 0; q < 4; ++q) {
                __m256i* at = reinterpret_cast<__m256i*>(c + 16 * q);
                const __m256i am = _mm256_cmpeq_epi16(
                    _mm256_and_si256(_mm256_set1_epi16(short(a >> (16 * q))), sel), sel);
                const __m256i sm = _mm256_cmpeq_epi16(
                    _mm256_and_si256(_mm256_set1_epi16(short(s >> (16 * q))), sel), sel);
                _mm256_storeu_si256(
                    at, _mm256_add_epi16(_mm256_sub_epi16(_mm256_loadu_si256(at), am), sm));
            }
        }
#else
        for (int i = 0; i < 64; ++i) c[i] = T(c[i] + ((a >> i) & 1) - ((s >> i) & 1));
#endif
    }
}

// dst[x] = a[x] + b[x] (mod the lane) for x < n; dst may be a.
template <typename T>
void add_lanes(T* dst, const T* a, const T* b, std::int64_t n) {
    std::int64_t x = 0;
#if defined(__AVX512BW__)
    constexpr int step = 64 / int(sizeof(T));
    for (; x + step <= n; x += step) {
        const __m512i u = _mm512_loadu_si512(a + x), v = _mm512_loadu_si512(b + x);
        _mm512_storeu_si512(dst + x,
                            sizeof(T) == 1 ? _mm512_add_epi8(u, v) : _mm512_add_epi16(u, v));
    }
#elif defined(__AVX2__)
    constexpr int step = 32 / int(sizeof(T));
    for (; x + step <= n; x += step) {
        const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + x));
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + x));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + x),
                            sizeof(T) == 1 ? _mm256_add_epi8(u, v) : _mm256_add_epi16(u, v));
    }
#endif
    for (; x < n; ++x) dst[x] = T(a[x] + b[x]);
}

// out[x] = e[x] + ... + e[x + span - 1] for x < w, where e holds
// w + span - 1 entries; s and t are scratch of as many. Sums of 2^b
// consecutive entries, each pair of the previous, are added in where span
// has bit b (at the offset the lower bits took); the first such term is
// added to the second rather than copied where it is e itself.
template <typename T>
void window_lanes(const T* e, std::int64_t w, int span, T* out, T* s, T* t) {
    const T* cur = e;            // sums of `size` entries, `len` of them valid
    const T* pending = nullptr;  // the first term, not yet in out
    std::int64_t len = w + span - 1, offset = 0;
    bool started = false;
    for (int size = 1; size <= span; size *= 2) {
        if (span & size) {
            const T* term = cur + offset;
            if (started) {
                add_lanes(out, pending ? pending : out, term, w);
                pending = nullptr;
            } else if (cur == e) {
                pending = term;
            } else {
                std::memcpy(out, term, std::size_t(w) * sizeof(T));
            }
            started = true;
            offset += size;
        }
        if (2 * size <= span) {
            T* next = cur == s ? t : s;
            add_lanes(next, cur, cur + size, len - size);
            len -= size;
            cur = next;
        }
    }
    if (pending) std::memcpy(out, pending, std::size_t(w) * sizeof(T));
}

// The same for the short windows of 8-bit lanes (span = 2r + 1, r <=
// kBox8MaxRange) in two passes instead of log2(span) + popcount(span):
// pair sums s2[i] = e[i] + e[i + 1], then out[x] = e[x] + s2[x + 1] +
// s2[x + 3] + ... + s2[x + 2r - 1], r + 1 loads a vector held in registers.
inline void window_pairs(const std::uint8_t* e, std::int64_t w, int r, std::uint8_t* out,
                         std::uint8_t* s2) {
    add_lanes(s2, e, e + 1, w + 2 * r - 1);
    std::int64_t x = 0;
#if defined(__AVX512BW__)
    for (; x + 64 <= w; x += 64) {
        __m512i acc = _mm512_loadu_si512(e + x);
        for (int k = 0; k < r; ++k)
            acc = _mm512_add_epi8(acc, _mm512_loadu_si512(s2 + x + 1 + 2 * k));
        _mm512_storeu_si512(out + x, acc);
    }
#elif defined(__AVX2__)
    for (; x + 32 <= w; x += 32) {
        __m256i acc = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(e + x));
        for (int k = 0; k < r; ++k)
            acc = _mm256_add_epi8(
                acc, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s2 + x + 1 + 2 * k)));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + x), acc);
    }
#endif
    for (; x < w; ++x) {
        unsigned acc = e[x];
        for (int k = 0; k < r; ++k) acc += s2[x + 1 + 2 * k];
        out[x] = std::uint8_t(acc);
    }
}

#if defined(__AVX512BW__)
// With AVX-512BW, 16-bit windows of any width in O(1) a cell: prefix sums
// p[i] = e[0] + ... + e[i - 1] (mod 2^16; a window's difference is exact as
// its sum is below 2^16), 32 a vector: a scan within each 128-bit lane, then
// the totals of the one and two lanes before (the second from the first
// step's result, which already holds the lane before it), then the running
// carry. out[x] = p[x + span] - p[x]. p holds n + 1 entries.
inline void window_prefix16(const std::uint16_t* e, std::int64_t w, int span, std::uint16_t* out,
                            std::uint16_t* p) {
    const std::int64_t n = w + span - 1;
    alignas(64) std::int16_t before1[32], before2[32];
    for (int j = 0; j < 32; ++j) {
        before1[j] = std::int16_t(std::max(8 * (j / 8) - 1, 0));
        before2[j] = std::int16_t(std::max(8 * (j / 8) - 9, 0));
    }
    const __m512i idx1 = _mm512_load_si512(before1), idx2 = _mm512_load_si512(before2);
    const __m512i last = _mm512_set1_epi16(31);
    __m512i carry = _mm512_setzero_si512();
    p[0] = 0;
    std::int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512i x = _mm512_loadu_si512(e + i);
        x = _mm512_add_epi16(x, _mm512_bslli_epi128(x, 2));
        x = _mm512_add_epi16(x, _mm512_bslli_epi128(x, 4));
        x = _mm512_add_epi16(x, _mm512_bslli_epi128(x, 8));
        x = _mm512_add_epi16(x, _mm512_maskz_permutexvar_epi16(0xFFFFFF00u, idx1, x));
        x = _mm512_add_epi16(x, _mm512_maskz_permutexvar_epi16(0xFFFF0000u, idx2, x));
        x = _mm512_add_epi16(x, carry);
        _mm512_storeu_si512(p + i + 1, x);
        carry = _mm512_permutexvar_epi16(last, x);
    }
    std::uint16_t sum = p[i];
    for (; i < n; ++i) p[i + 1] = sum = std::uint16_t(sum + e[i]);
    std::int64_t x = 0;
    for (; x + 32 <= w; x += 32)
        _mm512_storeu_si512(
            out + x, _mm512_sub_epi16(_mm512_loadu_si512(p + x + span), _mm512_loadu_si512(p + x)));
    for (; x < w; ++x) out[x] = std::uint16_t(p[x + span] - p[x]);
}
#endif

// Bit k: whether c[k] lies in one of the ranges (64 counts).
template <typename T>
std::uint64_t in_lane_ranges(const T* c, const LaneRanges<T>& v) {
#if defined(__AVX512BW__)
    if constexpr (sizeof(T) == 1) {
        const __m512i x = _mm512_loadu_si512(c);
        __mmask64 any = 0;
        for (auto [lo, hi] : v)
            any |= _mm512_cmple_epu8_mask(_mm512_sub_epi8(x, _mm512_set1_epi8(char(lo))),
                                          _mm512_set1_epi8(char(hi - lo)));
        return any;
    } else {
        std::uint64_t bits = 0;
        for (int h = 0; h < 2; ++h) {
            const __m512i x = _mm512_loadu_si512(c + 32 * h);
            __mmask32 any = 0;
            for (auto [lo, hi] : v)
                any |= _mm512_cmple_epu16_mask(_mm512_sub_epi16(x, _mm512_set1_epi16(short(lo))),
                                               _mm512_set1_epi16(short(hi - lo)));
            bits |= std::uint64_t(any) << (32 * h);
        }
        return bits;
    }
#elif defined(__AVX2__)
    if constexpr (sizeof(T) == 1) {
        std::uint64_t bits = 0;
        for (int h = 0; h < 2; ++h) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + 32 * h));
            __m256i any = _mm256_setzero_si256();
            for (auto [lo, hi] : v) {
                const __m256i d = _mm256_sub_epi8(x, _mm256_set1_epi8(char(lo)));
                any = _mm256_or_si256(
                    any, _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(char(hi - lo))), d));
            }
            bits |= std::uint64_t(unsigned(_mm256_movemask_epi8(any))) << (32 * h);
        }
        return bits;
    } else {
        std::uint64_t bits = 0;
        for (int h = 0; h < 2; ++h) {
            __m256i m[2];
            for (int q = 0; q < 2; ++q) {
                const __m256i x =
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + 32 * h + 16 * q));
                __m256i any = _mm256_setzero_si256();
                for (auto [lo, hi] : v) {
                    const __m256i d = _mm256_sub_epi16(x, _mm256_set1_epi16(short(lo)));
                    any = _mm256_or_si256(
                        any, _mm256_cmpeq_epi16(
                                 _mm256_min_epu16(d, _mm256_set1_epi16(short(hi - lo))), d));
                }
                m[q] = any;
            }
            // packs gives, per 128-bit half, m0's 8 then m1's 8; the permute
            // puts m0's 16 before m1's.
            const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(m[0], m[1]), 0xD8);
            bits |= std::uint64_t(unsigned(_mm256_movemask_epi8(packed))) << (32 * h);
        }
        return bits;
    }
#else
    std::uint64_t bits = 0;
    for (auto [lo, hi] : v)
        for (int k = 0; k < 64; ++k) bits |= std::uint64_t(T(c[k] - lo) <= T(hi - lo)) << k;
    return bits;
#endif
}

// Rows [y0, y1) of a box rule of range r whose counts fit in T (r <=
// kBox8MaxRange for bytes, kBox16MaxRange for 16 bits); survives and born
// are ranges of the count including the cell.
template <typename T>
void decide_box_lanes(int r, const LaneRanges<T>& survives, const LaneRanges<T>& born,
                      const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                      std::uint64_t* next) {
    const std::int64_t w = cur.width, words = cur.words_per_row;
    const int span = 2 * r + 1;
    const std::int64_t n = w + 2 * r;
    const std::uint64_t last_mask = cur.last_word_mask();
    // The column counts live in ext at offset r, between the r wrapped
    // cells on each side (ext[i] = column[(i - r) mod w]), refreshed after
    // each slide. Columns x >= w (whole words) overlap the right-hand
    // wrapped cells: their bits are zero, so slides leave them as they are.
    const auto len = static_cast<std::size_t>(std::max(n, r + words * 64) + 64);
    std::vector<T> ext(len, 0), s(len), t(len), count(std::size_t(words * 64), 0);
    T* col = ext.data() + r;
    for (std::int64_t dy = -r; dy <= r; ++dy)
        slide_lanes(col, cur.live_row(wrap(y0 + dy, cur.height)), nullptr, words);
    for (std::int64_t y = y0; y < y1; ++y) {
        if (w >= r) {
            std::memcpy(ext.data(), col + (w - r), std::size_t(r) * sizeof(T));
            std::memcpy(col + w, col, std::size_t(r) * sizeof(T));
        } else {
            for (std::int64_t i = 0; i < r; ++i) {
                ext[std::size_t(i)] = col[wrap(i - r, w)];
                col[w + i] = col[wrap(i, w)];
            }
        }
        if constexpr (sizeof(T) == 1)
            window_pairs(ext.data(), w, r, count.data(), s.data());
        else
#if defined(__AVX512BW__)
            window_prefix16(ext.data(), w, span, count.data(), s.data());
#else
            window_lanes(ext.data(), w, span, count.data(), s.data(), t.data());
#endif
        const std::uint64_t* live = cur.live_row(y);
        std::uint64_t* out = next + (y - y0) * words;
        for (std::int64_t j = 0; j < words; ++j) {
            const T* c = count.data() + 64 * j;
            std::uint64_t bits =
                (live[j] & in_lane_ranges(c, survives)) | (~live[j] & in_lane_ranges(c, born));
            if (j == words - 1) bits &= last_mask;
            out[j] = bits;
        }
        if (y + 1 < y1)
            slide_lanes(col, cur.live_row(wrap(y + r + 1, cur.height)),
                        cur.live_row(wrap(y - r, cur.height)), words);
    }
}

}  // namespace
}  // namespace toroid::detail
