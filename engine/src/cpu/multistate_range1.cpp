// The live-plane decision of range-1 multi-state rules (multistate_planes.hpp):
// the two-state rule's step variant (step_variant.hpp) on each word of the
// live plane, the same word functions the tile engine runs, so Generations
// births and survivals are exactly the two-state rule's.
#include <vector>

#include "multistate_planes.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::detail {

void shift_row(const std::uint64_t* row, std::int64_t width, std::int64_t words,
               std::uint64_t* west, std::uint64_t* east) {
    const std::int64_t last_word = (width - 1) / 64;
    const int last_bit = int((width - 1) % 64);
    const std::uint64_t last_cell = (row[last_word] >> last_bit) & 1;
    const std::uint64_t first_cell = row[0] & 1;
    for (std::int64_t j = 0; j < words; ++j) {
        west[j] = (row[j] << 1) | (j > 0 ? row[j - 1] >> 63 : last_cell);
        east[j] = (row[j] >> 1) | (j + 1 < words ? row[j + 1] << 63 : 0);
    }
    // Cell width - 1's east neighbour is cell 0 (padding bits above it are junk).
    const std::uint64_t bit = std::uint64_t(1) << last_bit;
    east[last_word] = (east[last_word] & ~bit) | (first_cell << last_bit);
}

namespace {

template <class V>
void decide_rows(const CompiledRule& rule, const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                 std::uint64_t* next) {
    using Row = typename V::template Row<std::uint64_t>;
    const std::int64_t n = cur.words_per_row;
    std::vector<std::uint64_t> west(static_cast<std::size_t>(n)), east(static_cast<std::size_t>(n));
    std::vector<Row> rows[3];
    for (auto& r : rows) r.resize(std::size_t(n));
    auto prepare = [&](std::int64_t y, std::vector<Row>& out) {
        const std::uint64_t* self = cur.live_row(wrap(y, cur.height));
        shift_row(self, cur.width, n, west.data(), east.data());
        for (std::int64_t j = 0; j < n; ++j)
            out[std::size_t(j)] = V::prepare(
                Shifted3<std::uint64_t>{west[std::size_t(j)], self[j], east[std::size_t(j)]});
    };
    std::vector<Row>*up = &rows[0], *mid = &rows[1], *down = &rows[2];
    prepare(y0 - 1, *up);
    prepare(y0, *mid);
    for (std::int64_t y = y0; y < y1; ++y) {
        prepare(y + 1, *down);
        std::uint64_t* out = next + (y - y0) * n;
        for (std::int64_t j = 0; j < n; ++j)
            out[j] = V::next((*up)[std::size_t(j)], (*mid)[std::size_t(j)], (*down)[std::size_t(j)],
                             rule);
        std::vector<Row>* t = up;
        up = mid;
        mid = down;
        down = t;
    }
}

}  // namespace

DecideRows range1_decision(const Rule& two_state) {
    const CompiledRule rule = two_state.compile();
    return with_step_variant(rule, [&](auto variant) -> DecideRows {
        using V = decltype(variant);
        return [rule](const StatePlanes& cur, std::int64_t y0, std::int64_t y1,
                      std::uint64_t* next) { decide_rows<V>(rule, cur, y0, y1, next); };
    });
}

}  // namespace toroid::detail
