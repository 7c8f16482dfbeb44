// The methuselah soup search (analysis/methuselah_soups.hpp): one soup
// numbering with the sweep, reruns by number, ranking, stopping, bad input.
#include <gtest/gtest.h>

#include "input_error_of.hpp"
#include "toroid/analysis/methuselah_soups.hpp"
#include "toroid/analysis/soup_run.hpp"
#include "toroid/analysis/sweep.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

MethuselahSoupSearch small_search(std::uint64_t first, std::uint64_t count) {
    MethuselahSoupSearch s;
    s.width = s.height = 8;
    s.density = 0.4;
    s.seed = 7;
    s.first = first;
    s.count = count;
    return s;
}

MethuselahOptions quick() {
    MethuselahOptions o;
    o.max_gens = 3000;
    o.backend = "cpu";
    o.backend_options.threads = 1;
    return o;
}

// Soup i of a methuselah search is soup i of a sweep with the same seed and
// rule: the sweep's soup seeds (computed by the sweep's own runner) fill the
// same cells.
TEST(MethuselahSoups, NumberedAsTheSweepNumbersItsSoups) {
    const Rule rule = Rule::parse("B3/S23");
    SoupConfig config;
    config.soup_width = config.soup_height = 8;
    config.density = 0.4;
    config.torus_width = config.torus_height = 32;
    config.max_gens = 50;
    config.seed = 7;
    const std::vector<SoupOutcome> sweep = run_soups_unbatched(rule, config, 3, 4);
    ASSERT_EQ(sweep.size(), 4u);
    for (const SoupOutcome& o : sweep) {
        Grid expected(8, 8);
        fill_soup(expected, 0.4, o.soup_seed);
        EXPECT_EQ(methuselah_soup_cells(small_search(0, 1), rule, o.index), expected)
            << "soup " << o.index;
        EXPECT_EQ(o.soup_seed, soup_seed(7, rule, o.index));
    }
    // The numbering depends on the rule (as the sweep's does).
    EXPECT_NE(methuselah_soup_cells(small_search(0, 1), Rule::parse("B36/S23"), 3),
              methuselah_soup_cells(small_search(0, 1), rule, 3));
}

TEST(MethuselahSoups, EachSoupIsTheMethuselahOfItsCells) {
    const Rule rule = Rule::parse("B3/S23");
    const MethuselahSoupReport r = search_methuselah_soups(small_search(0, 3), rule, quick());
    ASSERT_EQ(r.soups.size(), 3u);
    EXPECT_FALSE(r.interrupted);
    double sum = 0;
    std::uint64_t settled = 0;
    for (std::uint64_t i = 0; i < 3; ++i) {
        const MethuselahSoup& s = r.soups[i];
        EXPECT_EQ(s.index, i);
        EXPECT_EQ(s.soup_seed, soup_seed(7, rule, i));
        const MethuselahResult alone = analyse_methuselah(
            methuselah_soup_cells(small_search(0, 1), rule, i), "x", rule, quick());
        EXPECT_EQ(s.result.stabilised, alone.stabilised);
        EXPECT_EQ(s.result.lifespan, alone.lifespan);
        EXPECT_EQ(s.result.final_population, alone.final_population);
        EXPECT_EQ(s.result.name, "soup " + std::to_string(i));
        if (alone.stabilised) ++settled, sum += double(alone.lifespan);
    }
    EXPECT_EQ(r.stabilised, settled);
    EXPECT_DOUBLE_EQ(r.mean_lifespan, settled ? sum / double(settled) : 0.0);
}

