// The live-plane decision of range-r rules (Larger than Life, HROT;
// multistate_planes.hpp), compiled once per instruction set (the loops are
// written for the compiler to vectorise). Define TOROID_MULTISTATE_RANGE_NAME
// and include this file.
//
// Counts are running sums, so that their cost per cell does not grow with r
// where it need not:
//   * each row is extended by r cells on both sides (wrapping, so a torus
//     narrower than the neighbourhood counts its cells with multiplicity) and
//     turned into prefix sums P: the cells dx in [lo, hi] of row y around x
//     are P[x + hi + r + 1] - P[x + lo + r];
//   * Moore (a box): H(y)[x] = the 2r + 1 cells of row y around x, and the
//     box count V(y) = sum of H over rows y - r .. y + r, slid down a row at a
//     time (V += H(y + r + 1) - H(y - r)): O(1) per cell for any r;
//     (ranges up to 127 in 8- or 16-bit lanes without prefix sums:
//     multistate_box16.inl);
//   * other shapes (rows of runs [lo(dy), hi(dy)]): a ring of the 2r + 1
//     prefix rows, O(r) per cell.
// The count includes the cell itself; the rule's tables say, per count,
// birth (dead cell) and survival (live cell, with or without the middle).
#include <algorithm>
#include <cstring>
#include <functional>
#include <vector>
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "../multistate_planes.hpp"
#include "multistate_box16.inl"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::detail {
namespace {

struct RangeTables {
    int range = 1;  // rows above and below
    int reach = 1;  // cells left and right (twice the range for the triangular grid)
    bool box = true;
    std::vector<RangeRule::Run> runs;
    std::vector<RangeRule::Run> odd_runs;  // the triangular grid's cells with x + y odd
    // Inclusive ranges of the count including the cell: born (dead cell) and
    // survives (live cell).
    std::vector<std::pair<int, int>> born, survives;
    // The same in lanes, for decide_box_lanes.
    LaneRanges<std::uint8_t> born8, survives8;
    LaneRanges<std::uint16_t> born16, survives16;
};

// Row y's live cells, extended by r on each side (wrapping), as prefix
// sums: step 1, p[i] = e[0] + ... + e[i - 1]; step 2 (the checkerboard),
// p[i + 2] = p[i] + e[i], so that e[a] + e[a + 2] + ... + e[b] = p[b + 2] - p[a],
// where e[i] is cell i - r of the row.
void prefix_row(const StatePlanes& cur, std::int64_t y, int r, std::vector<std::uint8_t>& bytes,
                std::vector<std::int32_t>& p, int step = 1) {
    const std::int64_t w = cur.width;
    const std::uint64_t* row = cur.live_row(wrap(y, cur.height));
    for (std::int64_t x = 0; x < w; ++x)
        bytes[std::size_t(x)] = std::uint8_t((row[x >> 6] >> (x & 63)) & 1);
    const std::int64_t n = w + 2 * r;
    std::int64_t src = wrap(-std::int64_t(r), w);
    if (step == 2) {
        p[0] = p[1] = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            p[std::size_t(i + 2)] = p[std::size_t(i)] + bytes[std::size_t(src)];
            if (++src == w) src = 0;
        }
        return;
    }
    std::int32_t sum = 0;
    p[0] = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        sum += bytes[std::size_t(src)];
        p[std::size_t(i + 1)] = sum;
        if (++src == w) src = 0;
    }
}

// Bit k of the result: whether c[k] lies in one of the ranges (64 counts).
// One unsigned comparison per range: lo <= c <= hi iff c - lo <= hi - lo.
inline std::uint64_t in_ranges(const std::int32_t* c, const std::vector<std::pair<int, int>>& v) {
#if defined(__AVX512F__)
    std::uint64_t bits = 0;
    for (int m = 0; m < 4; ++m) {
        const __m512i x = _mm512_loadu_si512(c + 16 * m);
        __mmask16 any = 0;
        for (auto [lo, hi] : v)
            any |= _mm512_cmple_epu32_mask(_mm512_sub_epi32(x, _mm512_set1_epi32(lo)),
                                           _mm512_set1_epi32(hi - lo));
        bits |= std::uint64_t(any) << (16 * m);
    }
    return bits;
#elif defined(__AVX2__)
    std::uint64_t bits = 0;
    for (int m = 0; m < 8; ++m) {
        const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(c + 8 * m));
        __m256i any = _mm256_setzero_si256();
        for (auto [lo, hi] : v) {
            const __m256i d = _mm256_sub_epi32(x, _mm256_set1_epi32(lo));
            any = _mm256_or_si256(
                any, _mm256_cmpeq_epi32(_mm256_min_epu32(d, _mm256_set1_epi32(hi - lo)), d));
        }
        bits |= std::uint64_t(unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(any)))) << (8 * m);
    }
    return bits;
