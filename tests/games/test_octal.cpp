#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <random>

#include "toroid/error.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/octal_checkpoint.hpp"
#include "toroid/games/subtraction.hpp"

using namespace toroid::games;
using V = std::vector<std::uint32_t>;

namespace {
std::uint32_t s134_value(std::uint64_t n) {
    static const std::uint32_t per[7] = {0, 1, 0, 1, 2, 3, 2};
    return per[n % 7];
}
V prefix(const V& g, std::size_t n) {
    return V(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(n));
}
}  // namespace

TEST(Octal, KnownSequences) {
    const auto kayles = octal_grundy_naive(OctalGame::parse("0.77"), 30);
    EXPECT_EQ(prefix(kayles, 20), (V{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2}));
    const auto dawson = octal_grundy_naive(OctalGame::parse("0.07"), 30);
    EXPECT_EQ(prefix(dawson, 20), (V{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3}));
    const auto chess = octal_grundy_naive(OctalGame::parse("0.137"), 30);
    for (std::size_t n = 0; n < 29; ++n)
        EXPECT_EQ(chess[n], dawson[n + 1]);  // Dawson's chess is shifted
}

TEST(Octal, FastEqualsNaiveBeyondThePrefix) {
    for (const char* code : {"0.77", "0.07", "0.137", "4.07", "0.106", "0.165", "0.356", "0.777",
                             "0.4", "4.7", "0.051", "0.6", "0.123", "0.3", "0.45"}) {
        const auto game = OctalGame::parse(code);
        const auto naive = octal_grundy_naive(game, 6000);
        EXPECT_EQ(octal_grundy(game, 6000, false).g, naive) << code;
        EXPECT_EQ(octal_grundy(game, 6000, true).g, naive) << code;
    }
}

TEST(Octal, KaylesPeriod12FromN71) {
    const auto game = OctalGame::parse("0.77");
    const auto g = octal_grundy(game, 1000, false).g;
    const auto p = octal_period(game, g);
    ASSERT_TRUE(p.found);
    EXPECT_EQ(p.period, 12u);
    EXPECT_EQ(p.preperiod, 71u);
    EXPECT_EQ(p.proved_at, 2u * 71 + 2 * 12 + 2 - 1);
    EXPECT_EQ(p.to_string(), "periodic from 71 with period 12, proved at n = 167");
}

TEST(Octal, DawsonsKaylesPeriod34) {
    // In the 0.07 indexing the last exception is at n = 52, so the pre-period
    // is 53; Dawson's chess 0.137 (heaps shifted by one) has the commonly
    // stated pre-period 52.
    const auto g07 = OctalGame::parse("0.07");
    const auto p = octal_period(g07, octal_grundy(g07, 400, false).g);
    ASSERT_TRUE(p.found);
    EXPECT_EQ(p.period, 34u);
    EXPECT_EQ(p.preperiod, 53u);
    const auto g137 = OctalGame::parse("0.137");
    const auto q = octal_period(g137, octal_grundy(g137, 400, false).g);
    EXPECT_EQ(q.period, 34u);
    EXPECT_EQ(q.preperiod, 52u);
}

TEST(Octal, GuySmithNeedsExactlyTheWindow) {
    const auto game = OctalGame::parse("0.77");
    const auto g = octal_grundy_naive(game, 400);
    const V upto(g.begin(), g.begin() + 168);  // indices 0..167
    const auto p = octal_period(game, upto);
    EXPECT_TRUE(p.found);
    EXPECT_EQ(p.period, 12u);
    const V short_(g.begin(), g.begin() + 167);  // one value less
    const auto q = octal_period(game, short_);
    EXPECT_FALSE(q.found && q.period == 12u && q.preperiod == 71u);
    // a sequence that looks periodic but is not proved: no period claimed
    V fake(50, 0);
    for (std::size_t i = 0; i < fake.size(); ++i) fake[i] = static_cast<std::uint32_t>(i % 3);
    fake.back() = 9;
    EXPECT_FALSE(find_period(fake, 2, true).found);
    EXPECT_EQ(find_period(fake, 2, true).to_string(), "no period up to 49");
}

TEST(Octal, PeriodicExtensionMatchesDirectComputation) {
    for (const char* code : {"0.77", "0.07", "0.051", "0.356"}) {
        const auto game = OctalGame::parse(code);
        const auto ext = octal_grundy(game, 60000, true);
        EXPECT_TRUE(ext.period.found) << code;
        EXPECT_LT(ext.computed, 60001u);
        EXPECT_EQ(ext.g, octal_grundy(game, 60000, false).g) << code;
    }
}

