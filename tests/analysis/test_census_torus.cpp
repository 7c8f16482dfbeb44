// The census torus (analysis/census_torus.hpp) against the CPU
// backend's torus: the same cells, box, population, hash and signature every
// generation, for rules of each step variant, on tori of 4, 8 and 16 word
// columns, for soups at the centre, across the seams and across a
// corner of four tiles, with cells
// deleted on the way (as the census deletes ships). ctest runs it again on
// each instruction set (TOROID_CPU_ISA), and the census on both tori.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "../../engine/src/analysis/census_torus.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/analysis/universe.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {
namespace {

std::vector<Cell> random_soup(std::mt19937_64& rng, std::int64_t side, std::int64_t x0,
                              std::int64_t y0, std::int64_t size) {
    std::vector<Cell> cells;
    for (std::int64_t y = 0; y < size; ++y)
        for (std::int64_t x = 0; x < size; ++x)
            if (rng() & 1) cells.push_back({(x0 + x) % side, (y0 + y) % side});
    return cells;
}

void expect_same(const Universe& a, const Universe& b, bool all, const std::string& what) {
    ASSERT_EQ(a.population(), b.population()) << what;
    ASSERT_EQ(a.signature(), b.signature()) << what;
    if (!all) return;
    ASSERT_EQ(a.hash(), b.hash()) << what;
    ASSERT_EQ(a.cells(), b.cells()) << what;
    ASSERT_EQ(a.live_box(), b.live_box()) << what;
}

TEST(CensusTorus, MatchesTheCpuBackend) {
    std::mt19937_64 rng(29);
    for (const char* text :
         {"B3/S23", "B36/S23", "B2-a/S12", "B2o/S2m34H", "B2/S34H", "B3/S23-q", "B34z/S2-a3"}) {
        const Rule rule = Rule::parse(text);
        for (const std::int64_t side : {256, 512, 1024}) {
            auto soup = detail::make_census_torus(rule, side);
            ASSERT_TRUE(soup) << text;
            BackendOptions bo;
            bo.threads = 1;
            auto cpu = make_universe("cpu", rule, side, side, bo);
            // At the centre, then across both seams, then straddling a
            // word column's edge, then a corner of four tiles.
            for (const auto& [x0, y0, size] :
                 {std::tuple{side / 2 - 8, side / 2 - 8, std::int64_t(16)},
                  std::tuple{side - 10, side - 6, std::int64_t(20)},
                  std::tuple{std::int64_t(250), std::int64_t(40), std::int64_t(12)},
                  std::tuple{std::int64_t(120), std::int64_t(90), std::int64_t(14)}}) {
                const std::vector<Cell> cells = random_soup(rng, side, x0, y0, size);
                soup->start(cells, 7);
                cpu->start(cells, 7);
                const std::string where = std::string(text) + " on " + std::to_string(side) +
                                          " at " + std::to_string(x0) + "," + std::to_string(y0);
                expect_same(*soup, *cpu, true, where + " start");
                for (int g = 1; g <= 400; ++g) {
                    soup->step(1);
                    cpu->step(1);
                    expect_same(*soup, *cpu, g % 8 == 0, where + " gen " + std::to_string(g));
                    if (g % 97 == 0) {
                        // Delete every third live cell, as the census deletes ships.
                        std::vector<Cell> doomed, live = cpu->cells();
                        for (std::size_t i = 0; i < live.size(); i += 3) doomed.push_back(live[i]);
                        soup->clear_cells(doomed);
                        cpu->clear_cells(doomed);
                        expect_same(*soup, *cpu, true, where + " cleared " + std::to_string(g));
                    }
                }
                EXPECT_EQ(soup->generation(), cpu->generation());
                EXPECT_EQ(soup->grid().hash(), cpu->grid().hash()) << where;
            }
        }
    }
}

// Above 4096 a row of tiles is more than one word of the live bitsets (the
// unsettled-soup window runs on such tori).
TEST(CensusTorus, MatchesTheCpuBackendOnAWideTorus) {
    std::mt19937_64 rng(8192);
    const Rule rule = Rule::parse("B3/S23");
    const std::int64_t side = 8192;
    auto soup = detail::make_census_torus(rule, side);
    ASSERT_TRUE(soup);
    BackendOptions bo;
    bo.threads = 1;
    auto cpu = make_universe("cpu", rule, side, side, bo);
    // Across the 64th column of tiles (x = 4096) and across the seams.
    for (const auto& [x0, y0] : {std::pair<std::int64_t, std::int64_t>{4090, 300},
                                 std::pair<std::int64_t, std::int64_t>{side - 8, side - 8}}) {
        const std::vector<Cell> cells = random_soup(rng, side, x0, y0, 16);
        soup->start(cells, 0);
        cpu->start(cells, 0);
        for (int g = 1; g <= 120; ++g) {
            soup->step(1);
            cpu->step(1);
            expect_same(*soup, *cpu, g % 20 == 0, "wide torus gen " + std::to_string(g));
        }
    }
}

// A cell deleted in a state that recurs two generations later: the plane
// two generations back still holds the state before the edit, so the rows
// edited must be computed in the next two steps.
TEST(CensusTorus, EditsOfAPeriodTwoState) {
    const Rule life = Rule::parse("B3/S23");
    auto soup = detail::make_census_torus(life, 256);
    auto cpu = make_universe("cpu", life, 256, 256);
    // A blinker and a beehive beside it; the beehive's cells deleted one by one.
    const std::vector<Cell> cells = {{100, 100}, {101, 100}, {102, 100}, {110, 99}, {111, 98},
                                     {112, 98},  {113, 99},  {111, 100}, {112, 100}};
    soup->start(cells, 0);
    cpu->start(cells, 0);
    for (int g = 0; g < 12; ++g) {
        soup->step(1);
        cpu->step(1);
        const std::vector<Cell> live = cpu->cells();
        if (g % 2 == 0 && live.size() > 3) {
            soup->clear_cells(std::vector<Cell>{live.back()});
            cpu->clear_cells(std::vector<Cell>{live.back()});
        }
        expect_same(*soup, *cpu, true, "gen " + std::to_string(g));
    }
}

TEST(CensusTorus, RefusesWhatItDoesNotRun) {
    EXPECT_FALSE(detail::make_census_torus(Rule::parse("B3/S23"), 192));
    EXPECT_FALSE(detail::make_census_torus(Rule::parse("B3/S23"), 128));
    EXPECT_FALSE(detail::make_census_torus(Rule::parse("B3/S23/C3"), 256));
    EXPECT_FALSE(detail::make_census_torus(Rule::parse("B03/S23"), 256));
    EXPECT_TRUE(detail::make_census_torus(Rule::parse("B3/S23"), 4096));
}

// The census on the census torus and on the CPU backend's: the same objects,
// settling generation and period, soup by soup (the signature is the CPU
// backend's, so the repeat is found at the same generation).
TEST(CensusTorus, CensusAsOnTheCpuBackend) {
    for (const char* text : {"B3/S23", "B36/S23"}) {
        CensusOptions fast, general;
        general.census_torus = false;
        SoupCensusRunner a(Rule::parse(text), fast), b(Rule::parse(text), general);
        for (int i = 0; i < 60; ++i) {
            const std::string seed = "k_soupTorusTest" + std::to_string(i);
            const SoupCensus x = a.run(seed), y = b.run(seed);
            EXPECT_EQ(x.objects, y.objects) << text << " " << seed;
            EXPECT_EQ(x.settled, y.settled) << seed;
            EXPECT_EQ(x.generations, y.generations) << seed;
            EXPECT_EQ(x.period, y.period) << seed;
            EXPECT_EQ(x.ships_removed, y.ships_removed) << seed;
        }
    }
}

}  // namespace
}  // namespace toroid
