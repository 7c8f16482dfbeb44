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
//   * other shapes (rows of runs [lo(dy), hi(dy)]): a ring of the 2r + 1
//     prefix rows, O(r) per cell.
// The count includes the cell itself; the rule's tables say, per count,
// birth (dead cell) and survival (live cell, with or without the middle).
#include <algorithm>
#include <cstring>
#include <vector>

#include "../multistate_planes.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::detail {
namespace {

struct RangeTables {
    int range = 1;
    bool box = true;
    std::vector<RangeRule::Run> runs;
    // Inclusive ranges of the count including the cell: born (dead cell) and
    // survives (live cell).
    std::vector<std::pair<int, int>> born, survives;
};

// Row y's live cells, extended by r on each side (wrapping), as prefix sums:
// p[i] = cells -r .. i - r - 1 of the row.
void prefix_row(const StatePlanes& cur, std::int64_t y, int r, std::vector<std::uint8_t>& bytes,
                std::vector<std::int32_t>& p) {
    const std::int64_t w = cur.width;
    const std::uint64_t* row = cur.live_row(wrap(y, cur.height));
    for (std::int64_t x = 0; x < w; ++x)
        bytes[std::size_t(x)] = std::uint8_t((row[x >> 6] >> (x & 63)) & 1);
    const std::int64_t n = w + 2 * r;
    std::int64_t src = wrap(-std::int64_t(r), w);
    std::int32_t sum = 0;
    p[0] = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        sum += bytes[std::size_t(src)];
        p[std::size_t(i + 1)] = sum;
        if (++src == w) src = 0;
    }
}

inline bool in_ranges(const std::vector<std::pair<int, int>>& v, std::int32_t c) {
    for (auto [lo, hi] : v)
        if (c >= lo && c <= hi) return true;
    return false;
}

// One row's decision from its counts (including the cell) into words.
void decide_row(const RangeTables& t, const StatePlanes& cur, std::int64_t y,
                const std::int32_t* count, std::uint64_t* out) {
    const std::uint64_t* live = cur.live_row(y);
    const std::int64_t w = cur.width;
    for (std::int64_t j = 0; j < cur.words_per_row; ++j) {
        std::uint64_t born = 0, survives = 0;
        const std::int64_t x0 = j * 64, x1 = std::min<std::int64_t>(w, x0 + 64);
        for (auto [lo, hi] : t.born)
            for (std::int64_t x = x0; x < x1; ++x)
                born |= std::uint64_t(count[x] >= lo && count[x] <= hi) << (x - x0);
        for (auto [lo, hi] : t.survives)
            for (std::int64_t x = x0; x < x1; ++x)
                survives |= std::uint64_t(count[x] >= lo && count[x] <= hi) << (x - x0);
        out[j] = (live[j] & survives) | (~live[j] & born);
    }
}

void decide_box(const RangeTables& t, const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                std::uint64_t* next) {
    const int r = t.range;
    const std::int64_t w = cur.width;
    const std::size_t plen = std::size_t(w + 2 * r + 1);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(w));
    std::vector<std::int32_t> p(plen), v(std::size_t(w), 0);
    const std::int32_t span = 2 * r + 1;
    // v += sign * H(y).
    auto add_row = [&](std::int64_t y, std::int32_t sign) {
        prefix_row(cur, y, r, bytes, p);
        const std::int32_t* pp = p.data();
        std::int32_t* vv = v.data();
        for (std::int64_t x = 0; x < w; ++x) vv[x] += sign * (pp[x + span] - pp[x]);
    };
    for (std::int64_t dy = -r; dy <= r; ++dy) add_row(y0 + dy, 1);
    for (std::int64_t y = y0; y < y1; ++y) {
        decide_row(t, cur, y, v.data(), next + (y - y0) * cur.words_per_row);
        if (y + 1 < y1) {
            add_row(y + r + 1, 1);
            add_row(y - r, -1);
        }
    }
}

void decide_runs(const RangeTables& t, const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                 std::uint64_t* next) {
    const int r = t.range;
    const std::int64_t w = cur.width;
    const std::size_t plen = std::size_t(w + 2 * r + 1);
    const std::size_t rows = std::size_t(2 * r + 1);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(w));
    // ring[(y - y0 + r) % rows] holds row y's prefix sums.
    std::vector<std::vector<std::int32_t>> ring(rows, std::vector<std::int32_t>(plen));
    std::vector<std::int32_t> count(static_cast<std::size_t>(w));
    auto slot = [&](std::int64_t y) -> std::vector<std::int32_t>& {
        return ring[std::size_t((y - y0 + r) % std::int64_t(rows))];
    };
    for (std::int64_t dy = -r; dy <= r; ++dy) prefix_row(cur, y0 + dy, r, bytes, slot(y0 + dy));
    for (std::int64_t y = y0; y < y1; ++y) {
        std::fill(count.begin(), count.end(), 0);
        for (const RangeRule::Run& run : t.runs) {
            if (run.lo > run.hi) continue;
            const std::int32_t* pp = slot(y + run.dy).data();
            std::int32_t* c = count.data();
            const std::int64_t a = run.lo + r, b = run.hi + r + 1;
            for (std::int64_t x = 0; x < w; ++x) c[x] += pp[x + b] - pp[x + a];
        }
        decide_row(t, cur, y, count.data(), next + (y - y0) * cur.words_per_row);
        if (y + 1 < y1) prefix_row(cur, y + r + 1, r, bytes, slot(y + r + 1));  // replaces y - r
    }
}

}  // namespace

DecideRows TOROID_MULTISTATE_RANGE_NAME(const Rule& rule) {
    const RangeRule& g = rule.range();
    RangeTables t;
    t.range = g.range;
    t.box = g.shape == 'M';
    t.runs = g.rows();
    // Counts below include the cell: a dead cell's is its rule count; a live
    // cell's is one more than its neighbours, its rule count when M1.
    t.born = g.birth;
    for (auto [lo, hi] : g.survive)
        t.survives.push_back(g.middle ? std::pair{lo, hi} : std::pair{lo + 1, hi + 1});
    return [t](const StatePlanes& cur, std::int64_t y0, std::int64_t y1, std::uint64_t* next) {
        if (t.box)
            decide_box(t, cur, y0, y1, next);
        else
            decide_runs(t, cur, y0, y1, next);
    };
}

}  // namespace toroid::detail