TEST(MethuselahSoups, FirstRerunsOneSoupOfALongerSearch) {
    const Rule rule = Rule::parse("B3/S23");
    const MethuselahSoupReport all = search_methuselah_soups(small_search(0, 4), rule, quick());
    const MethuselahSoupReport one = search_methuselah_soups(small_search(2, 1), rule, quick());
    ASSERT_EQ(one.soups.size(), 1u);
    EXPECT_EQ(one.soups[0].index, 2u);
    EXPECT_EQ(one.soups[0].soup_seed, all.soups[2].soup_seed);
    EXPECT_EQ(one.soups[0].result.lifespan, all.soups[2].result.lifespan);
    EXPECT_EQ(one.soups[0].result.population, all.soups[2].result.population);
}

TEST(MethuselahSoups, LongestPutsUnsettledFirstThenLongerLifespans) {
    MethuselahSoupReport r;
    auto add = [&](std::uint64_t index, bool stabilised, std::uint64_t gens) {
        MethuselahSoup s;
        s.index = index;
        s.result.stabilised = stabilised;
        (stabilised ? s.result.lifespan : s.result.generations_run) = gens;
        r.soups.push_back(s);
    };
    add(0, true, 100);
    add(1, true, 300);
    add(2, false, 50);
    add(3, true, 300);
    add(4, true, 10);
    EXPECT_EQ(longest_soups(r, 10), (std::vector<std::size_t>{2, 1, 3, 0, 4}));
    EXPECT_EQ(longest_soups(r, 2), (std::vector<std::size_t>{2, 1}));
    EXPECT_TRUE(longest_soups(r, 0).empty());
}

TEST(MethuselahSoups, StopsWhenAskedAndWhenASoupIsInterrupted) {
    const Rule rule = Rule::parse("B3/S23");
    MethuselahSoupSearch s = small_search(0, 5);
    int asked = 0;
    s.stop_requested = [&] { return ++asked > 2; };
    std::vector<std::uint64_t> told;
    s.on_soup = [&](std::uint64_t index, std::uint64_t) { told.push_back(index); };
    const MethuselahSoupReport r = search_methuselah_soups(s, rule, quick());
    EXPECT_TRUE(r.interrupted);
    EXPECT_EQ(r.soups.size(), 2u);
    EXPECT_EQ(told, (std::vector<std::uint64_t>{0, 1}));

    // A run stopped by its progress callback ends the search after that soup.
    MethuselahSoupSearch chaotic = small_search(0, 3);
    chaotic.width = chaotic.height = 64;
    chaotic.density = 0.5;
    MethuselahOptions stop = quick();
    stop.progress = [](const MethuselahProgress& p) { return p.generation < 300; };
    const MethuselahSoupReport cut = search_methuselah_soups(chaotic, rule, stop);
    ASSERT_EQ(cut.soups.size(), 1u);
    EXPECT_TRUE(cut.interrupted);
    EXPECT_TRUE(cut.soups[0].result.interrupted);
}

TEST(MethuselahSoups, RefusesBadSearches) {
    const Rule rule = Rule::parse("B3/S23");
    MethuselahSoupSearch none = small_search(0, 0);
    EXPECT_EQ(testing::input_error_of([&] { search_methuselah_soups(none, rule, quick()); }),
              "--count must be at least 1");
    MethuselahSoupSearch dense = small_search(0, 1);
    dense.density = 1.5;
    EXPECT_THROW(search_methuselah_soups(dense, rule, quick()), InputError);
    MethuselahSoupSearch flat = small_search(0, 1);
    flat.height = 0;
    EXPECT_THROW(methuselah_soup_cells(flat, rule, 0), InputError);
    MethuselahSoupSearch past = small_search(~std::uint64_t(0), 2);
    EXPECT_THROW(search_methuselah_soups(past, rule, quick()), InputError);
    MethuselahOptions with_checkpoint = quick();
    with_checkpoint.checkpoint_path = "soup.ckpt";
    EXPECT_NE(testing::input_error_of([&] {
                  search_methuselah_soups(small_search(0, 1), rule, with_checkpoint);
              }).find("--checkpoint and --resume apply to one pattern"),
              std::string::npos);
}

}  // namespace
}  // namespace toroid
