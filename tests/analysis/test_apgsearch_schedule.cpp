// apgsearch's schedule (analysis/apgsearch_schedule.hpp) against what
// apgsearch v4.2 itself did on Morley (b368s245) soup C1/k_rulecheck0328, a
// puffer: its copy, built by scripts/apgsearch-compare.sh and instrumented
// to print each population sample of naivestab_awesome (N gen population)
// and each totalHash(120) of stabilise3's second stage (H gen population
// hash), and the cells of its plane at the first of those (generation
// 11630). data/apgsearch/README.md says how they were made.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../engine/src/analysis/apgsearch_schedule.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {
namespace {

std::string data(const std::string& name) {
    return std::string(TOROID_SOURCE_DIR) + "/tests/analysis/data/apgsearch/" + name;
}

TEST(ApgsearchSchedule, TilesAsApgsearchChoosesThem) {
    // mkparams.py: VTile28 for b1?2?..8?s0?..8?, the universal UTile else.
    EXPECT_TRUE(detail::lifelib_tiling(Rule::parse("B3/S23")).vtile);
    EXPECT_TRUE(detail::lifelib_tiling(Rule::parse("B368/S245")).vtile);
    EXPECT_EQ(detail::lifelib_tiling(Rule::parse("B368/S245")).side, 28);
    EXPECT_FALSE(detail::lifelib_tiling(Rule::parse("B37/S2-i34q")).vtile);
    EXPECT_EQ(detail::lifelib_tiling(Rule::parse("B37/S2-i34q")).side, 16);
    EXPECT_FALSE(detail::lifelib_tiling(Rule::parse("B2/S34H")).vtile);
}

TEST(ApgsearchSchedule, TotalHashAsLifelibsUpattern) {
    std::ifstream in(data("b368s245.k_rulecheck0328.11630.cells"));
    ASSERT_TRUE(in);
    std::vector<Cell> cells;
    for (std::int64_t x, y; in >> x >> y;) cells.push_back({x, y});
    ASSERT_EQ(cells.size(), 571u);
    const detail::LifelibTiling vtile = detail::lifelib_tiling(Rule::parse("B368/S245"));
    EXPECT_EQ(detail::lifelib_total_hash(vtile, cells), 478435320682738752ull);
    // Order does not matter; a cell moved changes it.
    std::vector<Cell> reversed(cells.rbegin(), cells.rend());
    EXPECT_EQ(detail::lifelib_total_hash(vtile, reversed), 478435320682738752ull);
    cells[100].x += 1;
    EXPECT_NE(detail::lifelib_total_hash(vtile, cells), 478435320682738752ull);
    // Beyond the radius nothing counts.
    EXPECT_EQ(detail::lifelib_total_hash(vtile, std::vector<Cell>{{28 * 200, 0}}), 0u);
}

// Fed apgsearch's own samples, the schedule asks for exactly those
// generations (population alone, then population and hash) and ends where
// apgsearch classified the soup: detection at 43880 (the hash of 43760),
// one check 120 generations on whose population changed, so separate()
// ran 1280 generations from 44000.
TEST(ApgsearchSchedule, ReplaysApgsearchOnAPufferSoup) {
    std::ifstream in(data("b368s245.k_rulecheck0328.schedule.txt"));
    ASSERT_TRUE(in);
    detail::ApgsearchSchedule schedule;
    int naive = 0, hashes = 0, checks = 0;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        char kind = 0;
        std::uint64_t generation = 0, hash = 0;
        std::int64_t population = 0;
        words >> kind >> generation >> population >> hash;
        ASSERT_FALSE(schedule.decision()) << line;
        ASSERT_EQ(schedule.next(), generation) << line;
        ASSERT_EQ(schedule.hash_wanted(), kind == 'H') << line;
        schedule.observe(population, hash);
        naive += kind == 'N';
        hashes += kind == 'H';
        checks += kind == 'C';
    }
    EXPECT_EQ(naive, 514);
    EXPECT_EQ(hashes, 1076);
    EXPECT_EQ(checks, 1);
    ASSERT_TRUE(schedule.decision());
    EXPECT_EQ(schedule.decision()->start, 44000u);
    EXPECT_EQ(schedule.decision()->window, 1280u);
    EXPECT_FALSE(schedule.decision()->periodic_population);
}

