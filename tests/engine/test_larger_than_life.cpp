// Larger than Life and HROT: Golly's three notations and their canonical
// strings (written by hand from Golly's documentation), errors with their
// column, and the multi-state backend's running sums against the
// cell-by-cell reference (reference_multistate.hpp): every supported
// neighbourhood, ranges 1..12 and a few large ones, tori smaller than the
// range (cells counted with multiplicity), decay, thread counts.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "input_error_of.hpp"
#include "reference_multistate.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {
namespace {

using testing::input_error_of;

std::string canon(const std::string& text) {
    return Rule::parse(text).to_string();
}

TEST(LargerThanLifeRule, GollysNotationsHaveOneCanonicalString) {
    EXPECT_EQ(canon("R5,C0,M1,S34..58,B34..45,NM"), "R5,C0,M1,S34..58,B34..45,NM");  // Bosco
    EXPECT_EQ(canon("5,34,45,34,58"), "R5,C0,M1,S34..58,B34..45,NM");                // Kellie Evans
    EXPECT_EQ(canon("r5, c0, m1, s34..58, b34..45, nm"), "R5,C0,M1,S34..58,B34..45,NM");
    EXPECT_EQ(canon("R2,C0,S4-7,9-12,B4,11-12,NN"), "R2,C0,S4-7,9-12,B4,11-12,NN");
    // Lists sorted, adjacent counts merged, Moore's N left out, C1 and C2 are C0.
    EXPECT_EQ(canon("R2,C2,S9-12,4-7,B11-12,4,NM"), "R2,C0,S4-7,9-12,B4,11-12");
    EXPECT_EQ(canon("R2,C1,S4,5,6,B3"), "R2,C0,S4-6,B3");
    EXPECT_EQ(canon("R3,C0,S,B5"), "R3,C0,S,B5");
    EXPECT_EQ(canon("R3,C10,M0,S5..12,B6..9,NC:T100,80"), "R3,C10,M0,S5..12,B6..9,NC:T100,80");
    EXPECT_EQ(canon("R500,C2,M1,S1..1000,B1..1000,NM"), "R500,C0,M1,S1..1000,B1..1000,NM");
    const Rule bosco = Rule::parse("R5,C0,M1,S34..58,B34..45,NM");
    EXPECT_TRUE(bosco.range_rule());
    EXPECT_EQ(bosco.kind(), RuleKind::Range);
    EXPECT_EQ(bosco.states(), 2);
    EXPECT_TRUE(bosco.needs_multistate_backend());
    EXPECT_EQ(bosco.range().neighbours(), 120);
    EXPECT_EQ(Rule::parse("R3,C0,S,B,NN").range().neighbours(), 2 * 3 * 4);
    EXPECT_EQ(Rule::parse("R3,C0,S,B,N+").range().neighbours(), 12);
    EXPECT_EQ(Rule::parse("R3,C0,S,B,NH").range().neighbours(), 7 * 7 - 3 * 4 - 1);  // Golly's
    EXPECT_EQ(Rule::parse("R3,C0,S,B,NB").range().neighbours(), (7 * 7 - 1) / 2);
    EXPECT_EQ(Rule::parse("R10,C0,S,B,NC").range().neighbours(), 348);
    EXPECT_EQ(Rule::parse("R7,C12,S,B3,NC").states(), 12);
    for (const char* text : {"R5,C0,M1,S34..58,B34..45,NM", "R2,C3,S4-7,9-12,B4,11-12,NN",
                             "R4,C0,S1,3-5,B2,N2", "R1,C7,M1,S2..4,B3..3,N+:T9,4"})
        EXPECT_EQ(Rule::parse(Rule::parse(text).to_string()), Rule::parse(text)) << text;
}

std::string error_of(const char* text) {
    return input_error_of([&] { Rule::parse(text); });
}

TEST(LargerThanLifeRule, BadRulesSayWhatAndWhere) {
    EXPECT_NE(error_of("R0,C0,S2,B3").find("column 2: the range is 1 to 500, not 0"),
              std::string::npos);
    EXPECT_NE(error_of("R501,C0,S2,B3").find("not 501"), std::string::npos);
    EXPECT_NE(error_of("R2,C257,S2,B3").find("column 5"), std::string::npos);
    const std::string beyond = error_of("R1,C0,S9,B3");
    EXPECT_NE(beyond.find("survival count 9 is out of range"), std::string::npos) << beyond;
    EXPECT_NE(beyond.find("0..8"), std::string::npos) << beyond;
    EXPECT_NE(error_of("R1,C0,M1,S1..10,B3..3,NM").find("1..9"), std::string::npos);
    const std::string shape = error_of("R2,C0,S2,B3,NZ");
    EXPECT_NE(shape.find("column 14"), std::string::npos) << shape;
    EXPECT_NE(shape.find("M (Moore), N (von Neumann)"), std::string::npos) << shape;
    EXPECT_NE(error_of("R2,C0,S2,B3,NX").find("'X' is not supported"), std::string::npos);
    EXPECT_NE(error_of("R251,C0,S2,B3,NL").find("at most 250"), std::string::npos);
    EXPECT_EQ(Rule::parse("R1,C0,S,B,NL").range().neighbours(), 12);  // Golly's max_neighbors
    EXPECT_EQ(Rule::parse("R10,C0,S,B,NL").range().neighbours(), 41 * 21 - 200 - 1);
    const std::string reversed = error_of("R2,C0,S7-4,B3");
    EXPECT_NE(reversed.find("column 8: reversed survival range 7-4"), std::string::npos)
        << reversed;
    const std::string overlap = error_of("R2,C0,S4-7,6-9,B3");
    EXPECT_NE(overlap.find("column 12: survival counts overlap"), std::string::npos) << overlap;
    EXPECT_NE(error_of("R2,C0,M2,S1..3,B3..3,NM").find("M is 0 or 1"), std::string::npos);
    EXPECT_NE(error_of("R2,C3,S1,B0-2").find("birth on 0"), std::string::npos);
    EXPECT_NE(error_of("R2,C0,M1,S1..3,B3..3").find("',N'"), std::string::npos);
    EXPECT_NE(error_of("R2,C0,M1,S3..1,B3..3,NM").find("reversed"), std::string::npos);
    EXPECT_NE(error_of("R2,C0,S1,B3:P10,10").find("torus"), std::string::npos);
    EXPECT_NE(error_of("5,34,45,34").find("column"), std::string::npos);
    // The two-state engines refuse range rules, even of 2 states.
    const std::string compile = input_error_of([] { (void)Rule::parse("R2,C0,S1,B3").compile(); });
    EXPECT_NE(compile.find("range 2"), std::string::npos) << compile;
    EXPECT_NE(compile.find("'cpu'"), std::string::npos) << compile;
}

// A random range rule in HROT or LtL notation whose counts fit its shape.
Rule random_range_rule(std::mt19937_64& rng, int r, char shape) {
    const int states = rng() % 3 == 0 ? 0 : int(3 + rng() % 4);
    const bool ltl = rng() % 2 == 0;
    const bool middle = ltl && rng() % 2 == 0;
    std::string hood = std::string(",N") + shape;
    const int n = Rule::parse("R" + std::to_string(r) + ",C0,S,B" + hood).range().neighbours();
    const int top = n + (middle ? 1 : 0);
    auto interval = [&](int low) {
        const int a = std::max(low, int(std::uniform_int_distribution<int>(n / 5, n / 2)(rng)));
        const int b = std::min(top, a + int(rng() % std::uint64_t(n / 3 + 2)));
        return std::pair{a, std::max(a, b)};
    };
    const auto b = interval(1), s = interval(middle ? 1 : 0);
    std::string text = "R" + std::to_string(r) + ",C" + std::to_string(states);
    if (ltl) {
        text += std::string(",M") + (middle ? "1" : "0") + ",S" + std::to_string(s.first) + ".." +
                std::to_string(s.second) + ",B" + std::to_string(b.first) + ".." +
                std::to_string(b.second) + hood;
    } else {
        // Two ranges each, a gap between them.
        auto list = [&](std::pair<int, int> p) {
            std::string t = std::to_string(p.first) + "-" + std::to_string(p.second);
            if (p.second + 2 <= top) t += "," + std::to_string(p.second + 2);
            return t;
        };
        text += ",S" + list(s) + ",B" + list(b) + hood;
    }
    return Rule::parse(text);
}

void expect_matches_reference(const Rule& rule, const Grid& start, int threads, int gens,
                              int chunks = 2) {
    SCOPED_TRACE(rule.to_string() + " on " + std::to_string(start.width()) + "x" +
                 std::to_string(start.height()) + ", " + std::to_string(threads) + " threads");
    BackendOptions options;
    options.threads = threads;
    auto backend = create_backend("cpu", rule, options);
    backend->load(start);
    Grid expected = start;
    for (int chunk = 0; chunk < chunks; ++chunk) {
        backend->step(std::uint64_t(gens));
        expected = testing::reference_generations_run(expected, rule, std::uint64_t(gens));
        ASSERT_EQ(backend->grid(), expected) << "after " << (chunk + 1) * gens << " generations";
        ASSERT_EQ(backend->population(), expected.population());
    }
}

TEST(LargerThanLifeBackend, MatchesTheReferenceOnEveryShapeAndSmallRanges) {
    std::mt19937_64 rng(1234);
    const std::pair<int, int> sizes[] = {{37, 29}, {64, 13}, {65, 31}, {130, 9}, {3, 40}};
    int i = 0;
    for (char shape : {'M', 'N', 'C', '2', '+', 'H', 'B', 'L'}) {
        for (int r = 1; r <= 4; ++r) {
            const auto [w, h] = sizes[std::size_t(i % 5)];
            const Rule rule = random_range_rule(rng, r, shape);
            const Grid start = testing::random_state_grid(w, h, rule.states(), 0.45, rng());
            expect_matches_reference(rule, start, 1 + i % 3, 3);
            ++i;
        }
    }
}

TEST(LargerThanLifeBackend, ToriSmallerThanTheRangeCountWithMultiplicity) {
    std::mt19937_64 rng(99);
    const std::pair<int, int> sizes[] = {{1, 1}, {2, 3}, {5, 1}, {7, 6}, {9, 20}};
    for (auto [w, h] : sizes) {
        for (char shape : {'M', 'N', 'C', '+', 'H', 'B', 'L'}) {
            const Rule rule = random_range_rule(rng, 5 + int(rng() % 8), shape);
            const Grid start = testing::random_state_grid(w, h, rule.states(), 0.5, rng());
            expect_matches_reference(rule, start, 2, 2);
        }
    }
}

TEST(LargerThanLifeBackend, BoscoAndLargeRanges) {
    std::mt19937_64 rng(5);
    const Rule bosco = Rule::parse("R5,C0,M1,S34..58,B34..45,NM");
    expect_matches_reference(bosco, testing::random_state_grid(90, 70, 2, 0.5, rng()), 2, 5, 3);
    expect_matches_reference(Rule::parse("R12,C4,M1,S150..300,B160..250,NN"),
                             testing::random_state_grid(70, 66, 4, 0.5, rng()), 3, 2);
    expect_matches_reference(Rule::parse("R50,C0,M1,S3000..5500,B3100..4600,NM"),
                             testing::random_state_grid(120, 110, 2, 0.4, rng()), 2, 1);
    // Range 500 on a 13x11 torus: each cell counts every cell ~ 7000 times.
    expect_matches_reference(Rule::parse("R500,C3,M0,S400000..600000,B300000..500000,NM"),
                             testing::random_state_grid(13, 11, 3, 0.5, rng()), 2, 1);
}

// Box counts run in 8-bit lanes up to range 7 and 16-bit lanes up to 127
// ((2r + 1)^2 must fit), 32-bit prefix sums beyond: each side of both
// limits, on widths that are not whole vectors, with counts near the top of
// the lane (a dense soup, short tori counting rows several times).
TEST(LargerThanLifeBackend, BoxCountsOnEachSideOfTheLaneLimits) {
    std::mt19937_64 rng(77);
    expect_matches_reference(Rule::parse("R7,C0,M1,S150..225,B160..200,NM"),
                             testing::random_state_grid(97, 40, 2, 0.85, rng()), 2, 2);
    expect_matches_reference(Rule::parse("R7,C0,M0,S1..40,B20..60,NM"),
                             testing::random_state_grid(200, 9, 2, 0.3, rng()), 1, 2);
    expect_matches_reference(Rule::parse("R8,C3,M1,S200..289,B210..260,NM"),
                             testing::random_state_grid(71, 50, 3, 0.85, rng()), 2, 2);
    expect_matches_reference(Rule::parse("R127,C0,M1,S60000..65025,B58000..64000,NM"),
                             testing::random_state_grid(263, 6, 2, 0.93, rng()), 2, 1);
    expect_matches_reference(Rule::parse("R128,C0,M1,S60000..66049,B58000..64000,NM"),
                             testing::random_state_grid(259, 5, 2, 0.93, rng()), 2, 1);
}

}  // namespace
}  // namespace toroid
