// The shipped patterns/ library: every file parses, carries #N and #C, and
// behaves as its #C line says, checked with the naive reference simulator.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "reference.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::reference_run;
using testing::reference_step;

const std::string kDir = std::string(TOROID_SOURCE_DIR) + "/patterns/";

Pattern load(const std::string& name) {
    return read_pattern_file(kDir + name + ".rle");
}

// The pattern centred on a w x h torus, with its rule.
struct World {
    Grid grid;
    Rule rule;
};
World world(const std::string& name, std::int64_t w, std::int64_t h) {
    const Pattern p = load(name);
    return {place_pattern(p, w, h), p.rule.value_or(Rule())};
}

// g shifted by (dx, dy) on its torus.
Grid shifted(const Grid& g, std::int64_t dx, std::int64_t dy) {
    Grid out(g.width(), g.height());
    out.paste(g, dx, dy);
    return out;
}

std::uint64_t population_after(const World& w, std::uint64_t gens) {
    return reference_run(w.grid, w.rule, 0, 0, gens).population();
}

TEST(PatternLibrary, EveryFileParsesWithNameAndFacts) {
    const std::vector<std::string> expected = {
        "glider",        "lwss",      "mwss",       "hwss",           "blinker",
        "beacon",        "toad",      "pulsar",     "pentadecathlon", "gosper-glider-gun",
        "r-pentomino",   "acorn",     "rabbits",    "diehard",        "b-heptomino",
        "pi-heptomino",  "lidka",     "replicator", "maze",           "fredkin",
        "day-and-night", "hex-b2-s34"};
    for (const auto& name : expected) {
        SCOPED_TRACE(name);
        const Pattern p = load(name);
        EXPECT_FALSE(p.name.empty());
        EXPECT_FALSE(p.comments.empty());
        EXPECT_TRUE(p.rule.has_value());
        EXPECT_FALSE(p.whole_torus);
    }
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(kDir)) {
        EXPECT_EQ(e.path().extension(), ".rle") << e.path();
        ++files;
    }
    EXPECT_GE(files, int(expected.size()));  // others may add patterns
}

TEST(PatternLibrary, CellCounts) {
    const std::pair<const char*, std::uint64_t> counts[] = {{"glider", 5},
                                                            {"lwss", 9},
                                                            {"mwss", 11},
                                                            {"hwss", 13},
                                                            {"blinker", 3},
                                                            {"beacon", 8},
                                                            {"toad", 6},
                                                            {"pulsar", 48},
                                                            {"pentadecathlon", 12},
                                                            {"gosper-glider-gun", 36},
                                                            {"r-pentomino", 5},
                                                            {"acorn", 7},
                                                            {"rabbits", 9},
                                                            {"diehard", 7},
                                                            {"b-heptomino", 7},
                                                            {"pi-heptomino", 7},
                                                            {"lidka", 13}};
    for (auto [name, n] : counts) EXPECT_EQ(load(name).cells.population(), n) << name;
}

TEST(PatternLibrary, GliderMovesDiagonally) {
    const World w = world("glider", 16, 16);
    EXPECT_EQ(reference_run(w.grid, w.rule, 0, 0, 4), shifted(w.grid, 1, 1));
}

TEST(PatternLibrary, SpaceshipsMoveTwoCellsPerFourGenerations) {
    for (const char* name : {"lwss", "mwss", "hwss"}) {
        const World w = world(name, 24, 16);
        const Grid after = reference_run(w.grid, w.rule, 0, 0, 4);
        EXPECT_TRUE(after == shifted(w.grid, 2, 0) || after == shifted(w.grid, -2, 0)) << name;
        EXPECT_NE(reference_run(w.grid, w.rule, 0, 0, 2), w.grid) << name;
    }
}

void expect_period(const std::string& name, std::uint64_t period, std::int64_t size) {
    const World w = world(name, size, size);
    Grid g = w.grid;
    for (std::uint64_t t = 1; t <= period; ++t) {
        g = reference_step(g, w.rule, 0, t - 1);
        if (t < period) {
            EXPECT_NE(g, w.grid) << name << " repeats early at " << t;
        }
    }
    EXPECT_EQ(g, w.grid) << name << " period " << period;
}

