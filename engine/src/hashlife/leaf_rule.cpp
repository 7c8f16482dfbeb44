// LeafRule (contract in toroid/hashlife/leaf_rule.hpp).
#include "toroid/hashlife/leaf_rule.hpp"

namespace toroid::hashlife {

namespace {

// Bit x of an 8-bit value moved to bit 4x.
constexpr std::array<std::uint32_t, 256> make_spread() {
    std::array<std::uint32_t, 256> t{};
    for (unsigned v = 0; v < 256; ++v)
        for (unsigned x = 0; x < 8; ++x)
            if ((v >> x) & 1u) t[v] |= std::uint32_t(1) << (4 * x);
    return t;
}
constexpr std::array<std::uint32_t, 256> kSpread = make_spread();

inline std::uint64_t spread16(std::uint32_t row) {
    return std::uint64_t(kSpread[row & 255u]) | std::uint64_t(kSpread[(row >> 8) & 255u]) << 32;
}

}  // namespace

LeafRule::LeafRule(const Range1Table& table) : births_on_empty_(table.next(0)) {
    // Three columns of four rows (12 bits, column-major as the windows are)
    // hold two 3x3 blocks: rows 0..2 around (1, 1) and rows 1..3 around
    // (1, 2). Their next states, for every 12 bits, then give each window
    // from its left and right three columns: 4096 blocks instead of 65536 x 4.
    std::array<std::uint8_t, 4096> upper{}, lower{};  // next state of each block
    for (unsigned c = 0; c < 4096; ++c) {
        unsigned up = 0, down = 0;  // MAP order: row by row, cell 0 most significant
        for (int dy = 0; dy < 3; ++dy)
            for (int dx = 0; dx < 3; ++dx) {
                up = (up << 1) | ((c >> (4 * dx + dy)) & 1u);
                down = (down << 1) | ((c >> (4 * dx + dy + 1)) & 1u);
            }
        upper[c] = std::uint8_t(table.next(up));
        lower[c] = std::uint8_t(table.next(down));
    }
    for (unsigned w = 0; w < 65536; ++w) {
        const unsigned left = w & 0xFFFu, right = w >> 4;
        table_[w] =
            std::uint8_t(upper[left] | upper[right] << 1 | lower[left] << 2 | lower[right] << 3);
    }
}

void LeafRule::step_rows(const std::uint32_t* rows, int n, std::uint32_t* out) const {
    for (int y = 0; y + 3 < n; y += 2) {
        const std::uint64_t w = spread16(rows[y]) | spread16(rows[y + 1]) << 1 |
                                spread16(rows[y + 2]) << 2 | spread16(rows[y + 3]) << 3;
        std::uint32_t top = 0, bottom = 0;
        for (int x = 0; x + 3 < n; x += 2) {
            const unsigned r = table_[(w >> (4 * x)) & 0xFFFFu];
            top |= (r & 3u) << x;
            bottom |= (r >> 2) << x;
        }
        out[y] = top;
        out[y + 1] = bottom;
    }
}

std::uint64_t LeafRule::advance16(std::uint64_t nw, std::uint64_t ne, std::uint64_t sw,
                                  std::uint64_t se, int j) const {
    std::uint32_t a[16], b[16];
    for (int y = 0; y < 8; ++y) {
        a[y] = std::uint32_t((nw >> (8 * y)) & 255u) | std::uint32_t((ne >> (8 * y)) & 255u) << 8;
        a[y + 8] = std::uint32_t((sw >> (8 * y)) & 255u) | std::uint32_t((se >> (8 * y)) & 255u)
                                                               << 8;
    }
    // After g generations the square is 16 - 2g wide and starts at cell g;
    // the centre 8x8 starts at cell 4, i.e. at offset 4 - g.
    const int gens = 1 << j;
    std::uint32_t* from = a;
    std::uint32_t* to = b;
    int n = 16;
    for (int g = 0; g < gens; ++g) {
        step_rows(from, n, to);
        n -= 2;
        std::uint32_t* t = from;
        from = to;
        to = t;
    }
    const int off = 4 - gens;
    std::uint64_t bits = 0;
    for (int y = 0; y < 8; ++y) bits |= std::uint64_t((from[y + off] >> off) & 255u) << (8 * y);
    return bits;
}

}  // namespace toroid::hashlife
