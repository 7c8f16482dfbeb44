// Lifespans of the classic methuselahs in patterns/, pinned to the
// literature (LifeWiki: lifespan, final population with escaping gliders).
#include <gtest/gtest.h>

#include "toroid/analysis/methuselah.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

Pattern library(const std::string& name) {
    return read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/" + name + ".rle");
}

MethuselahResult analyse(const std::string& name, MethuselahOptions o = {}) {
    const Pattern p = library(name);
    return analyse_methuselah(p.cells, name, p.rule.value_or(Rule()), o);
}

std::uint64_t ships(const MethuselahResult& r, const std::string& kind) {
    for (const auto& s : r.ships_by_kind)
        if (s.name == kind) return s.count;
    return 0;
}

struct Known {
    const char* name;
    std::uint64_t lifespan, population, gliders;
};

class Classic : public ::testing::TestWithParam<Known> {};

TEST_P(Classic, MatchesTheLiterature) {
    const Known k = GetParam();
    const MethuselahResult r = analyse(k.name);
    ASSERT_TRUE(r.stabilised) << r.trend;
    EXPECT_EQ(r.lifespan, k.lifespan);
    EXPECT_EQ(r.final_population, k.population);
    EXPECT_EQ(ships(r, "glider"), k.gliders);
    EXPECT_EQ(r.ships, k.gliders);
    EXPECT_EQ(r.population.at(r.lifespan), r.final_population);
}

// R-pentomino 1103 / 116 (6 gliders); Acorn 5206 / 633 (13 gliders);
// Rabbits 17331 / 1744 (Bunnies' 40 gliders); Diehard dies at 130;
// B-heptomino 148 / 28 (three blocks, two gliders, a ship);
// Pi-heptomino 173 / 55 (six blocks, five blinkers, two ponds);
// Lidka (the 13-cell form in patterns/, David Bell's grandparent of the
// 15-cell original): 29055, 28 gliders; population 1625 at 29055 and 1623
// one generation later (a beacon), LifeWiki quoting 1623.
INSTANTIATE_TEST_SUITE_P(
    Patterns, Classic,
    ::testing::Values(Known{"r-pentomino", 1103, 116, 6}, Known{"acorn", 5206, 633, 13},
                      Known{"rabbits", 17331, 1744, 40}, Known{"diehard", 130, 0, 0},
                      Known{"b-heptomino", 148, 28, 2}, Known{"pi-heptomino", 173, 55, 0},
                      Known{"lidka", 29055, 1625, 28}),
    [](const auto& param_info) {
        std::string n = param_info.param.name;
        for (char& c : n)
            if (c == '-') c = '_';
        return n;
    });

TEST(Methuselah, LidkaPopulationRange) {
    const MethuselahResult r = analyse("lidka");
    EXPECT_EQ(r.final_population_min, 1623u);
    EXPECT_EQ(r.final_population_max, 1625u);
    EXPECT_EQ(r.period, 2u);
}

TEST(Methuselah, DetailsOfTheRPentomino) {
    const MethuselahResult r = analyse("r-pentomino");
    EXPECT_EQ(r.period, 2u);
    EXPECT_EQ(r.final_population_min, 116u);
    EXPECT_EQ(r.final_population_max, 116u);
    EXPECT_FALSE(r.debris.empty());
    EXPECT_GE(r.population.size(), r.generations_run + 1);
    EXPECT_EQ(r.population[0], 5u);
}

TEST(Methuselah, SameAnswerOnTheCpuBackend) {
    MethuselahOptions o;
    o.backend = "cpu";
    o.torus_width = o.torus_height = 512;
    o.backend_options.threads = 1;
    for (const char* name : {"r-pentomino", "b-heptomino"}) {
        const MethuselahResult a = analyse(name), b = analyse(name, o);
        EXPECT_EQ(b.simulator, "cpu");
        EXPECT_EQ(a.lifespan, b.lifespan) << name;
        EXPECT_EQ(a.final_population, b.final_population) << name;
        EXPECT_EQ(a.ships, b.ships) << name;
    }
}