#else
    alignas(64) std::uint8_t f[64] = {};
    for (auto [lo, hi] : v)
        for (int k = 0; k < 64; ++k)
            f[k] |= std::uint8_t(std::uint32_t(c[k] - lo) <= std::uint32_t(hi - lo));
    std::uint64_t bits = 0;
    for (int k = 0; k < 8; ++k) {
        std::uint64_t b;
        std::memcpy(&b, f + 8 * k, 8);
        bits |= ((b * 0x0102040810204080ULL) >> 56) << (8 * k);  // byte i -> bit i
    }
    return bits;
#endif
}

// One row's decision from its counts (including the cell) into words;
// `count` is padded to whole words.
void decide_row(const RangeTables& t, const StatePlanes& cur, std::int64_t y,
                const std::int32_t* count, std::uint64_t* out) {
    const std::uint64_t* live = cur.live_row(y);
    for (std::int64_t j = 0; j < cur.words_per_row; ++j) {
        const std::int32_t* c = count + j * 64;
        out[j] = (live[j] & in_ranges(c, t.survives)) | (~live[j] & in_ranges(c, t.born));
    }
}

// p[0] = 0, p[i + 1] = e[0] + ... + e[i] for i < n (mod 2^32). With AVX2,
// eight at a time in registers (shifts within 128-bit halves, then the low
// half's total into the high half, then the running total); otherwise in
// four interleaved quarters (independent sums, then the quarters' offsets).
// e and p have room for 4 * ceil(n / 4) (+ 1) entries.
void prefix_sums(std::uint32_t* e, std::uint32_t* p, std::int64_t n) {
    p[0] = 0;
#if defined(__AVX2__)
    // Two halves at once (two carry chains), the first half's total added
    // to the second afterwards.
    const __m256i low_top = _mm256_setr_epi32(0, 0, 0, 0, 3, 3, 3, 3);
    const __m256i last = _mm256_set1_epi32(7);
    auto block = [&](const std::uint32_t* from, __m256i carry, std::uint32_t* to) {
        __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from));
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
        const __m256i spread = _mm256_permutevar8x32_epi32(x, low_top);
        x = _mm256_add_epi32(x, _mm256_blend_epi32(_mm256_setzero_si256(), spread, 0xF0));
        x = _mm256_add_epi32(x, carry);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(to), x);
        return _mm256_permutevar8x32_epi32(x, last);
    };
    const std::int64_t half = (n / 16) * 8;  // whole blocks in each half
    __m256i c0 = _mm256_setzero_si256(), c1 = _mm256_setzero_si256();
    for (std::int64_t i = 0; i < half; i += 8) {
        c0 = block(e + i, c0, p + i + 1);
        c1 = block(e + half + i, c1, p + half + i + 1);
    }
    const std::uint32_t first = half > 0 ? p[half] : 0;
    const __m256i offset = _mm256_set1_epi32(int(first));
    for (std::int64_t i = 0; i < half; i += 8) {
        __m256i* at = reinterpret_cast<__m256i*>(p + half + i + 1);
        _mm256_storeu_si256(at, _mm256_add_epi32(_mm256_loadu_si256(at), offset));
    }
    std::uint32_t sum = p[2 * half];
    for (std::int64_t i = 2 * half; i < n; ++i) p[i + 1] = sum += e[i];
#else
    const std::int64_t q = (n + 3) / 4;
    for (std::int64_t i = n; i < 4 * q; ++i) e[i] = 0;
    std::uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (std::int64_t i = 0; i < q; ++i) {
        p[1 + i] = s0 += e[i];
        p[1 + q + i] = s1 += e[q + i];
        p[1 + 2 * q + i] = s2 += e[2 * q + i];
        p[1 + 3 * q + i] = s3 += e[3 * q + i];
    }
    const std::uint32_t o1 = s0, o2 = s0 + s1, o3 = s0 + s1 + s2;
    for (std::int64_t i = 0; i < q; ++i) {
        p[1 + q + i] += o1;
        p[1 + 2 * q + i] += o2;
        p[1 + 3 * q + i] += o3;
    }
#endif
}

