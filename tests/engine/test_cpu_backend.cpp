// Differential tests: the CPU backend against the naive reference simulator,
// bit for bit, across rule kinds, awkward sizes, thread counts and time.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

using testing::random_grid;
using testing::reference_run;

const std::vector<std::pair<int, int>> kSizes = {
    {1, 1},   {2, 2},    {3, 3},    {5, 5},    {1, 7},   {7, 1},    {31, 33},
    {32, 32}, {33, 31},  {63, 64},  {64, 63},  {65, 65}, {100, 73}, {127, 5},
    {128, 9}, {129, 40}, {1000, 1}, {1, 1000}, {513, 3}, {600, 70}};

const std::vector<std::string> kRules = {
    "B3/S23", "B36/S23", "B1357/S1357", "B3/S12345", "B1357/S02468", "B3678/S34678", "B0/S8",
    "B0123/S", "B2/S34H", "B0/S0123456H", "B2/S013V", "B0/S4V", "B3/S3", "B3/S13", "B2(1/3)/S12H",
    "B2(1/6)3/S23H", "B3/S2(0.9)3", "B1(0.5)/S0(0.5)1V", "B0(0.01)3/S23",
    // Isotropic and MAP rules (their tables' circuits), B0 among them.
    "B2-a/S12", "B3/S23-q", "B2ei3cjn/S1c2-ae3eijy4ceqt", "B01c2a/S3-a", "B2o3m/S2pH", "B02p/S12oH",
    "MAPPoNc1+4eAKOkM5B+oaygstwJrLlk6SnDvu72Lz/O2+yh19DcQGN28S9dP68gzn9z3ZliBET6+uZh+7/3Elo6M4",
    "MAPh5X29Ii/vMY0S5BLA5KZfP", "MAPFitTAo"};

void expect_matches_reference(const std::string& rule_text, int w, int h, int gens, int threads,
                              std::uint64_t seed) {
    const Rule rule = Rule::parse(rule_text);
    const Grid start = random_grid(w, h, 0.4, seed);
    CpuBackend cpu(rule, {threads, seed * 31 + 7});
    cpu.load(start, 5);
    Grid expected = start;
    for (int g = 0; g < gens; ++g) {
        cpu.step(1);
        expected = reference_run(expected, rule, seed * 31 + 7, 5 + std::uint64_t(g), 1);
        const Grid got = cpu.grid();
        ASSERT_EQ(got, expected) << rule_text << " " << w << "x" << h << " generation " << g + 1;
        ASSERT_EQ(cpu.population(), expected.population());
        ASSERT_EQ(cpu.hash(), expected.hash());
    }
    EXPECT_EQ(cpu.generation(), 5u + std::uint64_t(gens));
}

TEST(CpuBackend, MatchesReferenceForEveryRuleKindAndSize) {
    std::uint64_t seed = 1;
    for (const auto& rule : kRules)
        for (auto [w, h] : kSizes) {
            if (std::int64_t(w) * h > 20000) continue;
            expect_matches_reference(rule, w, h, 6, 2, seed++);
        }
}

TEST(CpuBackend, MatchesReferenceOnLargerGridsOverManyGenerations) {
    expect_matches_reference("B3/S23", 600, 70, 60, 2, 11);
    expect_matches_reference("B2/S34H", 129, 129, 40, 2, 12);
    expect_matches_reference("B2(1/3)/S12H", 129, 127, 30, 2, 13);
    expect_matches_reference("B36/S23", 1000, 33, 40, 2, 14);
}

TEST(CpuBackend, RandomRulesMatchReference) {
    std::mt19937_64 rng(99);
    for (int i = 0; i < 60; ++i) {
        const int kind = int(rng() % 3);
        const int max = kind == 0 ? 8 : kind == 1 ? 6 : 4;
        std::string text = "B";
        for (int k = 0; k <= max; ++k)
            if (rng() % 3 == 0) text += char('0' + k);
        text += "/S";
        for (int k = 0; k <= max; ++k)
            if (rng() % 2 == 0) text += char('0' + k);
        text += kind == 1 ? "H" : kind == 2 ? "V" : "";
        const auto [w, h] = kSizes[rng() % kSizes.size()];
        if (std::int64_t(w) * h > 20000) continue;
        expect_matches_reference(text, w, h, 5, 1 + int(rng() % 2), rng());
    }
}