// A backend that is not the CPU backend (as CUDA is not): its universe has
// no signature cheaper than the hash, so the run hashes every generation
// once (not a hash for the signature and another when it repeats), and
// finds a repeat the first time it happens.
class PlainBackend final : public Backend {
  public:
    PlainBackend(const Rule& rule, const BackendOptions& o) : Backend(rule, o.seed), b_(rule, o) {}
    std::string name() const override { return "test-plain"; }
    void load(const Grid& g, std::uint64_t generation) override {
        b_.load(g, generation);
        generation_ = generation;
    }
    Grid grid() const override { return b_.grid(); }
    std::int64_t width() const override { return b_.width(); }
    std::int64_t height() const override { return b_.height(); }
    bool get(std::int64_t x, std::int64_t y) const override { return b_.get(x, y); }
    void set(std::int64_t x, std::int64_t y, bool alive) override { b_.set(x, y, alive); }
    void step(std::uint64_t n) override {
        b_.step(n);
        generation_ += n;
    }
    std::uint64_t population() const override { return b_.population(); }
    std::uint64_t hash() const override { return b_.hash(); }

  private:
    CpuBackend b_;
};

TEST(Methuselah, BackendsWithoutASignatureHashEveryGeneration) {
    backend_registry().add(
        {.name = "test-plain",
         .preference = -10,
         .create = [](const Rule& rule, const BackendOptions& o) -> std::unique_ptr<Backend> {
             return std::make_unique<PlainBackend>(rule, o);
         }});
    MethuselahOptions o;
    o.backend = "test-plain";
    o.torus_width = o.torus_height = 512;
    MethuselahOptions cpu = o;
    cpu.backend = "cpu";
    for (const char* name : {"r-pentomino", "pi-heptomino"}) {
        const MethuselahResult plain = analyse(name, o), signed_ = analyse(name, cpu);
        EXPECT_EQ(plain.simulator, "test-plain");
        EXPECT_EQ(plain.lifespan, signed_.lifespan) << name;
        EXPECT_EQ(plain.final_population, signed_.final_population) << name;
        EXPECT_EQ(plain.ships, signed_.ships) << name;
        // Hashing every generation sees the first repeat, the signature
        // may see it one period later.
        EXPECT_LE(plain.generations_run, signed_.generations_run) << name;
        EXPECT_EQ(plain.generations_run, plain.lifespan + plain.period) << name;
    }
}

TEST(Methuselah, ShipsAndOscillatorsAreStableFromTheStart) {
    for (const char* name :
         {"glider", "lwss", "mwss", "hwss", "pulsar", "pentadecathlon", "blinker"}) {
        const MethuselahResult r = analyse(name);
        ASSERT_TRUE(r.stabilised) << name;
        EXPECT_EQ(r.lifespan, 0u) << name;
    }
    EXPECT_EQ(analyse("pentadecathlon").period, 15u);
    EXPECT_EQ(analyse("pulsar").period, 3u);
    EXPECT_EQ(ships(analyse("lwss"), "LWSS"), 1u);
}

// Periods beyond the cell-exact search take the lifespan from the hash
// history, which the run (hashing only when the signature repeats) rebuilds
// by replaying from generation 0 with the recorded deletions. Forced here
// for short periods: without escaping ships the answer is the exact one.
TEST(Methuselah, LongPeriodFallbackReplaysTheHashHistory) {
    MethuselahOptions o;
    o.exact_period_limit = 1;
    for (const auto& [name, lifespan] :
         {std::pair{"pi-heptomino", 173u}, {"pulsar", 0u}, {"diehard", 130u}}) {
        const MethuselahResult fallback = analyse(name, o), exact = analyse(name);
        ASSERT_TRUE(fallback.stabilised) << name;
        EXPECT_EQ(fallback.lifespan, lifespan) << name;
        EXPECT_EQ(fallback.lifespan, exact.lifespan) << name;
        EXPECT_EQ(fallback.final_population, exact.final_population) << name;
    }
    // With ships: the remainder turns periodic once the last one is deleted.
    const MethuselahResult acorn = analyse("acorn", o);
    EXPECT_GE(acorn.lifespan, 5206u);
    EXPECT_LE(acorn.lifespan, acorn.generations_run);
}