// naivestab_awesome: a population that repeats 15 samples in a row (8
// generations apart) makes apgsearch separate over 8 generations.
TEST(ApgsearchSchedule, PopulationPeriodicAtOnce) {
    detail::ApgsearchSchedule schedule;
    // The first sample (generation 8) differs from the 0 it starts from:
    // 12 generations more, and an iteration skipped.
    ASSERT_EQ(schedule.next(), 8u);
    schedule.observe(40);
    ASSERT_EQ(schedule.next(), 28u);
    for (int k = 0; k < 15; ++k) {
        ASSERT_FALSE(schedule.decision());
        schedule.observe(40);
    }
    ASSERT_TRUE(schedule.decision());
    EXPECT_TRUE(schedule.decision()->periodic_population);
    EXPECT_EQ(schedule.decision()->start, 28u + 14 * 8);
    EXPECT_EQ(schedule.decision()->window, 8u);
}

// A population that changes at every sample: each sample under the
// interval of 30 is followed by 12 generations more and skips an
// iteration, so iterations 0, 2, ..., 198 sample at 8, 200, ..., 398 at 12
// and 400..999 at 30: 800 samples, 22400 generations (apgsearch's
// "NAIVE 22400"); then the hash stage every 30.
TEST(ApgsearchSchedule, PopulationNeverRepeats) {
    detail::ApgsearchSchedule schedule;
    std::int64_t population = 0;
    int samples = 0;
    while (!schedule.hash_wanted()) {
        schedule.observe(++population);
        ++samples;
    }
    EXPECT_EQ(samples, 800);
    EXPECT_EQ(schedule.next(), 22400u + 30);
    // Hashes: a repeat one sample later ends the stage; the population
    // then changes at the first check, so the window is 1280.
    schedule.observe(++population, 5);
    schedule.observe(++population, 5);
    ASSERT_FALSE(schedule.decision());
    EXPECT_EQ(schedule.next(), 22400u + 60 + 30);
    schedule.observe(++population);
    ASSERT_TRUE(schedule.decision());
    EXPECT_EQ(schedule.decision()->start, 22400u + 90);
    EXPECT_EQ(schedule.decision()->window, 1280u);
}

// One sample that repeats makes the iterations odd: 199 + 1 + 1 skips the
// change of interval at 200, and 399 + 1 + 1 the one at 400, so every
// iteration samples at 8: 1 + 500 samples, 10008 generations (apgsearch's
// "NAIVE 10008").
TEST(ApgsearchSchedule, SkippedIntervalChanges) {
    detail::ApgsearchSchedule schedule;
    schedule.observe(0);  // as the population it starts from
    int samples = 1;
    for (std::int64_t population = 1; !schedule.hash_wanted(); ++population) {
        schedule.observe(population);
        ++samples;
    }
    EXPECT_EQ(samples, 501);
    EXPECT_EQ(schedule.next(), 10008u + 30);
}

// The hash stage's list keeps only hashes smaller than every later one: a
// repeat of a hash that a smaller one has since removed is no repeat.
TEST(ApgsearchSchedule, HashListTruncates) {
    detail::ApgsearchSchedule schedule;
    std::int64_t population = 0;
    while (!schedule.hash_wanted()) schedule.observe(++population);
    const std::uint64_t start = schedule.next();
    schedule.observe(++population, 50);  // [50]
    schedule.observe(++population, 10);  // [10]: 50 removed
    schedule.observe(++population, 50);  // [10, 50]
    ASSERT_FALSE(schedule.decision());
    schedule.observe(++population, 70);  // [10, 50, 70]
    schedule.observe(++population, 50);  // a repeat of the sample 60 generations back
    EXPECT_EQ(schedule.next(), start + 4 * 30 + 60);
    // Twenty checks at an unchanged population: the window is the period.
    for (int k = 0; k < 20; ++k) {
        ASSERT_FALSE(schedule.decision());
        schedule.observe(population);
    }
    ASSERT_TRUE(schedule.decision());
    EXPECT_EQ(schedule.decision()->start, start + 4 * 30 + 20 * 60);
    EXPECT_EQ(schedule.decision()->window, 60u);
}

}  // namespace
}  // namespace toroid
