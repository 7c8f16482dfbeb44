// The stored plane layout shared by the CPU and CUDA backends: edge bits,
// row wrap, masks, strides.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "toroid/core/plane_layout.hpp"

namespace toroid {
namespace {

TEST(PlaneLayout, MasksStridesAndWrap) {
    EXPECT_EQ(words_per_row(1), 1);
    EXPECT_EQ(words_per_row(64), 1);
    EXPECT_EQ(words_per_row(65), 2);
    EXPECT_EQ(last_word_mask(1), 1u);
    EXPECT_EQ(last_word_mask(64), ~std::uint64_t(0));
    EXPECT_EQ(last_word_mask(65), 1u);
    EXPECT_EQ(last_word_mask(127), ~std::uint64_t(0) >> 1);
    EXPECT_EQ(plane_stride(3), 3 + 2 * kRowOffset);
    EXPECT_EQ(wrap_near(-1, 5), 4);
    EXPECT_EQ(wrap_near(5, 5), 0);
    EXPECT_EQ(wrap_near(3, 5), 3);
    EXPECT_EQ(wrap_near(-1, 1), 0);
    EXPECT_EQ(wrap_near(1, 1), 0);
    const PlaneShape s = PlaneShape::of(130, 7, 32);
    EXPECT_EQ(s.words, 3);
    EXPECT_EQ(s.stride, 32 + 2 * kRowOffset);
    EXPECT_EQ(s.word_index(2, 1), 2 * s.stride + kRowOffset + 1);
    EXPECT_EQ(s.word_mask(1), ~std::uint64_t(0));
    EXPECT_EQ(s.word_mask(2), 3u);
}

// After the repair, bit 63 of the west halo word is cell W-1, bit W is cell
// 0, the canonical cells are untouched and no other padding bit is set,
// whatever the halo and padding held before.
TEST(PlaneLayout, RepairRowEdgesSetsBothEdgeBits) {
    std::mt19937_64 rng(11);
    for (std::int64_t width : {1, 2, 3, 63, 64, 65, 127, 128, 129, 200}) {
        for (int round = 0; round < 8; ++round) {
            const std::int64_t words = words_per_row(width);
            std::vector<std::uint64_t> row(std::size_t(plane_stride(words)));
            for (auto& w : row) w = rng();  // garbage everywhere
            std::vector<int> cells(static_cast<std::size_t>(width));
            for (std::int64_t x = 0; x < width; ++x)
                cells[std::size_t(x)] = int(stored_cell(row.data(), x));
            repair_row_edges(row.data(), width);
            for (std::int64_t x = 0; x < width; ++x)
                ASSERT_EQ(int(stored_cell(row.data(), x)), cells[std::size_t(x)]) << width;
            EXPECT_EQ(row[kRowOffset - 1], std::uint64_t(cells.back()) << 63) << width;
            // Bits W .. of the word holding bit W: cell 0, then zeros.
            const std::uint64_t edge_word = row[std::size_t(kRowOffset + width / 64)];
            EXPECT_EQ(edge_word >> (width % 64), std::uint64_t(cells[0])) << width;
        }
    }
}

}  // namespace
}  // namespace toroid
