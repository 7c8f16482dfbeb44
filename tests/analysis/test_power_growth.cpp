// apgsearch's power-law test (analysis/power_growth.hpp): the regression
// against the textbook formula, records of known growth, and patterns run
// on HashLife against python-lifelib's numbers for the same computation
// (lifelib 2.5.6: pattern.advance(32) 8000 times, popcount(2^30 + 3), the
// same two regressions; the script is quoted in the test).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "toroid/analysis/power_growth.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"

namespace toroid {
namespace {

std::vector<Cell> cells_of(const std::vector<std::string>& rows) {
    std::vector<Cell> cells;
    for (std::size_t y = 0; y < rows.size(); ++y)
        for (std::size_t x = 0; x < rows[y].size(); ++x)
            if (rows[y][x] == 'o') cells.push_back({std::int64_t(x), std::int64_t(y)});
    return cells;
}

// The textbook slope: (n Sxy - Sx Sy) / (n Sxx - Sx^2), in long double.
double naive_slope(const std::vector<double>& x, const std::vector<double>& y) {
    long double sx = 0, sy = 0, sxy = 0, sxx = 0;
    const long double n = x.size();
    for (std::size_t i = 0; i < x.size(); ++i)
        sx += x[i], sy += y[i], sxy += (long double)x[i] * y[i], sxx += (long double)x[i] * x[i];
    return double((n * sxy - sx * sy) / (n * sxx - sx * sx));
}

// HighLife's replicator (B36/S23): two copies every 12 generations along a
// diagonal, Pascal's triangle mod 2 (written out here from its shape).
const std::vector<std::string> kReplicator = {"..ooo", ".o..o", "o...o", "o..o.", "ooo.."};

TEST(PowerGrowth, SlopeIsTheTextbookOne) {
    std::vector<double> x{1, 2, 3, 4}, y{5, 8, 11, 14};
    EXPECT_DOUBLE_EQ(least_squares_slope(x, y), 3.0);
    std::mt19937_64 rng(29);
    std::uniform_real_distribution<double> d(-5, 5);
    for (int trial = 0; trial < 20; ++trial) {
        x.assign(100 + trial, 0);
        y.assign(x.size(), 0);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = d(rng), y[i] = 0.7 * x[i] + d(rng);
        EXPECT_NEAR(least_squares_slope(x, y), naive_slope(x, y), 1e-10);
    }
    EXPECT_THROW(least_squares_slope(std::vector<double>{1}, std::vector<double>{2}), InputError);
    EXPECT_THROW(least_squares_slope(std::vector<double>{1, 2}, std::vector<double>{2}),
                 InputError);
    EXPECT_THROW(least_squares_slope(std::vector<double>{2, 2}, std::vector<double>{1, 3}),
                 InputError);
}

TEST(PowerGrowth, RecordAgainstANaiveComputation) {
    // A jagged record; every quantity recomputed here from its definition.
    std::vector<std::uint64_t> pops;
    for (int i = 0; i < 500; ++i) pops.push_back(std::uint64_t(40 + 3 * i + (i * i) % 17));
    PowerGrowthOptions o;
    std::vector<double> x, x2, y;
    double cumulative = 1;
    for (std::size_t i = 0; i < pops.size(); ++i) {
        cumulative += double(pops[i]);
        x.push_back(std::log(32.0 * double(i) + 5380));
        x2.push_back(std::log(double(i) + 1));
        y.push_back(std::log(cumulative));
    }
    const PowerGrowth r = power_growth_of(pops, o);
    EXPECT_NEAR(r.power, naive_slope(x, y), 1e-9);
    EXPECT_NEAR(r.power2, naive_slope(x2, y), 1e-9);
    EXPECT_EQ(r.steps_done, 500);
    EXPECT_EQ(r.code, power_growth_code(r.power, r.power2));
    // Populations count modulo 2^30 + 3, as lifelib's popcount(2^30 + 3).
    std::vector<std::uint64_t> wrapped = pops;
    for (auto& p : wrapped) p += (std::uint64_t(1) << 30) + 3;
    EXPECT_DOUBLE_EQ(power_growth_of(wrapped, o).power, r.power);
    EXPECT_THROW(power_growth_of(std::vector<std::uint64_t>{1}, o), InputError);
}

TEST(PowerGrowth, ThresholdsAreApgsearchFours) {
    EXPECT_EQ(power_growth_code(5.0, 1.09), "PATHOLOGICAL");
    EXPECT_EQ(power_growth_code(1.64, 1.1), "zz_REPLICATOR");
    EXPECT_EQ(power_growth_code(1.65, 1.1), "zz_LINEAR");
    EXPECT_EQ(power_growth_code(2.09, 2.0), "zz_LINEAR");
    EXPECT_EQ(power_growth_code(2.1, 2.0), "zz_EXPLOSIVE");
    EXPECT_EQ(power_growth_code(2.89, 2.0), "zz_EXPLOSIVE");
    EXPECT_EQ(power_growth_code(2.9, 2.0), "zz_QUADRATIC");
}

TEST(PowerGrowth, RecordsOfKnownGrowth) {
    // Populations (a + 32 (i + 1))^k of an object of age a (over a hundred
    // for k > 1, below the modulus): the powers were computed independently (Python, the same
    // definition).
    auto record = [](double age, double k) {
        const double scale = k > 1 ? 0.01 : 1;
        std::vector<std::uint64_t> pops;
        for (int i = 0; i < 8000; ++i)
            pops.push_back(std::uint64_t(scale * std::pow(age + 32.0 * (i + 1), k)));
        return pops;
    };
    const PowerGrowthOptions o;
    const PowerGrowth still = power_growth_of(std::vector<std::uint64_t>(8000, 7), o);
    EXPECT_NEAR(still.power, 1.19312, 1e-4);
    EXPECT_NEAR(still.power2, 0.99937, 1e-4);
    EXPECT_EQ(still.code, "PATHOLOGICAL");
    EXPECT_EQ(power_growth_of(record(5380, 0.3), o).code, "zz_REPLICATOR");  // 1.450
    EXPECT_EQ(power_growth_of(record(5380, 1.0), o).code, "zz_LINEAR");      // 2.092
    EXPECT_EQ(power_growth_of(record(5380, 1.5), o).code, "zz_EXPLOSIVE");   // 2.569
    EXPECT_EQ(power_growth_of(record(5380, 2.0), o).code, "zz_QUADRATIC");   // 3.055
    // The offset assumes an object about 5380 generations old: linear growth
    // from birth reads as explosive (2.384).
    EXPECT_EQ(power_growth_of(record(0, 1.0), o).code, "zz_EXPLOSIVE");
}

// python-lifelib 2.5.6 (b36s23), the replicator advanced `age` first:
//   cum = 1.0
//   for i in range(8000):
//       pat = pat.advance(32); cum += pat.population % (2**30 + 3)
//       pl.append((log(i*32 + 5380), log(cum))); pl2.append((log(i + 1), log(cum)))
//   power, power2 = regress(pl), regress(pl2)
// age 0:      1.8911799568421406, 1.5820407158835257
// age 30000:  1.4986554878179246, 1.2444082168384516
// age 143680: 1.2243358064159306, 1.0164555774805895 (PATHOLOGICAL: the
//             copies' count, 2^(ones in the row number), hardly grows
//             over 256000 generations that late)
TEST(PowerGrowth, HighLifeReplicatorAgreesWithLifelib) {
    const Rule highlife = Rule::parse("B36/S23");
    const PowerGrowth young = powerlyse(highlife, cells_of(kReplicator));
    EXPECT_NEAR(young.power, 1.8911799568421406, 1e-9);
    EXPECT_NEAR(young.power2, 1.5820407158835257, 1e-9);
    // A newborn replicator reads as linear growth under v4's offset ...
    EXPECT_EQ(young.code, "zz_LINEAR");
    EXPECT_EQ(young.steps_done, 8000);
    // ... one of the age at which the census codes an unsettled soup as a
    // replicator.
    BackendOptions bo;
    bo.threads = 1;
    bo.memory_bytes = std::uint64_t(256) << 20;
    HashLifeBackend life(highlife, bo);
    const std::int64_t side = std::int64_t(1) << 17, half = side / 2;
    life.reset(side, side);
    std::vector<Cell> cells = cells_of(kReplicator);
    for (const Cell& c : cells) life.set(half + c.x, half + c.y, true);
    life.step(30000);
    const Rect box{half - 8192, half - 8192, 16384, 16384};
    const Grid g = life.read_region(box);
    cells.clear();
    for (std::int64_t y = 0; y < g.height(); ++y)
        for (std::int64_t x = 0; x < g.width(); ++x)
            if (g.get(x, y)) cells.push_back({x, y});
    ASSERT_EQ(cells.size(), life.population());  // the box holds all of it
    const PowerGrowth old = powerlyse(highlife, cells);
    EXPECT_NEAR(old.power, 1.4986554878179246, 1e-9);
    EXPECT_NEAR(old.power2, 1.2444082168384516, 1e-9);
    EXPECT_EQ(old.code, "zz_REPLICATOR");
}

TEST(PowerGrowth, StillLifesOscillatorsAndShipsArePathological) {
    const Rule life = Rule::parse("B3/S23");
    for (const auto& rows :
         std::vector<std::vector<std::string>>{{"oo", "oo"}, {"ooo"}, {".o.", "..o", "ooo"}}) {
        const PowerGrowth r = powerlyse(life, cells_of(rows));
        EXPECT_EQ(r.code, "PATHOLOGICAL") << rows[0];
        EXPECT_LT(r.power2, 1.01) << rows[0];
    }
    EXPECT_EQ(powerlyse(life, {}).code, "PATHOLOGICAL");
}

TEST(PowerGrowth, SolidFillPassesTheModulus) {
    // Every cell with a live neighbour is born, none dies: a square that
    // grows one cell a generation each way, (2t + 1)^2 cells. It passes
    // 2^30 + 3 cells at generation 16384, and from then on the populations
    // apgsearch adds are residues: its cumulative count grows about linearly
    // and v4 reads the fill as zz_LINEAR (1.781, 1.572; 3.576 without the
    // modulus), as this computes too.
    const PowerGrowth r = powerlyse(Rule::parse("B12345678/S012345678"), cells_of({"o"}));
    std::vector<std::uint64_t> pops;
    for (int i = 0; i < 8000; ++i) {
        const std::uint64_t side = 2 * 32 * std::uint64_t(i + 1) + 1;
        pops.push_back(side * side);
    }
    const PowerGrowth expected = power_growth_of(pops);
    EXPECT_NEAR(r.power, expected.power, 1e-12);
    EXPECT_NEAR(r.power, 1.7808316834842166, 1e-9);
    EXPECT_NEAR(r.power2, 1.5719809328020913, 1e-9);
    EXPECT_EQ(r.code, "zz_LINEAR");
}

TEST(PowerGrowth, SparseFractalFillIsExplosive) {
    // B1/S1 from one cell: births where exactly one neighbour lives, a
    // square fractal far below the modulus and cheap for HashLife.
    const PowerGrowth r = powerlyse(Rule::parse("B1/S1"), {{0, 0}});
    EXPECT_EQ(r.code, "zz_EXPLOSIVE") << r.power;
    EXPECT_GT(r.power2, 1.1);
    EXPECT_LT(r.nodes_made, PowerGrowthOptions{}.max_nodes_created);
}

TEST(PowerGrowth, BoundsStopTheRunWithAReason) {
    // Life without Death from an R-pentomino fills a growing region
    // irregularly: HashLife cannot share its squares.
    PowerGrowthOptions o;
    o.max_nodes_created = 200000;
    const PowerGrowth r =
        powerlyse(Rule::parse("B3/S012345678"), cells_of({".oo", "oo.", ".o."}), o);
    EXPECT_EQ(r.code, "");
    EXPECT_NE(r.why.find("200000 HashLife nodes"), std::string::npos) << r.why;
    EXPECT_GT(r.steps_done, 0);
    EXPECT_LT(r.steps_done, 8000);
    // A random 1500^2 soup has more distinct 8x8 squares than a 1 MiB node
    // store holds (about 26000 nodes): refused when it is written.
    o = {};
    o.memory_bytes = std::uint64_t(1) << 20;
    std::vector<Cell> soup;
    std::mt19937_64 rng(7);
    for (std::int64_t y = 0; y < 1500; ++y)
        for (std::int64_t x = 0; x < 1500; ++x)
            if (rng() & 1) soup.push_back({x, y});
    const PowerGrowth m = powerlyse(Rule::parse("B3/S23"), soup, o);
    EXPECT_EQ(m.code, "");
    EXPECT_NE(m.why.find("budget of 1 MiB"), std::string::npos) << m.why;
    EXPECT_EQ(m.steps_done, 0);
    // A torus too small for the run is refused.
    o = {};
    o.side = 1 << 18;
    EXPECT_THROW(powerlyse(Rule::parse("B3/S23"), cells_of({"ooo"}), o), InputError);
}

Grid grid_of(const std::vector<std::string>& rows) {
    std::int64_t w = 0;
    for (const auto& r : rows) w = std::max(w, std::int64_t(r.size()));
    Grid g(w, std::int64_t(rows.size()));
    for (const Cell& c : cells_of(rows)) g.set(c.x, c.y, true);
    return g;
}

TEST(CensusPowerGrowth, HighLifeReplicatorByItsAge) {
    // The replicator neither settles nor grows linearly: the census codes it
    // by the power test, as it is when the soup is coded. Stopped at 600
    // generations it is tested at 856 (lifelib: 1.8388, 1.5314, zz_LINEAR);
    // left to run, its copies reach the 4096^2 torus's edge near 11800
    // (lifelib at 11800: 1.6157, 1.3312, zz_REPLICATOR).
    const Rule highlife = Rule::parse("B36/S23");
    CensusOptions o;
    o.max_generations = 600;
    SoupCensusRunner young(highlife, o);
    const SoupCensus a = young.run_pattern(grid_of(kReplicator));
    EXPECT_FALSE(a.settled);
    EXPECT_EQ(a.generations, 600u);
    EXPECT_EQ(a.objects, std::vector<std::string>{"zz_LINEAR"});
    SoupCensusRunner old(highlife, CensusOptions{});
    const SoupCensus b = old.run_pattern(grid_of(kReplicator));
    EXPECT_FALSE(b.settled);
    EXPECT_GT(b.generations, 11000u);
    EXPECT_LT(b.generations, 12500u);
    EXPECT_EQ(b.objects, std::vector<std::string>{"zz_REPLICATOR"});
    EXPECT_EQ(b.retries, 0);
}

TEST(CensusPowerGrowth, PathologicalSoupIsRetriedUntilItSettles) {
    // The R-pentomino stopped at 100 generations: its chaotic part neither
    // repeats nor grows (it settles at 1103), so the power test says
    // PATHOLOGICAL; one retry 10000 generations on finds it settled, and
    // the census is the one of a run long enough to settle at once.
    const Grid r_pentomino = grid_of({".oo", "oo.", ".o."});
    const Rule life = Rule::parse("B3/S23");
    CensusOptions o;
    o.max_generations = 100;
    SoupCensusRunner early(life, o);
    const SoupCensus a = early.run_pattern(r_pentomino);
    SoupCensusRunner late(life, CensusOptions{});
    const SoupCensus b = late.run_pattern(r_pentomino);
    EXPECT_TRUE(b.settled);
    EXPECT_EQ(b.retries, 0);
    EXPECT_TRUE(a.settled);
    EXPECT_EQ(a.retries, 1);
    EXPECT_EQ(a.objects, b.objects);
    EXPECT_EQ(std::count(a.objects.begin(), a.objects.end(), "xq4_153"), 6);
    EXPECT_EQ(std::count(a.objects.begin(), a.objects.end(), "PATHOLOGICAL"), 0);
}

TEST(CensusPowerGrowth, RetriedWithALinearGrowthPresent) {
    // A block-laying switch engine with an acorn 400 cells away, stopped at
    // 3000 generations: the engine is yl, the acorn's chaos (it settles at
    // 5206) PATHOLOGICAL. apgsearch retries whether or not a yl object is
    // present; 10000 generations on the acorn has settled.
    const std::vector<std::string> engine = {"ooo.o", "o....", "...oo", ".oo.o", "o.o.o"};
    const std::vector<std::string> acorn = {".o.....", "...o...", "oo..ooo"};
    Grid g(410, 5);
    for (const Cell& c : cells_of(engine)) g.set(c.x, c.y, true);
    for (const Cell& c : cells_of(acorn)) g.set(403 + c.x, c.y, true);
    CensusOptions o;
    o.max_generations = 3000;
    SoupCensusRunner runner(Rule::parse("B3/S23"), o);
    const SoupCensus r = runner.run_pattern(g);
    EXPECT_FALSE(r.settled);
    EXPECT_EQ(r.retries, 1);
    EXPECT_EQ(std::count(r.objects.begin(), r.objects.end(),
                         "yl144_1_16_afb5f3db909e60548f086e22ee3353ac"),
              1);
    EXPECT_EQ(std::count(r.objects.begin(), r.objects.end(), "PATHOLOGICAL"), 0);
    for (const std::string& code : r.objects) EXPECT_NE(code.rfind("zz_", 0), 0u) << code;
}

}  // namespace
}  // namespace toroid