TEST(Octal, MovesIncludeSplits) {
    const auto game = OctalGame::parse("0.07");
    const auto m = octal_moves(game, 6);  // take 2: leave 4, or split 4 into 1+3, 2+2
    ASSERT_EQ(m.size(), 3u);
    EXPECT_EQ(m[0].to_string(), "take 2 (leaving 4)");
    EXPECT_EQ(m[2].to_string(), "take 2 (leaving 2 and 2)");
    EXPECT_EQ(octal_moves(game, 2).size(), 1u);  // take 2 leaving nothing
    EXPECT_EQ(octal_moves(OctalGame::parse("4.07"), 4)[0].to_string(), "split into 1 and 3");
}

TEST(Octal, MalformedCodes) {
    for (const char* bad :
         {"", "07", "0.08", "2.07", "0.0.7", "0.7a", "x.07", "0.", "04.7", "-0.7"}) {
        EXPECT_THROW(OctalGame::parse(bad), toroid::InputError) << bad;
    }
    try {
        OctalGame::parse("0.08");
    } catch (const toroid::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("'8' at position 4 is not an octal digit"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(OctalGame::parse(".070").code(), "0.07");
    EXPECT_THROW(octal_grundy(OctalGame::parse("0.77"), 1'000'000'000), toroid::InputError);
}

TEST(Subtraction, BashGameAndKnownSequences) {
    const auto bash = subtraction_grundy(SubtractionSet::parse("1-3"), 100);
    for (std::size_t n = 0; n <= 100; ++n) EXPECT_EQ(bash[n], n % 4);
    EXPECT_EQ(bash[9], 1u);
    const auto s134 = subtraction_grundy(SubtractionSet::parse("1,3,4"), 20);
    EXPECT_EQ(prefix(s134, 14), (V{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}));
    const auto odd = subtraction_grundy(SubtractionSet::parse("odd"), 1000);
    const auto even = subtraction_grundy(SubtractionSet::parse("even"), 1000);
    const auto pow2 = subtraction_grundy(SubtractionSet::parse("powers-of-2"), 1000);
    for (std::size_t n = 0; n <= 1000; ++n) {
        EXPECT_EQ(odd[n], n % 2);
        EXPECT_EQ(even[n], n / 2);  // a heap of 2m or 2m+1 is a Nim heap of m
        EXPECT_EQ(pow2[n], n % 3);
    }
    // the fast odd/even paths agree with the generic one (via a union that is the same set)
    EXPECT_EQ(subtraction_grundy(SubtractionSet::parse("odd,1"), 300), prefix(odd, 301));
}

TEST(Subtraction, PeriodsProvedWithTheSubtractionWindow) {
    const auto set = SubtractionSet::parse("1,3,4");
    const auto p = subtraction_period(set, subtraction_grundy(set, 100));
    ASSERT_TRUE(p.found && p.proved);
    EXPECT_EQ(p.period, 7u);
    EXPECT_EQ(p.preperiod, 0u);
    const auto bash = SubtractionSet::parse("1-3");
    EXPECT_EQ(subtraction_period(bash, subtraction_grundy(bash, 50)).period, 4u);
    const auto odd = SubtractionSet::parse("odd");
    const auto q = subtraction_period(odd, subtraction_grundy(odd, 100));
    EXPECT_TRUE(q.found);
    EXPECT_FALSE(q.proved);
    EXPECT_EQ(subtraction_grundy_of(SubtractionSet::parse("1,3,4"), 1'000'000'007),
              s134_value(1'000'000'007));
}

TEST(Subtraction, MalformedSets) {
    for (const char* bad : {"", "1,,3", "0", "3-1", "-2", "abc", "1-", ",1", "1,", "99999999999",
                            "1-99999999", "1.5", "prime"}) {
        EXPECT_THROW(SubtractionSet::parse(bad), toroid::InputError) << bad;
    }
    EXPECT_EQ(SubtractionSet::parse("4,1-3, odd").to_string(), "1,2,3,4,odd");
    EXPECT_THROW(subtraction_grundy(SubtractionSet::parse("powers-of-2,even"), 10'000'000),
                 toroid::InputError);
}

TEST(Octal, HopelessComputationsAreRefusedWithAProjection) {
    // 0.007 (Treblecross) has no sparse space: quadratic; a small work limit trips at n = 32768.
    try {
        octal_grundy(OctalGame::parse("0.007"), 10'000'000, true, 1'000'000'000);
        FAIL() << "expected a refusal";
    } catch (const toroid::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("smaller --upto"), std::string::npos) << e.what();
    }
    // a sparse game within the same limit is not refused
    EXPECT_EQ(octal_grundy(OctalGame::parse("0.106"), 100'000, true, 1'000'000'000).g.size(),
              100'001u);
}

namespace {
// The definition: for each p, scan back from the end (quadratic).
Periodicity brute_period(const V& g, std::size_t t, bool splits) {
    Periodicity r;
    const std::size_t last = g.size() - 1;
    r.checked_upto = last;
    for (std::size_t p = 1; (splits ? 2 * p + t - 1 : p + t - 1) <= last; ++p) {
        std::size_t n0 = 0;
        for (std::size_t n = last - p + 1; n-- > 0;)
            if (g[n] != g[n + p]) {
                n0 = n + 1;
                break;
            }
        const std::size_t need = splits ? 2 * n0 + 2 * p + t - 1 : n0 + p + t - 1;
        if (need > last) continue;
        r.found = r.proved = true;
        r.preperiod = n0;
        r.period = p;
        r.proved_at = need;
        return r;
    }
    return r;
}
}  // namespace

TEST(Periodicity, LinearSearchAgreesWithTheDefinition) {
    std::mt19937 rng(7);
    for (int i = 0; i < 3000; ++i) {
        const std::size_t len = 2 + rng() % 120, pre = rng() % len, p = 1 + rng() % 9,
                          t = rng() % 4;
        V cycle(p), g(len);
        for (auto& c : cycle) c = static_cast<std::uint32_t>(rng() % 3);
        for (std::size_t n = 0; n < len; ++n)
            g[n] = n < pre ? static_cast<std::uint32_t>(rng() % 3) : cycle[(n - pre) % p];
        if (rng() % 3 == 0) g[rng() % len] ^= 1;  // sometimes a late exception
        for (const bool splits : {true, false}) {
            const auto a = find_period(g, t, splits), b = brute_period(g, t, splits);
            ASSERT_EQ(a.found, b.found) << i;
            if (!a.found) continue;
            EXPECT_EQ(a.period, b.period) << i;
            EXPECT_EQ(a.preperiod, b.preperiod) << i;
            EXPECT_EQ(a.proved_at, b.proved_at) << i;
        }
    }
}

TEST(Periodicity, AlmostPeriodicMillionsAreLinear) {
    // Period 4 from 600000 after an irregular prefix (like 0.376): every
    // multiple of 4 matches for 400000 values, which made the old search quadratic.
    V g(1'000'001);
    std::mt19937 rng(3);
    for (std::size_t n = 0; n < g.size(); ++n)
        g[n] = static_cast<std::uint32_t>(n < 600'000 ? rng() % 50 : n % 4);
    const auto p = find_period(g, 3, true);
    EXPECT_FALSE(p.found);  // needs 2 * 600000 + 8 + 2 > 10^6
    g.resize(1'300'001);
    for (std::size_t n = 1'000'001; n < g.size(); ++n) g[n] = static_cast<std::uint32_t>(n % 4);
    const auto q = find_period(g, 3, true);
    ASSERT_TRUE(q.found);
    EXPECT_EQ(q.period, 4u);
    EXPECT_LE(q.preperiod, 600'000u);
    EXPECT_EQ(q.preperiod, brute_period(g, 3, true).preperiod);
}

TEST(Octal, StopCheckpointAndResumeGiveTheSameValues) {
    for (const char* code : {"0.007", "0.106", "0.6"}) {
        const auto game = OctalGame::parse(code);
        const auto full = octal_grundy(game, 40000, false).g;
        OctalRunOptions o;
        o.extend_by_period = false;
        std::size_t polls = 0;
        o.stop_requested = [&] { return ++polls == 3; };  // polled at 8192, 12288, 16384
        std::vector<std::uint32_t> saved;
        o.checkpoint = [&](std::span<const std::uint32_t> g) { saved.assign(g.begin(), g.end()); };
        const auto stopped = octal_grundy(game, 40000, o);
        ASSERT_TRUE(stopped.stopped) << code;
        EXPECT_EQ(stopped.g.size(), 16384u);
        ASSERT_EQ(saved.size(), stopped.g.size());
        const std::string path = ::testing::TempDir() + "octal_ckpt.bin";
        write_octal_checkpoint(path, game.code(), saved);
        const auto back = read_octal_checkpoint(path, game.code());
        EXPECT_EQ(back, saved);
        EXPECT_THROW(read_octal_checkpoint(path, "0.77"), toroid::InputError);
        OctalRunOptions r;
        r.extend_by_period = false;
        r.resume = back;
        const auto resumed = octal_grundy(game, 40000, r);
        EXPECT_FALSE(resumed.stopped);
        EXPECT_EQ(resumed.resumed_from, back.size());
        EXPECT_EQ(resumed.g, full) << code;
        std::remove(path.c_str());
    }
}

// A budget is spent, not guessed away: a run whose budget runs out stops
// like a Ctrl-C, with the values it has, and says the budget was the cause.
TEST(Octal, TimeBudgetSpentStopsTheRun) {
    OctalRunOptions o;
    o.max_seconds = 1e-6;
    std::vector<std::uint8_t> saved_at_stop;
    std::size_t checkpoints = 0;
    o.checkpoint = [&](const auto& g) {
        ++checkpoints;
        saved_at_stop.assign(g.size(), 0);
    };
    const auto run = octal_grundy(OctalGame::parse("0.007"), 10'000'000, o);
    EXPECT_TRUE(run.stopped);
    EXPECT_TRUE(run.budget_spent);
    EXPECT_LT(run.computed, 10'000'001u);
    EXPECT_EQ(run.g.size(), run.computed);
    EXPECT_GE(checkpoints, 1u);  // what it computed is saved
    EXPECT_EQ(saved_at_stop.size(), run.computed);
    // The values it has are the values a full run computes.
    const auto full = octal_grundy(OctalGame::parse("0.007"), run.computed, false);
    for (std::size_t n = 0; n < run.computed; ++n) ASSERT_EQ(run.g[n], full.g[n]) << n;
}

TEST(Octal, OeisTablesAndTreblecrossShift) {
    // OEIS A002186 (Kayles, .77), n = 0..104.
    const V a002186{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2,
                    8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
                    7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
                    8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1};
    // OEIS A002187 (Dawson's chess .137; Dawson's Kayles .07 has a(n-1)), n = 0..131.
    const V a002187{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1,
                    1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3,
                    0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2,
                    4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3,
                    1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4};
    const auto kayles = octal_grundy(OctalGame::parse("0.77"), 104).g;
    EXPECT_EQ(kayles, a002186);
    const auto chess = octal_grundy(OctalGame::parse("0.137"), 131).g;
    EXPECT_EQ(chess, a002187);
    const auto dawson = octal_grundy(OctalGame::parse("0.07"), 132).g;
    for (std::size_t n = 1; n <= 132; ++n) EXPECT_EQ(dawson[n], a002187[n - 1]) << n;
    // Treblecross (.007) is .04 shifted by one: g_.007(n) = g_.04(n + 1),
    // both computed by the sparse solver well past the naive prefix.
    const auto treble = octal_grundy(OctalGame::parse("0.007"), 30000, false).g;
    const auto o04 = octal_grundy(OctalGame::parse("0.04"), 30001, false).g;
    for (std::size_t n = 0; n <= 30000; ++n) ASSERT_EQ(treble[n], o04[n + 1]) << n;
}

TEST(Octal, CzajkaTableOfUnsolvedGamesAt2To17) {
    // T. Czajka, "Solving octal games", UnsolvedGames.md
    // (github.com/tczajka/octal-games): .04 and .06 computed to n = 2^17, with
    // the largest value, where it first occurs, the rare mask m (Flammenkamp's
    // form: g is rare when popcount(g & m) is even), the number of rare
    // positions among 0 .. 2^17 - 1 and the last one. All by the sparse solver
    // (its own coset, not the mask), so this checks it far past the naive prefix.
    struct Row {
        const char* code;
        std::uint32_t largest;
        std::size_t largest_at;
        std::uint32_t mask;
        std::size_t rare, last_rare;
    };
    for (const Row& row : {Row{"0.04", 1024, 109363, 0x7b8, 18860, 131003},
                           Row{"0.06", 1045, 127083, 0x5a0, 52923, 131070}}) {
        const std::size_t n = std::size_t{1} << 17;
        const auto g = octal_grundy(OctalGame::parse(row.code), n - 1, false).g;
        const auto largest = std::max_element(g.begin(), g.end());
        EXPECT_EQ(*largest, row.largest) << row.code;
        EXPECT_EQ(static_cast<std::size_t>(largest - g.begin()), row.largest_at) << row.code;
        std::size_t rare = 0, last_rare = 0;
        for (std::size_t a = 0; a < n; ++a)
            if (std::popcount(g[a] & row.mask) % 2 == 0) {
                ++rare;
                last_rare = a;
            }
        EXPECT_EQ(rare, row.rare) << row.code;
        EXPECT_EQ(last_rare, row.last_rare) << row.code;
    }
}