// Random tables of every neighbourhood, birth on an empty block included.
TEST(CpuBackend, RandomTableRulesMatchReference) {
    std::mt19937_64 rng(123);
    for (int i = 0; i < 45; ++i) {
        const Neighbourhood n = i % 3 == 0   ? Neighbourhood::Moore
                                : i % 3 == 1 ? Neighbourhood::Hexagonal
                                             : Neighbourhood::VonNeumann;
        // A table that ignores the cells outside the neighbourhood: drawn
        // per configuration of the neighbourhood's own cells.
        Range1Table t;
        std::vector<int> value(512, -1);
        for (unsigned k = 0; k < 512; ++k) {
            unsigned key = k;  // the block with the ignored cells cleared
            if (n == Neighbourhood::Hexagonal) key &= ~((1u << 6) | (1u << 2));
            if (n == Neighbourhood::VonNeumann) key &= ~((1u << 8) | (1u << 6) | (1u << 2) | 1u);
            if (value[key] < 0) value[key] = int(rng() & 1);
            t.set(k, value[key]);
        }
        const Rule rule = Rule::from_table(t, n);
        const auto [w, h] = kSizes[rng() % kSizes.size()];
        if (std::int64_t(w) * h > 20000) continue;
        expect_matches_reference(rule.to_string(), w, h, 4, 1 + int(rng() % 2), rng());
    }
}

TEST(CpuBackend, ResultsDoNotDependOnThreadCount) {
    for (const char* rule_text : {"B3/S23", "B2(1/3)/S12H"}) {
        const Rule rule = Rule::parse(rule_text);
        // Over 256 busy tiles (512 x 32 cells) per step: the pool shares them.
        const Grid start = random_grid(4000, 1100, 0.5, 5);
        CpuBackend one(rule, {1, 42}), two(rule, {2, 42}), four(rule, {4, 42});
        for (auto* b : {&one, &two, &four}) {
            b->load(start);
            b->step(25);
        }
        EXPECT_EQ(one.grid(), two.grid()) << rule_text;
        EXPECT_EQ(one.grid(), four.grid()) << rule_text;
        EXPECT_EQ(one.hash(), four.hash());
    }
}

TEST(CpuBackend, SparsePatternsComputeFewTiles) {
    // A blinker and a block on a big torus: after settling, only the
    // blinker's tiles are stepped, and the block costs nothing.
    CpuBackend cpu(Rule::parse("B3/S23"), {2, 0});
    Grid g(8192, 8192);
    for (int x : {100, 101, 102}) g.set(x, 100, true);
    for (auto [x, y] : {std::pair{5000, 5000}, {5001, 5000}, {5000, 5001}, {5001, 5001}})
        g.set(x, y, true);
    cpu.load(g);
    cpu.step(2);  // the first two steps compute everything
    const std::uint64_t before = cpu.tiles_computed();
    cpu.step(100);
    EXPECT_LE(cpu.tiles_computed() - before, 100u * 9u);
    EXPECT_EQ(cpu.population(), 7u);
    Grid expected = g;
    EXPECT_EQ(cpu.grid(), expected);  // 102 generations: blinker back in phase
}

// Gliders flying in all four diagonal directions across tile borders (tiles
// are 512 x 32 cells) and around the torus: the skipping scheduler must
// wake exactly the tiles they enter.
TEST(CpuBackend, ShipsCrossingTileBordersMatchReference) {
    const Rule rule = Rule::parse("B3/S23");
    Grid g(4200, 96);
    testing::place_glider(g, 2040, 20, 1, 1);
    testing::place_glider(g, 2055, 25, -1, 1);
    testing::place_glider(g, 2050, 70, 1, -1);
    testing::place_glider(g, 4190, 90, -1, -1);
    testing::place_glider(g, 10, 5, -1, -1);
    for (int x : {3000, 3001, 3002}) g.set(x, 31, true);  // a blinker on a tile border row
    CpuBackend cpu(rule, {2, 0});
    cpu.load(g);
    EXPECT_EQ(testing::first_difference_from_reference(cpu, g, rule, 0, 0, 8, 25), -1);
}