TEST(PatternLibrary, OscillatorPeriods) {
    expect_period("blinker", 2, 8);
    expect_period("beacon", 2, 8);
    expect_period("toad", 2, 8);
    expect_period("pulsar", 3, 24);
    expect_period("pentadecathlon", 15, 24);
    expect_period("day-and-night", 16, 16);
    expect_period("hex-b2-s34", 4, 12);
}

TEST(PatternLibrary, PulsarPhasePopulations) {
    const World w = world("pulsar", 24, 24);
    EXPECT_EQ(population_after(w, 0), 48u);
    EXPECT_EQ(population_after(w, 1), 56u);
    EXPECT_EQ(population_after(w, 2), 72u);
}

TEST(PatternLibrary, DayAndNightOscillatorTurnsAQuarterEveryFourGenerations) {
    const World w = world("day-and-night", 16, 16);
    const Grid g4 = reference_run(w.grid, w.rule, 0, 0, 4);
    EXPECT_EQ(g4.population(), 5u);
    EXPECT_NE(g4.crop(g4.bounding_box()), w.grid.crop(w.grid.bounding_box()));
}

TEST(PatternLibrary, GosperGunEmitsAGliderEvery30Generations) {
    const World w = world("gosper-glider-gun", 128, 128);
    Grid g = reference_run(w.grid, w.rule, 0, 0, 60);
    std::uint64_t before = g.population();
    for (int k = 0; k < 2; ++k) {
        g = reference_run(g, w.rule, 0, 0, 30);
        EXPECT_EQ(g.population(), before + 5) << "period " << k;
        before = g.population();
    }
}

TEST(PatternLibrary, DiehardDiesAtGeneration130) {
    const World w = world("diehard", 64, 64);
    const Grid g129 = reference_run(w.grid, w.rule, 0, 0, 129);
    EXPECT_GT(g129.population(), 0u);
    EXPECT_EQ(reference_step(g129, w.rule, 0, 129).population(), 0u);
}

TEST(PatternLibrary, RPentominoFirstGenerations) {
    const World w = world("r-pentomino", 32, 32);
    const std::uint64_t expected[] = {5, 6, 7, 9, 8, 9, 12, 11, 18, 11, 11};
    Grid g = w.grid;
    for (std::uint64_t t = 0; t < std::size(expected); ++t) {
        EXPECT_EQ(g.population(), expected[t]) << "generation " << t;
        g = reference_step(g, w.rule, 0, t);
    }
}

// Replicator and Fredkin are linear (XOR): after 2^k generations the seed is
// XORed with its copies shifted by 2^k in the 8 directions (and itself, for Fredkin).
void expect_replicates(const std::string& name, bool with_centre) {
    const World w = world(name, 32, 32);
    const std::int64_t d = 4;  // 2^2 >= the 3 x 3 seed
    Grid expected(32, 32);
    for (std::int64_t dy = -1; dy <= 1; ++dy)
        for (std::int64_t dx = -1; dx <= 1; ++dx)
            if (dx != 0 || dy != 0 || with_centre)
                expected.paste(shifted(w.grid, dx * d, dy * d), 0, 0, false);
    EXPECT_EQ(reference_run(w.grid, w.rule, 0, 0, std::uint64_t(d)), expected) << name;
    EXPECT_EQ(expected.population(), w.grid.population() * (with_centre ? 9 : 8));
}

TEST(PatternLibrary, ReplicatorAndFredkinCopyTheSeed) {
    expect_replicates("replicator", false);
    expect_replicates("fredkin", true);
}

TEST(PatternLibrary, MazeGrows) {
    const World w = world("maze", 64, 64);
    const Grid g = reference_run(w.grid, w.rule, 0, 0, 50);
    EXPECT_EQ(g.population(), 505u);
    EXPECT_EQ(g.bounding_box().width, 38);
    EXPECT_EQ(g.bounding_box().height, 38);
}

TEST(PatternLibrary, HexOscillatorPopulations) {
    const World w = world("hex-b2-s34", 12, 12);
    const std::uint64_t expected[] = {3, 4, 4, 5, 3};
    for (std::uint64_t t = 0; t < std::size(expected); ++t)
        EXPECT_EQ(population_after(w, t), expected[t]);
}

}  // namespace
}  // namespace toroid
