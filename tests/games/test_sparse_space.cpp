// The sparse-space solver: its coset algebra, the choice of the coset, and
// exactness against the definition for many codes with a schedule short
// enough (tiny naive prefix, frequent re-choices) to exercise every path:
// batches of remainders, re-labelling, the domain form, universe growth,
// full witness scans.
#include <gtest/gtest.h>

#include <random>

#include "dense_octal.hpp"
#include "pair_kernels.hpp"
#include "sparse_solver.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/sparse_space.hpp"

using namespace toroid::games;
using V = std::vector<std::uint32_t>;

TEST(CommonCoset, ReduceIsCanonicalPerCoset) {
    CommonCoset c;
    EXPECT_TRUE(c.extend(15));
    EXPECT_TRUE(c.extend(17));
    EXPECT_TRUE(c.extend(39));
    EXPECT_FALSE(c.extend(15 ^ 17));  // already in W
    EXPECT_EQ(c.dim(), 3u);
    for (std::uint32_t v = 0; v < 256; ++v)
        for (std::uint32_t w : {0u, 15u, 17u, 39u, 15u ^ 39u, 15u ^ 17u ^ 39u})
            EXPECT_EQ(c.reduce(v), c.reduce(v ^ w));
    // distinct cosets reduce differently: 256 values / 8 per coset
    std::vector<std::uint32_t> reps;
    for (std::uint32_t v = 0; v < 256; ++v) reps.push_back(c.reduce(v));
    std::sort(reps.begin(), reps.end());
    EXPECT_EQ(std::unique(reps.begin(), reps.end()) - reps.begin(), 32);
    c.rep = {41, 41};
    EXPECT_TRUE(c.common(41 ^ 17 ^ 39, 5));
    EXPECT_FALSE(c.common(40, 6));
    EXPECT_EQ(c.to_string(), "41 + <39, 17, 15>");
}

TEST(CommonCoset, SeparationDependsOnSplitParities) {
    // Domain form of 0.106: even positions 0 + W, odd positions 1 + W, W = {v : parity(v & 13) =
    // 0}.
    CommonCoset c;
    c.domain = true;
    c.rep = {0, 1};
    for (std::uint32_t w : {2u, 5u, 9u, 16u}) c.extend(w);
    EXPECT_TRUE(c.separates(0b10));   // 0.106 splits after taking 3 (odd)
    EXPECT_FALSE(c.separates(0b01));  // an even k would make common values abundant
    EXPECT_FALSE(c.separates(0b11));
    CommonCoset plain;
    plain.rep = {3, 3};
    plain.extend(5);
    EXPECT_TRUE(plain.separates(0b11));
    plain.extend(6);  // 3 = 5 ^ 6 is now in W
    EXPECT_FALSE(plain.separates(0b01));
}

TEST(CommonCoset, ChoiceFindsTheKnownSparseSpaces) {
    // 0.106: domain form with a hyperplane of five-bit values, 15 rare positions.
    const auto g106 = octal_grundy_naive(OctalGame::parse("0.106"), 20000);
    const auto c106 = choose_common_coset(g106, 20000, 1'000'000, 0b10);
    EXPECT_TRUE(c106.domain) << c106.to_string();
    std::size_t rare = 0;
    for (std::size_t a = 1; a <= 20000; ++a) rare += !c106.common(g106[a], a);
    EXPECT_LT(rare, 40u) << c106.to_string();
    // 0.777: common values in a coset of a small subspace of 9-bit values.
    const auto g777 = octal_grundy_naive(OctalGame::parse("0.777"), 30000);
    const auto c777 = choose_common_coset(g777, 30000, 1'000'000, 0b11);
    EXPECT_LE(c777.dim(), 8u) << c777.to_string();
    rare = 0;
    for (std::size_t a = 15000; a <= 30000; ++a) rare += !c777.common(g777[a], a);
    EXPECT_LT(rare, 300u) << c777.to_string();
}

TEST(SparseSolver, ExactForManyCodesWithAShortSchedule) {
    std::vector<std::string> codes = {"0.777", "0.106", "0.165", "0.356",   "0.16",     "0.56",
                                      "0.127", "0.376", "4.07",  "4.777",   "0.007",    "0.244",
                                      "0.4",   "0.04",  "0.6",   "0.70004", "0.4444444"};
    std::mt19937 rng(2026);
    for (int i = 0; i < 40; ++i) {
        std::string code = (rng() % 4 == 0 ? "4." : "0.");
        for (int d = 0; d < 3; ++d) code += static_cast<char>('0' + rng() % 8);
        codes.push_back(code);
    }
    for (const auto& code : codes) {
        const auto game = OctalGame::parse(code);
        const std::size_t upto = 3000;
        const auto naive = octal_grundy_naive(game, upto);
        EXPECT_EQ(detail::octal_grundy_scheduled(game, upto, false, 0, 8, 16).g, naive) << code;
        EXPECT_EQ(detail::octal_grundy_scheduled(game, upto, false, 0, 200, 256).g, naive) << code;
    }
}

