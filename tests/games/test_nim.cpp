#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "toroid/error.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/parse.hpp"

using namespace toroid::games;
using H = std::vector<std::uint64_t>;

TEST(Nim, ThreeFiveSevenHasThreeWinningMovesTakeOne) {
    const H h{3, 5, 7};
    EXPECT_EQ(nim_sum(h), 1u);
    const auto m = nim_winning_moves(h);
    ASSERT_EQ(m.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(m[i].heap, i);
        EXPECT_EQ(m[i].take, 1u);
    }
}

TEST(Nim, DomainWorkedExamples) {
    const H a{17, 24, 7, 11};
    EXPECT_EQ(nim_sum(a), 5u);
    auto m = nim_winning_moves(a);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0], (NimMove{2, 5, 2}));

    m = nim_winning_moves(H{7, 8, 10});
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0].heap, 0u);
    EXPECT_EQ(m[0].take, 5u);

    m = nim_winning_moves(H{19, 25, 12});
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0].heap, 2u);
    EXPECT_EQ(m[0].new_size, 10u);
}

TEST(Nim, SeedExercisesEveryWinningMoveLeavesZero) {
    for (const H& h : {H{19, 15, 4}, H{8, 4, 12, 22}, H{14, 25, 17, 3, 10}}) {
        const auto moves = nim_winning_moves(h);
        EXPECT_FALSE(moves.empty());
        // every move that leaves nim-sum 0 is listed
        std::size_t brute = 0;
        for (std::size_t i = 0; i < h.size(); ++i)
            for (std::uint64_t t = 1; t <= h[i]; ++t) {
                H q = h;
                q[i] -= t;
                brute += nim_sum(q) == 0;
            }
        EXPECT_EQ(moves.size(), brute);
        for (const auto& mv : moves) {
            H q = h;
            q[mv.heap] = mv.new_size;
            EXPECT_EQ(nim_sum(q), 0u);
        }
    }
}

TEST(Nim, HugeHeapsUpTo2To63) {
    const std::uint64_t big = std::uint64_t{1} << 63;
    const H h{big, big - 1, 5};
    EXPECT_EQ(nim_outcome(h), Outcome::N);
    const auto m = nim_winning_moves(h);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0].heap, 0u);
    H q = h;
    q[0] = m[0].new_size;
    EXPECT_EQ(nim_sum(q), 0u);
    EXPECT_EQ(nim_outcome(H{big, big}), Outcome::P);
}

TEST(Nim, MisereMatchesBruteForce) {
    // brute force over all positions with 3 heaps <= 5
    std::map<H, bool> p;  // misère P
    for (std::uint64_t total = 0; total <= 15; ++total)
        for (std::uint64_t a = 0; a <= 5; ++a)
            for (std::uint64_t b = 0; b <= 5; ++b) {
                if (a + b > total || total - a - b > 5) continue;
                const H h{a, b, total - a - b};
                bool any_move = false, to_p = false;
                for (std::size_t i = 0; i < 3; ++i)
                    for (std::uint64_t t = 1; t <= h[i]; ++t) {
                        H q = h;
                        q[i] -= t;
                        any_move = true;
                        to_p = to_p || p.at(q);
                    }
                p[h] =
                    any_move ? !to_p : false;  // no move: the previous player moved last and lost
                EXPECT_EQ(misere_nim_is_p(h), p[h]) << a << " " << b << " " << total - a - b;
                for (const auto& mv : misere_nim_winning_moves(h)) {
                    H q = h;
                    q[mv.heap] = mv.new_size;
                    EXPECT_TRUE(p.at(q));
                }
                if (!p[h] && total > 0) {
                    EXPECT_FALSE(misere_nim_winning_moves(h).empty());
                }
            }
    EXPECT_TRUE(misere_nim_is_p(H{1, 1, 1}));
    EXPECT_FALSE(misere_nim_is_p(H{1, 1}));
    EXPECT_FALSE(misere_nim_is_p(H{}));
}

TEST(Nim, ThreeHeapPPositionsMatchClosedForm) {
    for (std::uint64_t m : {10u, 15u, 20u, 40u}) {
        auto listed = nim_p_positions(3, m);
        std::sort(listed.begin(), listed.end());
        EXPECT_EQ(listed, nim3_p_positions_closed_form(m)) << "max " << m;
        for (const auto& t : listed) EXPECT_EQ(t[0] ^ t[1] ^ t[2], 0u);
    }
    // (1,2,3) and (2,4,6) are there
    const auto l = nim_p_positions(3, 10);
    EXPECT_NE(std::find(l.begin(), l.end(), H{1, 2, 3}), l.end());
    EXPECT_NE(std::find(l.begin(), l.end(), H{2, 4, 6}), l.end());
}

TEST(Nim, CountsOrderedTuples) {
    for (std::size_t k = 1; k <= 4; ++k)
        for (std::uint64_t m = 0; m <= 9; ++m) {
            std::uint64_t brute = 0;
            const std::uint64_t n = m + 1;
            std::uint64_t total = 1;
            for (std::size_t i = 0; i < k; ++i) total *= n;
            for (std::uint64_t code = 0; code < total; ++code) {
                std::uint64_t c = code, x = 0;
                for (std::size_t i = 0; i < k; ++i) {
                    x ^= c % n;
                    c /= n;
                }
                brute += x == 0;
            }
            EXPECT_EQ(count_nim_p_positions_ordered(k, m), brute) << k << " " << m;
        }
}

TEST(Nim, TooLargeEnumerationIsRefused) {
    EXPECT_THROW(nim_p_positions(3, 1'000'000), toroid::InputError);
    EXPECT_THROW(nim_p_positions(0, 10), toroid::InputError);
    EXPECT_THROW(count_nim_p_positions_ordered(3, std::uint64_t{1} << 30), toroid::InputError);
    try {
        nim_p_positions(4, 100000);
        FAIL();
    } catch (const toroid::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("smaller --max"), std::string::npos);
    }
}

TEST(Parse, BadNumbers) {
    EXPECT_EQ(parse_u64("18446744073709551615", "heap"), UINT64_MAX);
    EXPECT_EQ(parse_u64("+7", "heap"), 7u);
    for (const char* bad :
         {"-3", "abc", "", "3x", "18446744073709551616", "99999999999999999999999", "+", "1.5"}) {
        EXPECT_THROW(parse_u64(bad, "heap 1"), toroid::InputError) << bad;
    }
    try {
        parse_u64("-3", "heap 2");
    } catch (const toroid::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("heap 2 '-3' must not be negative"), std::string::npos)
            << e.what();
    }
    try {
        parse_u64("18446744073709551616", "heap 1");
    } catch (const toroid::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("beyond 64 bits"), std::string::npos);
    }
}