// Byte b as eight 0/1 counts, bit i at [i]: how a row's bits are added to
// column counts eight at a time (a vector add).
struct ByteCells {
    std::int32_t v[256][8];
    constexpr ByteCells() : v{} {
        for (int b = 0; b < 256; ++b)
            for (int i = 0; i < 8; ++i) v[b][i] = (b >> i) & 1;
    }
};
constexpr ByteCells kByteCells{};

// column += bits(add) - bits(sub), word by word (rows of equal width).
void slide_columns(std::int32_t* column, const std::uint64_t* add, const std::uint64_t* sub,
                   std::int64_t words) {
    for (std::int64_t j = 0; j < words; ++j) {
        const std::uint64_t a = add ? add[j] : 0, s = sub ? sub[j] : 0;
        if ((a | s) == 0) continue;
        std::int32_t* c = column + j * 64;
        for (int byte = 0; byte < 8; ++byte) {
            const std::int32_t* pa = kByteCells.v[(a >> (8 * byte)) & 255];
            const std::int32_t* ps = kByteCells.v[(s >> (8 * byte)) & 255];
#if defined(__AVX2__)
            __m256i* at = reinterpret_cast<__m256i*>(c + 8 * byte);
            const __m256i d =
                _mm256_sub_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(pa)),
                                 _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ps)));
            _mm256_storeu_si256(at, _mm256_add_epi32(_mm256_loadu_si256(at), d));
#else
            for (int i = 0; i < 8; ++i) c[8 * byte + i] += pa[i] - ps[i];
#endif
        }
    }
}

// A box (Moore): column counts over rows y - r .. y + r, slid down a row at
// a time, then each row's window of 2r + 1 columns from prefix sums (uint32:
// differences stay exact modulo 2^32 on any width) of the columns extended
// by r on each side, wrapping (with multiplicity when w < 2r + 1).
void decide_box(const RangeTables& t, const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                std::uint64_t* next) {
    const int r = t.range;
    const std::int64_t w = cur.width, words = cur.words_per_row;
    const std::size_t padded = std::size_t(words * 64);
    const std::int64_t span = 2 * r + 1, n = w + 2 * r;
    std::vector<std::int32_t> column(padded, 0), count(padded, 0);
    const std::size_t room = std::size_t(4 * ((n + 3) / 4));
    std::vector<std::uint32_t> ext(room), prefix(room + 1);
    for (std::int64_t dy = -r; dy <= r; ++dy)
        slide_columns(column.data(), cur.live_row(wrap(y0 + dy, cur.height)), nullptr, words);
    for (std::int64_t y = y0; y < y1; ++y) {
        const std::int32_t* c = column.data();
        std::uint32_t* p = prefix.data();
        std::int32_t* k = count.data();
        if (w >= span) {
            // Prefix sums of the row itself; the r cells at each edge wrap.
            std::memcpy(ext.data(), c, std::size_t(w) * 4);
            prefix_sums(ext.data(), p, w);
            const std::uint32_t total = p[w];
            for (std::int64_t x = r; x < w - r; ++x) k[x] = std::int32_t(p[x + r + 1] - p[x - r]);
            for (std::int64_t x = 0; x < r; ++x)  // cells w + x - r .. w - 1 and 0 .. x + r
                k[x] = std::int32_t(total - p[w + x - r] + p[x + r + 1]);
            for (std::int64_t x = w - r; x < w; ++x)  // cells x - r .. w - 1 and 0 .. x + r - w
                k[x] = std::int32_t(total - p[x - r] + p[x + r + 1 - w]);
        } else {
            // ext[i] = column[(i - r) mod w]: the row repeats within the window.
            std::uint32_t* e = ext.data();
            for (std::int64_t i = 0; i < n; ++i) e[i] = std::uint32_t(c[wrap(i - r, w)]);
            prefix_sums(e, p, n);
            for (std::int64_t x = 0; x < w; ++x) k[x] = std::int32_t(p[x + span] - p[x]);
        }
        decide_row(t, cur, y, count.data(), next + (y - y0) * words);
        if (y + 1 < y1)
            slide_columns(column.data(), cur.live_row(wrap(y + r + 1, cur.height)),
                          cur.live_row(wrap(y - r, cur.height)), words);
    }
}