TEST(SparseSolver, SameValuesWithAndWithoutTheHelperThread) {
    // threads = 1: every batch filled on the caller; 2 and 3: the batch
    // ahead filled on a helper (the machine's core count must not matter).
    for (const char* code : {"0.777", "0.064", "0.007", "0.56", "4.777", "0.206"}) {
        const auto game = OctalGame::parse(code);
        const auto naive = octal_grundy_naive(game, 6000);
        for (const unsigned threads : {1u, 2u, 3u}) {
            OctalRunOptions o;
            o.extend_by_period = false;
            o.threads = threads;
            EXPECT_EQ(detail::octal_grundy_scheduled(game, 6000, o, 8, 16).g, naive)
                << code << " threads " << threads;
        }
    }
}

TEST(SparseSolver, ExactOverLongerRunsOfSparseGames) {
    for (const char* code : {"0.777", "0.106", "0.376", "0.16"}) {
        const auto game = OctalGame::parse(code);
        const auto naive = octal_grundy_naive(game, 30000);
        EXPECT_EQ(detail::octal_grundy_scheduled(game, 30000, false, 0, 64, 128).g, naive) << code;
    }
}

TEST(PairKernels, HuntFindsTheFirstPairWithAWantedValue) {
    std::mt19937 rng(13);
    std::vector<std::uint32_t> g(5000);
    for (auto& v : g)
        v = static_cast<std::uint32_t>(rng() % 200);  // small values: hits at every distance
    for (int trial = 0; trial < 400; ++trial) {
        const std::size_t r = 40 + rng() % 4900, last = r / 2;
        const std::size_t a0 = 1 + rng() % last, a1 = a0 + rng() % (last + 2 - a0);
        const std::size_t count = rng() % (detail::kHuntMax + 1);
        std::uint32_t values[detail::kHuntMax];
        for (std::size_t k = 0; k < count; ++k) values[k] = static_cast<std::uint32_t>(rng() % 256);
        std::size_t want = a1;
        for (std::size_t a = a0; a < a1 && want == a1; ++a)
            for (std::size_t k = 0; k < count; ++k)
                if ((g[a] ^ g[r - a]) == values[k]) want = a;
        EXPECT_EQ(detail::hunt_pair_portable(g.data(), r, a0, a1, values, count), want);
        EXPECT_EQ(detail::hunt_pair(g.data(), r, a0, a1, values, count), want);
        if (detail::pair_kernels_have_avx512()) {
            EXPECT_EQ(detail::hunt_pair_avx512(g.data(), r, a0, a1, values, count), want);
        }
    }
}

TEST(DenseOctal, BlockedThreadedPathEqualsTheDefinition) {
    for (const char* code : {"0.004", "0.007", "0.77", "4.07", "0.6", "0.244", "0.1337", "4.0"}) {
        const auto game = OctalGame::parse(code);
        const std::size_t upto = 2500;
        const auto naive = octal_grundy_naive(game, upto);
        for (const unsigned threads : {1u, 2u, 3u}) {
            std::vector<std::uint32_t> g(naive.begin(), naive.begin() + 40);
            g.resize(upto + 1, 0);
            const auto done = detail::octal_dense_fill(game, g, 40, upto, threads);
            EXPECT_EQ(done, upto);
            EXPECT_EQ(g, naive) << code << " threads " << threads;
        }
    }
    // stopping after a block
    const auto game = OctalGame::parse("0.004");
    std::vector<std::uint32_t> g(1001, 0);
    const auto naive = octal_grundy_naive(game, 1000);
    std::copy(naive.begin(), naive.begin() + 10, g.begin());
    const auto done =
        detail::octal_dense_fill(game, g, 10, 1000, 2, [](std::size_t n) { return n < 200; });
    EXPECT_GE(done, 200u);
    EXPECT_LT(done, 1000u);
    for (std::size_t n = 0; n <= done; ++n) EXPECT_EQ(g[n], naive[n]) << n;
}

TEST(DenseOctal, DenseCodesSwitchToTheExactPathAndStayExact) {
    // With first_check = 16 a dense code is classified from n = 4096 on.
    for (const char* code : {"0.004", "0.244"}) {
        const auto game = OctalGame::parse(code);
        const auto naive = octal_grundy_naive(game, 20000);
        OctalRunOptions o;
        o.extend_by_period = false;
        o.threads = 2;
        std::string last_trend;
        o.progress = [&](const OctalProgress& p) { last_trend = p.trend; };
        EXPECT_EQ(detail::octal_grundy_scheduled(game, 20000, o, 8, 16).g, naive) << code;
        EXPECT_NE(last_trend.find("exact"), std::string::npos) << code << ": " << last_trend;
    }
}
