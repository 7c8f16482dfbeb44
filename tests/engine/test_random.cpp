// Philox4x32-10 known answers and the soups built on it.
#include <gtest/gtest.h>

#include "toroid/core/grid.hpp"
#include "toroid/core/philox.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

// Known-answer vectors of the Random123 distribution (kat_vectors, philox4x32 10 rounds).
TEST(Philox, KnownAnswers) {
    struct Kat {
        Philox4x32 ctr;
        std::uint32_t k0, k1;
        Philox4x32 expected;
    };
    const Kat kats[] = {
        {{{0, 0, 0, 0}}, 0, 0, {{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}}},
        {{{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}},
         0xffffffffu,
         0xffffffffu,
         {{0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}}},
        {{{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}},
         0xa4093822u,
         0x299f31d0u,
         {{0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}}},
    };
    for (const Kat& k : kats) {
        const Philox4x32 out = philox4x32_10(k.ctr, k.k0, k.k1);
        for (int i = 0; i < 4; ++i) EXPECT_EQ(out.v[i], k.expected.v[i]) << "word " << i;
    }
}

TEST(Philox, CellDrawUsesOneCallPerFourCells) {
    const Philox4x32 out = philox4x32_10(Philox4x32{{5, 0, 9, 0}}, 123, 0);
    for (std::uint64_t i = 0; i < 4; ++i) EXPECT_EQ(cell_draw(123, 9, 20 + i), out.v[i]);
}

TEST(Soup, SameSeedSameSoupAndDensity) {
    Grid a(1000, 500), b(1000, 500), c(1000, 500);
    fill_soup(a, 0.3, 42);
    fill_soup(b, 0.3, 42);
    fill_soup(c, 0.3, 43);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_NEAR(double(a.population()) / 500000.0, 0.3, 0.005);
    Grid none(64, 64), all(65, 3);
    fill_soup(none, 0.0, 1);
    fill_soup(all, 1.0, 1);
    EXPECT_EQ(none.population(), 0u);
    EXPECT_EQ(all.population(), 195u);
}

TEST(Soup, RegionSoupIsTheSameWhereverPlaced) {
    Grid a(300, 300), b(300, 300);
    fill_soup(a, 0.5, 7, Rect{10, 20, 16, 16});
    fill_soup(b, 0.5, 7, Rect{290, 295, 16, 16});  // wraps around both edges
    EXPECT_EQ(a.crop(Rect{10, 20, 16, 16}), b.crop(Rect{290, 295, 16, 16}));
    EXPECT_EQ(a.population(), b.population());
    // The fast whole-row path and the per-cell path agree on the same region shape.
    Grid whole(64, 4), part(70, 4);
    fill_soup(whole, 0.5, 9);
    fill_soup(part, 0.5, 9, Rect{3, 0, 64, 4});
    EXPECT_EQ(whole, part.crop(Rect{3, 0, 64, 4}));
}

TEST(Soup, RejectsBadDensities) {
    Grid g(10, 10);
    EXPECT_THROW(fill_soup(g, 1.5, 1), InputError);
    EXPECT_THROW(fill_soup(g, -0.1, 1), InputError);
    EXPECT_THROW(fill_soup(g, 0.5, 1, Rect{0, 0, 11, 5}), InputError);
}

}  // namespace
}  // namespace toroid