// The counts of one row from its shape's runs.
void sum_runs(const std::vector<RangeRule::Run>& runs, int reach, std::int64_t w,
              const std::function<const std::int32_t*(int dy, int step)>& prefix, std::int32_t* c) {
    std::fill(c, c + w, 0);
    for (const RangeRule::Run& run : runs) {
        if (run.lo > run.hi) continue;
        const std::int32_t* pp = prefix(run.dy, run.step);
        const std::int64_t a = run.lo + reach, b = run.hi + reach + run.step;
        for (std::int64_t x = 0; x < w; ++x) c[x] += pp[x + b] - pp[x + a];
    }
}

void decide_runs(const RangeTables& t, const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                 std::uint64_t* next) {
    const int r = t.range, reach = t.reach;
    const std::int64_t w = cur.width;
    const std::size_t plen = std::size_t(w + 2 * reach + 1);
    const std::size_t rows = std::size_t(2 * r + 1);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(w));
    // ring[(y - y0 + r) % rows] holds row y's prefix sums (ring2: of every
    // other cell, for the checkerboard's runs).
    const bool step2 = std::any_of(t.runs.begin(), t.runs.end(),
                                   [](const RangeRule::Run& run) { return run.step == 2; });
    std::vector<std::vector<std::int32_t>> ring(rows, std::vector<std::int32_t>(plen));
    std::vector<std::vector<std::int32_t>> ring2(step2 ? rows : 0,
                                                 std::vector<std::int32_t>(plen + 1));
    const std::size_t padded = static_cast<std::size_t>(cur.words_per_row * 64);
    std::vector<std::int32_t> count(padded, 0), odd(t.odd_runs.empty() ? 0 : padded, 0);
    auto index = [&](std::int64_t y) { return std::size_t((y - y0 + r) % std::int64_t(rows)); };
    auto prepare = [&](std::int64_t y) {
        prefix_row(cur, y, reach, bytes, ring[index(y)]);
        if (step2) prefix_row(cur, y, reach, bytes, ring2[index(y)], 2);
    };
    for (std::int64_t dy = -r; dy <= r; ++dy) prepare(y0 + dy);
    for (std::int64_t y = y0; y < y1; ++y) {
        const auto prefix = [&](int dy, int step) {
            return (step == 2 ? ring2 : ring)[index(y + dy)].data();
        };
        sum_runs(t.runs, reach, w, prefix, count.data());
        if (!t.odd_runs.empty()) {
            // The triangular grid: cells with x + y odd point the other way.
            sum_runs(t.odd_runs, reach, w, prefix, odd.data());
            for (std::int64_t x = (y + 1) & 1; x < w; x += 2)
                count[std::size_t(x)] = odd[std::size_t(x)];
        }
        decide_row(t, cur, y, count.data(), next + (y - y0) * cur.words_per_row);
        if (y + 1 < y1) prepare(y + r + 1);  // replaces y - r
    }
}

}  // namespace

DecideRows TOROID_MULTISTATE_RANGE_NAME(const Rule& rule) {
    const RangeRule& g = rule.range();
    RangeTables t;
    t.range = g.range;
    t.box = g.shape == 'M';
    t.runs = g.rows(0);
    if (g.shape == 'L') t.odd_runs = g.rows(1);
    t.reach = 0;
    for (const auto& runs : {t.runs, t.odd_runs})
        for (const RangeRule::Run& run : runs) t.reach = std::max({t.reach, -run.lo, run.hi});
    // Counts below include the cell: a dead cell's is its rule count; a live
    // cell's is one more than its neighbours, its rule count when M1.
    t.born = g.birth;
    for (auto [lo, hi] : g.survive)
        t.survives.push_back(g.middle ? std::pair{lo, hi} : std::pair{lo + 1, hi + 1});
    t.born8 = clamp_ranges<std::uint8_t>(t.born);
    t.survives8 = clamp_ranges<std::uint8_t>(t.survives);
    t.born16 = clamp_ranges<std::uint16_t>(t.born);
    t.survives16 = clamp_ranges<std::uint16_t>(t.survives);
    return [t](const StatePlanes& cur, std::int64_t y0, std::int64_t y1, std::uint64_t* next) {
        if (t.box && t.range <= kBox8MaxRange)
            decide_box_lanes(t.range, t.survives8, t.born8, cur, y0, y1, next);
        else if (t.box && t.range <= kBox16MaxRange)
            decide_box_lanes(t.range, t.survives16, t.born16, cur, y0, y1, next);
        else if (t.box)
            decide_box(t, cur, y0, y1, next);
        else
            decide_runs(t, cur, y0, y1, next);
    };
}

}  // namespace toroid::detail