TEST(CpuBackend, EditsBetweenStepsAreHonoured) {
    const Rule rule = Rule::parse("B3/S23");
    Grid g = random_grid(300, 200, 0.3, 3);
    CpuBackend cpu(rule, {2, 0});
    cpu.load(g);
    cpu.step(50);
    Grid expected = reference_run(g, rule, 0, 0, 50);
    for (int i = 0; i < 40; ++i) {
        cpu.set(i * 7, i * 3, true);
        expected.set(i * 7, i * 3, true);
    }
    cpu.step(30);
    expected = reference_run(expected, rule, 0, 50, 30);
    EXPECT_EQ(cpu.grid(), expected);
    EXPECT_TRUE(cpu.get(-1, -1) == expected.get(299, 199));
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

TEST(CpuBackend, RegionsWrapAroundTheTorus) {
    const Grid g = testing::random_grid(150, 90, 0.5, 21);
    CpuBackend cpu(Rule(), {1, 0});
    cpu.load(g, 7);
    const Rect r{140, 80, 30, 20};
    EXPECT_EQ(cpu.read_region(r), g.crop(r));
    Grid patch = testing::random_grid(25, 15, 0.5, 22);
    cpu.write_region(patch, 140, 85);
    Grid expected = g;
    expected.paste(patch, 140, 85, true);
    EXPECT_EQ(cpu.grid(), expected);
    EXPECT_EQ(cpu.generation(), 7u);
    cpu.step(3);
    EXPECT_EQ(cpu.grid(), testing::reference_run(expected, Rule(), 0, 7, 3));
    cpu.clear();
    EXPECT_EQ(cpu.population(), 0u);
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

TEST(CpuBackend, BruteForceEqualsSkipping) {
    Grid g(4200, 96);
    g.paste(testing::random_grid(100, 40, 0.4, 31), 100, 10);
    CpuBackend skipping(Rule(), {2, 0, true}), brute(Rule(), {2, 0, false});
    skipping.load(g);
    brute.load(g);
    skipping.step(300);
    brute.step(300);
    EXPECT_EQ(skipping.grid(), brute.grid());
    EXPECT_LT(skipping.tiles_computed(), brute.tiles_computed());
    EXPECT_EQ(brute.tiles_computed(),
              300u * 9u * 3u);  // 9 x 3 tiles of 512 x 32 cells, every step
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

// Temporal blocking: every band height and generations per pass, on awkward
// sizes and every rule kind that computes every tile (brute force, B0),
// stochastic included, against the naive reference.
TEST(CpuBackend, TemporalBlockingMatchesReferenceForEveryBandAndPass) {
    const std::vector<std::pair<int, int>> sizes = {{1, 1}, {3, 5}, {65, 7}, {130, 33}, {600, 70}};
    const std::vector<std::string> rules = {"B3/S23",    "B2/S34H",      "B2/S013V",
                                            "B0/S8",     "B2(1/3)/S12H", "B0(0.01)3/S23",
                                            "B01c/S2-a", "MAPFitTAo"};
    std::uint64_t seed = 500;
    for (auto [w, h] : sizes)
        for (const auto& text : rules) {
            const Rule rule = Rule::parse(text);
            const Grid start = random_grid(w, h, 0.4, ++seed);
            const Grid expected = reference_run(start, rule, seed, 3, 9);
            for (std::int64_t band : {1, 2, 3, 5, 32, 33, 1000})
                for (int gens : {1, 2, 3, 4, 9}) {
                    if (band > h + 1 && band != 1000) continue;
                    CpuBackend cpu(rule, {1 + int(band % 2), seed, false});
                    cpu.set_temporal_blocking(band, gens);
                    cpu.load(start, 3);
                    cpu.step(9);
                    ASSERT_EQ(cpu.grid(), expected)
                        << text << " " << w << "x" << h << " band " << band << " gens " << gens;
                    ASSERT_EQ(cpu.population(), expected.population());
                    ASSERT_EQ(cpu.hash(), expected.hash());
                    // Stepping on (one generation at a time) from the blocked state.
                    cpu.set_temporal_blocking(0, 1);
                    cpu.step(2);
                    ASSERT_EQ(cpu.grid(), reference_run(expected, rule, seed, 12, 2))
                        << text << " " << w << "x" << h << " band " << band << " gens " << gens;
                }
        }
}

// Automatic band heights on a larger grid, with edits between passes.
TEST(CpuBackend, TemporalBlockingOnALargeGridEqualsOneGenerationAtATime) {
    const Rule rule = Rule::parse("B3/S23");
    const Grid start = random_grid(8200, 2100, 0.5, 77);
    CpuBackend blocked(rule, {2, 0, false}), plain(rule, {2, 0, false});
    plain.set_temporal_blocking(0, 1);
    blocked.set_temporal_blocking(0, 8);
    for (auto* b : {&blocked, &plain}) {
        b->load(start);
        b->step(21);
        b->set(5, 5, true);
        b->step(10);
    }
    EXPECT_EQ(blocked.grid(), plain.grid());
    EXPECT_EQ(blocked.hash(), plain.hash());
    EXPECT_EQ(blocked.population(), plain.population());
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

// A pattern written into an empty huge torus, across its corner: the run
// equals the same pattern on a small torus, and only the pattern's area
// (plus the per-tile counters) becomes resident, not the 1 GiB of planes.
TEST(CpuBackend, HugeTorusStartsFromTheRegionOnly) {
    constexpr std::int64_t kBig = 65536, kSmall = 512, kGens = 120;
    const Grid r_pentomino = [] {
        Grid g(3, 3);
        for (auto [x, y] : {std::pair<int, int>{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}})
            g.set(x, y, true);
        return g;
    }();
    const double before = testing::resident_bytes();
    CpuBackend big(Rule(), {1, 0});
    big.reset(kBig, kBig, 4);
    big.write_region(r_pentomino, kBig - 1, kBig - 2);  // wraps in both directions
    EXPECT_EQ(big.population(), 5u);
    EXPECT_EQ(big.generation(), 4u);
    big.step(kGens);

    Grid small(kSmall, kSmall);
    small.paste(r_pentomino, kSmall - 1, kSmall - 2);
    const Grid expected = testing::reference_run(small, Rule(), 0, 4, kGens);
    const Rect corner_big{kBig - kSmall / 2, kBig - kSmall / 2, kSmall, kSmall};
    const Rect corner_small{kSmall / 2, kSmall / 2, kSmall, kSmall};
    EXPECT_EQ(big.read_region(corner_big), expected.crop(corner_small));
    EXPECT_EQ(big.population(), expected.population());
    EXPECT_LT(testing::resident_bytes() - before, 96.0 * 1024 * 1024);

    // Overwriting: dead cells of the region clear live ones.
    big.write_region(Grid(kSmall, kSmall), kBig - kSmall / 2, kBig - kSmall / 2);
    EXPECT_EQ(big.population(), 0u);
    big.step(3);
    EXPECT_EQ(big.population(), 0u);
}

}  // namespace
}  // namespace toroid

namespace toroid {
namespace {

// Sparse work computes half tiles (or nothing) where the other half is dead:
// small objects that cross the halves of tiles, tile borders and the torus's
// seam on widths whose last tile is partial, for every rule kind and every
// instruction set, against the reference, many generations.
TEST(CpuBackend, HalfTilesMatchReferenceOnSparsePatterns) {
    const std::pair<int, int> sizes[] = {{520, 64}, {600, 70}, {1000, 40}, {70, 100}, {1030, 33}};
    const char* rules[] = {"B3/S23",       "B36/S23",  "B2/S34H",   "B2/S013V",
                           "B2(1/3)/S12H", "B2-a/S12", "B2o3m/S2pH"};
    std::uint64_t seed = 300;
    for (const std::string& isa : CpuBackend::instruction_sets())
        for (const char* text : rules)
            for (const auto& [w, h] : sizes) {
                const Rule rule = Rule::parse(text);
                // Blobs at a tile's middle (x 256), at tile borders (512) and
                // across the seam (x = w - 3), one also across the top edge.
                Grid start(w, h);
                for (std::int64_t x : {std::int64_t(250), std::int64_t(509), std::int64_t(w - 3)})
                    start.paste(random_grid(7, 6, 0.5, seed++), x % w, (x / 7) % h, false);
                start.paste(random_grid(6, 6, 0.5, seed++), 30 % w, h - 2, false);
                CpuBackend cpu(rule, {2, seed});
                cpu.use_instruction_set(isa);
                cpu.load(start, 0);
                Grid expected = start;
                for (int round = 0; round < 8; ++round) {
                    cpu.step(10);
                    expected = reference_run(expected, rule, seed, std::uint64_t(round) * 10, 10);
                    ASSERT_EQ(cpu.grid(), expected) << isa << " " << text << " " << w << "x" << h
                                                    << " gen " << (round + 1) * 10;
                    ASSERT_EQ(cpu.hash(), expected.hash());
                }
            }
}

// The seam alone: a blob just west of it (ending at cell W-1) and one just
// east (from cell 0), in tile rows far apart, so that what they give birth
// to across the seam is the only life the tile there sees; the last tile is
// partial, its last canonical word anywhere in it.
TEST(CpuBackend, HalfTilesFollowBirthsAcrossTheSeam) {
    const std::pair<int, int> sizes[] = {
        {520, 160}, {600, 160}, {70, 160}, {1030, 130}, {960, 160}};
    std::uint64_t seed = 900;
    for (const std::string& isa : CpuBackend::instruction_sets())
        for (const char* text : {"B3/S23", "B2/S34H", "B2/S013V", "B3/S23-q", "B2o/S2mH"})
            for (const auto& [w, h] : sizes) {
                const Rule rule = Rule::parse(text);
                Grid start(w, h);
                start.paste(random_grid(5, 5, 0.6, seed++), w - 5, 10, false);
                start.paste(random_grid(5, 5, 0.6, seed++), 0, 80, false);
                CpuBackend cpu(rule, {1, 0});
                cpu.use_instruction_set(isa);
                cpu.load(start, 0);
                Grid expected = start;
                for (int g = 1; g <= 30; ++g) {
                    cpu.step(1);
                    expected = reference_run(expected, rule, 0, std::uint64_t(g - 1), 1);
                    ASSERT_EQ(cpu.grid(), expected)
                        << isa << " " << text << " " << w << "x" << h << " gen " << g;
                }
            }
}

// Sparse steps compute only the rows that can change: those next to a row
// that changed in the last step, in the tile or across its borders (the
// rest repeats with period 2, and the plane being written holds it). Blobs
// that straddle tile rows (32 cells tall) and the torus's top/bottom seam,
// on heights whose last tile row is short (1, 4 and 6 rows), period-2
// oscillators beside active ones, checked every generation: cells,
// population (rows not computed keep their count) and hash.
TEST(CpuBackend, RowRangesFollowChangesAcrossTileRows) {
    const std::pair<int, int> sizes[] = {{600, 100}, {130, 70}, {520, 33}, {200, 64}};
    std::uint64_t seed = 4000;
    for (const std::string& isa : CpuBackend::instruction_sets())
        for (const char* text :
             {"B3/S23", "B36/S23", "B2/S34H", "B2/S013V", "B2-a/S12", "MAPh5X29Ii/vMY0S5BLA5KZfP"})
            for (const auto& [w, h] : sizes) {
                const Rule rule = Rule::parse(text);
                Grid start(w, h);
                start.paste(random_grid(8, 6, 0.5, seed++), 40, 29, false);         // rows 29-34
                start.paste(random_grid(6, 6, 0.5, seed++), 90 % w, h - 3, false);  // the seam
                start.paste(random_grid(5, 9, 0.5, seed++), 507 % w, 58 % h, false);
                for (int x : {10, 11, 12}) start.set(x, 31, true);  // blinkers on border rows
                for (int x : {20, 21, 22}) start.set(x, h - 1, true);
                CpuBackend cpu(rule, {1, 0});
                cpu.use_instruction_set(isa);
                cpu.load(start, 0);
                cpu.hash();  // hash deltas from the kernels from now on
                Grid expected = start;
                for (int g = 1; g <= 60; ++g) {
                    cpu.step(1);
                    expected = reference_run(expected, rule, 0, std::uint64_t(g - 1), 1);
                    ASSERT_EQ(cpu.grid(), expected)
                        << isa << " " << text << " " << w << "x" << h << " gen " << g;
                    ASSERT_EQ(cpu.population(), expected.population()) << "gen " << g;
                    ASSERT_EQ(cpu.hash(), expected.hash()) << "gen " << g;
                }
            }
}

}  // namespace
}  // namespace toroid
