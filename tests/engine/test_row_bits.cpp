// Word-at-a-time cell copies (row_bits.hpp) and the Grid operations built on
// them, against cell-by-cell definitions: every offset within a word, every
// wrap, sources wider than the torus, crops larger than the grid.
#include <gtest/gtest.h>

#include <utility>

#include "reference.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/row_bits.hpp"

namespace toroid {
namespace {

std::int64_t wrap(std::int64_t v, std::int64_t n) {
    v %= n;
    return v < 0 ? v + n : v;
}

// Grid::paste by its definition: cell (sx, sy) of src goes to (x + sx, y + sy).
Grid paste_cells(Grid g, const Grid& src, std::int64_t x, std::int64_t y, bool overwrite) {
    for (std::int64_t sy = 0; sy < src.height(); ++sy)
        for (std::int64_t sx = 0; sx < src.width(); ++sx)
            if (src.get(sx, sy) || overwrite) g.set(x + sx, y + sy, src.get(sx, sy));
    return g;
}

Grid crop_cells(const Grid& g, const Rect& r) {
    Grid out(r.width, r.height);
    for (std::int64_t y = 0; y < r.height; ++y)
        for (std::int64_t x = 0; x < r.width; ++x) out.set(x, y, g.get(r.x + x, r.y + y));
    return out;
}

TEST(RowBits, CopyBitsEveryAlignment) {
    const Grid src = testing::random_grid(200, 1, 0.5, 3);
    for (std::int64_t s = 0; s < 70; s += 3)
        for (std::int64_t d = 0; d < 70; d += 5)
            for (std::int64_t n : {1, 7, 63, 64, 65, 129}) {
                if (s + n > 200 || d + n > 200) continue;
                for (bool overwrite : {true, false}) {
                    Grid dst = testing::random_grid(200, 1, 0.5, std::uint64_t(s * 1000 + d));
                    Grid expected = dst;
                    for (std::int64_t i = 0; i < n; ++i)
                        if (src.get(s + i, 0) || overwrite)
                            expected.set(d + i, 0, src.get(s + i, 0));
                    copy_bits(dst.row(0).data(), d, src.row(0).data(), src.words_per_row(), s, n,
                              overwrite);
                    ASSERT_EQ(dst, expected) << s << " " << d << " " << n;
                }
            }
}

TEST(RowBits, PasteWrapsLikeCellWrites) {
    std::uint64_t seed = 10;
    const std::pair<int, int> tori[] = {{1, 1}, {5, 3}, {63, 4}, {64, 5}, {65, 6}, {130, 9}};
    const std::pair<int, int> sources[] = {{1, 1}, {3, 2}, {64, 3}, {70, 4}, {200, 11}};
    for (const auto& [w, h] : tori) {
        for (const auto& [sw, sh] : sources) {
            const Grid src = testing::random_grid(sw, sh, 0.5, seed++);
            for (std::int64_t x : {-200, -65, -1, 0, 1, 37, 64, 129, 400})
                for (std::int64_t y : {-7, 0, 2})
                    for (bool overwrite : {true, false}) {
                        const Grid g = testing::random_grid(w, h, 0.5, seed++);
                        Grid pasted = g;
                        pasted.paste(src, x, y, overwrite);
                        ASSERT_EQ(pasted, paste_cells(g, src, x, y, overwrite))
                            << w << "x" << h << " <- " << sw << "x" << sh << " at " << x << ","
                            << y;
                    }
        }
    }
}

TEST(RowBits, CropWrapsAsOftenAsNeeded) {
    std::uint64_t seed = 99;
    const std::pair<int, int> grids[] = {{1, 1}, {7, 5}, {64, 3}, {65, 4}, {190, 6}};
    for (const auto& [w, h] : grids) {
        const Grid g = testing::random_grid(w, h, 0.5, seed++);
        for (const Rect r : {Rect{0, 0, 1, 1}, Rect{-3, -2, 10, 4}, Rect{60, 1, 70, 3},
                             Rect{w - 1, h - 1, 3 * w + 5, 2 * h + 1}, Rect{1000, -1000, 130, 2}})
            ASSERT_EQ(g.crop(r), crop_cells(g, r)) << w << "x" << h << " at " << r.x << "," << r.y;
    }
    // crop_row_wrapped on its own: the cells of a ring read from any start.
    const Grid ring = testing::random_grid(70, 1, 0.5, 5);
    for (std::int64_t x = -140; x < 140; x += 13) {
        Grid out(150, 1);
        crop_row_wrapped(out.row(0).data(), 150, ring.row(0).data(), 70, x);
        for (std::int64_t i = 0; i < 150; ++i)
            ASSERT_EQ(out.get(i, 0), ring.get(wrap(x + i, 70), 0)) << x << " " << i;
    }
}

}  // namespace
}  // namespace toroid
