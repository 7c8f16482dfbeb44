// The live-plane decision of range-1 multi-state rules (multistate_planes.hpp),
// compiled once per instruction set like the tile kernel: TOROID_LANES
// 64-bit words at a time (a GCC vector), the two-state rule's step variant
// (step_variant.hpp) on each, so Generations births and survivals are
// exactly the two-state rule's. Define TOROID_LANES and
// TOROID_MULTISTATE_NAME, TOROID_MULTISTATE_DECAY, then include this file.
// The decay counter is built here too, so that it runs in the same lanes.
#include <cstring>
#include <vector>

#include "../multistate_planes.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::detail {
namespace {

constexpr int kLanes = TOROID_LANES;
typedef std::uint64_t Vec __attribute__((vector_size(8 * kLanes)));

inline Vec load(const std::uint64_t* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <class V>
void decide_rows(const CompiledRule& rule, const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                 std::uint64_t* next) {
    using Row = typename V::template Row<Vec>;
    const std::int64_t n = cur.words_per_row;
    const std::int64_t groups = (n + kLanes - 1) / kLanes;
    const std::size_t padded = std::size_t(groups * kLanes);
    // The shifted words of a row, padded to whole vectors.
    std::vector<std::uint64_t> west(padded, 0), self(padded, 0), east(padded, 0), out(padded, 0);
    std::vector<Row> rows[3];
    for (auto& r : rows) r.resize(std::size_t(groups));
    auto prepare = [&](std::int64_t y, std::vector<Row>& dst) {
        const std::uint64_t* row = cur.live_row(wrap(y, cur.height));
        std::memcpy(self.data(), row, std::size_t(n) * 8);
        shift_row(row, cur.width, n, west.data(), east.data());
        for (std::int64_t g = 0; g < groups; ++g) {
            const std::size_t at = std::size_t(g * kLanes);
            dst[std::size_t(g)] =
                V::prepare(Shifted3<Vec>{load(&west[at]), load(&self[at]), load(&east[at])});
        }
    };
    std::vector<Row>*up = &rows[0], *mid = &rows[1], *down = &rows[2];
    prepare(y0 - 1, *up);
    prepare(y0, *mid);
    for (std::int64_t y = y0; y < y1; ++y) {
        prepare(y + 1, *down);
        for (std::int64_t g = 0; g < groups; ++g) {
            const Vec v = V::next((*up)[std::size_t(g)], (*mid)[std::size_t(g)],
                                  (*down)[std::size_t(g)], rule);
            std::memcpy(&out[std::size_t(g * kLanes)], &v, sizeof v);
        }
        std::memcpy(next + (y - y0) * n, out.data(), std::size_t(n) * 8);
        std::vector<Row>* t = up;
        up = mid;
        mid = down;
        down = t;
    }
}

// Generations' counter (multistate_planes.hpp), kPlanes counter planes.
template <int kPlanes>
void decay_planes(StatePlanes& cur, StatePlanes& next, std::size_t first, std::size_t last,
                  unsigned last_k) {
    std::uint64_t* in[kPlanes];  // updated in place
    std::uint64_t* const* out = in;
    for (int p = 0; p < kPlanes; ++p) in[p] = cur.counter[std::size_t(p)].data();
    const std::uint64_t* live_in = cur.live.data();
    std::uint64_t* decided = next.live.data();
    // Padding bits of each row's last word: the decision may set them.
    const std::size_t n = std::size_t(cur.words_per_row);
    const std::uint64_t pad = cur.last_word_mask();
    for (std::size_t row_end = first + n; row_end <= last; row_end += n)
        decided[row_end - 1] &= pad;
    std::uint64_t is_end[kPlanes];  // all ones where bit p of the last counter is set
    for (int p = 0; p < kPlanes; ++p) is_end[p] = (last_k >> p) & 1 ? ~std::uint64_t(0) : 0;
    for (std::size_t i = first; i < last; ++i) {
        const std::uint64_t live = live_in[i];
        const std::uint64_t decision = decided[i];
        std::uint64_t dying = 0, at_end = ~std::uint64_t(0);
        for (int p = 0; p < kPlanes; ++p) {
            const std::uint64_t w = in[p][i];
            dying |= w;
            at_end &= ~(w ^ is_end[p]);
        }
        decided[i] = decision & ~dying;
        std::uint64_t carry = dying | (live & ~decision);  // +1, from 0 for a new dying cell
        at_end &= dying;
        for (int p = 0; p < kPlanes; ++p) {
            const std::uint64_t w = in[p][i];
            out[p][i] = (w ^ carry) & ~at_end;
            carry &= w;
        }
    }
}

}  // namespace

void TOROID_MULTISTATE_DECAY(StatePlanes& cur, StatePlanes& next, std::int64_t y0, std::int64_t y1,
                             int last_k) {
    const std::size_t first = std::size_t(y0 * cur.words_per_row);
    const std::size_t last = std::size_t(y1 * cur.words_per_row);
    const unsigned k = unsigned(last_k);
    switch (cur.counter.size()) {
        case 0: {  // two states (a range rule with C0): the decision is the state
            const std::size_t n = std::size_t(cur.words_per_row);
            const std::uint64_t pad = cur.last_word_mask();
            for (std::size_t row_end = first + n; row_end <= last; row_end += n)
                next.live[row_end - 1] &= pad;
            return;
        }
        case 1:
            return decay_planes<1>(cur, next, first, last, k);
        case 2:
            return decay_planes<2>(cur, next, first, last, k);
        case 3:
            return decay_planes<3>(cur, next, first, last, k);
        case 4:
            return decay_planes<4>(cur, next, first, last, k);
        case 5:
            return decay_planes<5>(cur, next, first, last, k);
        case 6:
            return decay_planes<6>(cur, next, first, last, k);
        case 7:
            return decay_planes<7>(cur, next, first, last, k);
        default:
            return decay_planes<8>(cur, next, first, last, k);
    }
}

DecideRows TOROID_MULTISTATE_NAME(const Rule& two_state) {
    const CompiledRule rule = two_state.compile();
    return with_step_variant(rule, [&](auto variant) -> DecideRows {
        using V = decltype(variant);
        return [rule](const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                      std::uint64_t* next) { decide_rows<V>(rule, cur, y0, y1, next); };
    });
}

}  // namespace toroid::detail