// Snapshots beyond their cell budget are thinned out (a pattern filling a
// huge torus would otherwise keep gigabytes of them): the replay for the
// exact lifespan starts further back and finds the same answer.
TEST(Methuselah, ThinnedSnapshotsGiveTheSameAnswer) {
    MethuselahOptions tight;
    tight.snapshot_cells = 3000;  // Rabbits has 1744..2000 cells: two snapshots at most
    const MethuselahResult thin = analyse("rabbits", tight), full = analyse("rabbits");
    ASSERT_TRUE(thin.stabilised);
    EXPECT_EQ(thin.lifespan, full.lifespan);
    EXPECT_EQ(thin.lifespan, 17331u);
    EXPECT_EQ(thin.final_population, full.final_population);
    EXPECT_EQ(thin.ships, full.ships);
    EXPECT_EQ(thin.population, full.population);
}

TEST(Methuselah, NeverStabilisingIsAnAnswerNotAnError) {
    MethuselahOptions o;
    o.max_gens = 600;
    const MethuselahResult r = analyse("gosper-glider-gun", o);
    EXPECT_FALSE(r.stabilised);
    EXPECT_EQ(r.generations_run, 600u);
    EXPECT_NE(r.trend.find("population"), std::string::npos);
}

TEST(Methuselah, HexagonalRule) {
    const MethuselahResult r = analyse("hex-b2-s34");
    ASSERT_TRUE(r.stabilised);
    EXPECT_GE(r.period, 1u);
}

TEST(Methuselah, StochasticRuleStabilisesOnlyByDyingOut) {
    // Births happen with probability 1/2 and nothing survives: the pattern dies.
    Grid g(8, 8);
    for (int i = 0; i < 8; ++i) g.set(i, i, true), g.set(7 - i, i, true);
    MethuselahOptions o;
    o.max_gens = 5000;
    const MethuselahResult r = analyse_methuselah(g, "x", Rule::parse("B3(1/2)/S"), o);
    ASSERT_TRUE(r.stabilised);
    EXPECT_EQ(r.final_population, 0u);
    EXPECT_EQ(r.population.at(r.lifespan), 0u);
    EXPECT_GT(r.population.at(r.lifespan - 1), 0u);
    // A stochastic rule that keeps living: not stabilised, not an error.
    o.max_gens = 300;
    const Pattern p = library("r-pentomino");
    const MethuselahResult s = analyse_methuselah(p.cells, "r", Rule::parse("B2(1/3)/S12H"), o);
    EXPECT_FALSE(s.stabilised);
}

TEST(Methuselah, TorusTooSmall) {
    MethuselahOptions o;
    o.torus_width = o.torus_height = 20;
    EXPECT_THROW(analyse("acorn", o), InputError);
    o.torus_width = o.torus_height = 128;  // holds the pattern, not its debris
    try {
        analyse("acorn", o);
        FAIL() << "expected an InputError";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("too small"), std::string::npos) << e.what();
    }
}

TEST(Methuselah, AutomaticTorusGrowsWithTheDebris) {
    // Paul Callahan's 10-cell block-laying switch engine grows forever: the
    // automatic torus is doubled (restarting the run) when its cells near the edge.
    const Pattern p =
        parse_pattern("x = 8, y = 6\n6bob$4bob2o$4bobob$4bo3b$2bo5b$obo!", "<switch engine>");
    MethuselahOptions o;
    o.max_gens = 15000;
    const MethuselahResult r = analyse_methuselah(p.cells, "switch engine", Rule(), o);
    EXPECT_FALSE(r.stabilised);
    EXPECT_GT(r.torus_width, 2048);
    EXPECT_EQ(r.generations_run, 15000u);
}

TEST(Methuselah, SoupsAreReproducible) {
    Grid g(16, 16);
    for (int i = 0; i < 256; i += 3) g.set(i % 16, i / 16, true);
    const MethuselahResult a = analyse_methuselah(g, "soup", Rule(), {}),
                           b = analyse_methuselah(g, "soup", Rule(), {});
    ASSERT_TRUE(a.stabilised);
    EXPECT_EQ(a.lifespan, b.lifespan);
    EXPECT_EQ(a.population, b.population);
}

}  // namespace
}  // namespace toroid
