#include <gtest/gtest.h>

#include <algorithm>

#include "toroid/error.hpp"
#include "toroid/games/wythoff.hpp"

using namespace toroid::games;

TEST(Zeckendorf, DomainExamples) {
    EXPECT_EQ(zeckendorf_string(37), "10000100");
    EXPECT_EQ(zeckendorf_string(25), "1000101");
    EXPECT_EQ(zeckendorf_indices(1000000), (std::vector<unsigned>{30, 26, 24, 12, 10}));
    EXPECT_EQ(zeckendorf_indices(37), (std::vector<unsigned>{9, 4}));
    EXPECT_EQ(zeckendorf_string(0), "0");
    EXPECT_EQ(from_zeckendorf("10000100"), 37u);
    EXPECT_EQ(fibonacci(30), 832040u);
}

TEST(Zeckendorf, RoundTripAndNoAdjacentOnes) {
    for (std::uint64_t n = 0; n < 5000; ++n) {
        const auto s = zeckendorf_string(n);
        EXPECT_EQ(s.find("11"), std::string::npos);
        EXPECT_EQ(from_zeckendorf(s), n);
    }
    const std::uint64_t big = UINT64_MAX;
    EXPECT_EQ(from_zeckendorf(zeckendorf_string(big)), big);
}

TEST(Zeckendorf, BadStrings) {
    EXPECT_THROW(from_zeckendorf("1102"), toroid::InputError);
    EXPECT_THROW(from_zeckendorf("110"), toroid::InputError);
    EXPECT_THROW(from_zeckendorf(""), toroid::InputError);
    EXPECT_THROW(from_zeckendorf("1" + std::string(100, '0')), toroid::InputError);
}

TEST(Wythoff, PPositionsBothFormsAgree) {
    const auto p = wythoff_p_positions(6);
    const std::vector<std::pair<std::uint64_t, std::uint64_t>> expect{{0, 0}, {1, 2},  {3, 5},
                                                                      {4, 7}, {6, 10}, {8, 13}};
    EXPECT_EQ(p, expect);
    for (std::uint64_t a = 0; a < 300; ++a)
        for (std::uint64_t b = 0; b < 300; ++b)
            EXPECT_EQ(wythoff_is_p(a, b), wythoff_is_p_zeckendorf(a, b)) << a << "," << b;
    // large: exact integer floor(n*phi) near 2^62
    const std::uint64_t n = std::uint64_t{1} << 40;
    const auto a = wythoff_a(n);
    EXPECT_TRUE(wythoff_is_p_zeckendorf(a, a + n));
    EXPECT_THROW(wythoff_is_p(std::uint64_t{1} << 63, 1), toroid::InputError);
}

TEST(Wythoff, WinningMovesAreAllMovesToP) {
    for (std::uint64_t a = 0; a < 40; ++a)
        for (std::uint64_t b = 0; b < 40; ++b) {
            std::vector<WythoffMove> brute;
            for (std::uint64_t t = 1; t <= a; ++t)
                if (wythoff_is_p(a - t, b)) brute.push_back({t, 0, a - t, b});
            for (std::uint64_t t = 1; t <= b; ++t)
                if (wythoff_is_p(a, b - t)) brute.push_back({0, t, a, b - t});
            for (std::uint64_t t = 1; t <= std::min(a, b); ++t)
                if (wythoff_is_p(a - t, b - t)) brute.push_back({t, t, a - t, b - t});
            auto got = wythoff_winning_moves(a, b);
            auto key = [](const WythoffMove& m) { return std::make_pair(m.take_a, m.take_b); };
            std::sort(brute.begin(), brute.end(),
                      [&](auto& x, auto& y) { return key(x) < key(y); });
            std::sort(got.begin(), got.end(), [&](auto& x, auto& y) { return key(x) < key(y); });
            EXPECT_EQ(got, brute) << a << "," << b;
        }
}

TEST(Wythoff, GrundyTableZerosAreThePPositions) {
    const auto t = wythoff_grundy_table(64);
    for (std::size_t x = 0; x < 64; ++x)
        for (std::size_t y = 0; y < 64; ++y) {
            EXPECT_EQ(t.at(x, y) == 0, wythoff_is_p(x, y));
            EXPECT_EQ(t.at(x, y), t.at(y, x));
        }
    EXPECT_EQ(t.at(0, 5), 5u);  // one heap is Nim
    EXPECT_EQ(t.at(1, 1), 2u);
    EXPECT_EQ(t.at(2, 2), 1u);
    EXPECT_EQ(t.at(1, 5), 3u);
    EXPECT_THROW(wythoff_grundy_table(100000), toroid::InputError);
}
