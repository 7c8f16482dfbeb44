// Column strips (CpuBackend::set_column_strips): the same torus laid out as
// strips of a few tiles must give the reference's answer bit for bit, for
// every rule kind, instruction set, edit and view, on widths whose strips
// and last tile are partial. Automatic strips are for wide tori only.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "reference.hpp"
#include "toroid/core/render_request.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

using testing::random_grid;
using testing::reference_run;

// Strip widths in words: one tile (every tile is at a boundary), two, three
// (the automatic width).
constexpr std::int64_t kStripWidths[] = {8, 16, 24};

TEST(CpuStrips, EveryRuleKindMatchesReference) {
    const std::pair<int, int> sizes[] = {{600, 70},  {1030, 33}, {513, 3},
                                         {1600, 40}, {65, 65},   {1000, 1}};
    const char* rules[] = {"B3/S23",        "B36/S23",  "B2/S34H",      "B2/S013V",
                           "B0/S8",         "B0123/S",  "B2(1/3)/S12H", "B3/S2(0.9)3",
                           "B0(0.01)3/S23", "B3/S23-q", "B2o3m/S2pH",   "MAPFitTAo"};
    std::uint64_t seed = 7000;
    for (const std::int64_t strip : kStripWidths)
        for (const char* text : rules)
            for (const auto& [w, h] : sizes) {
                const Rule rule = Rule::parse(text);
                const Grid start = random_grid(w, h, 0.4, seed);
                CpuBackend cpu(rule, {2, seed});
                cpu.set_column_strips(strip);
                cpu.load(start, 3);
                EXPECT_EQ(cpu.column_strips(), ((w + 511) / 512 * 8 + strip - 1) / strip);
                Grid expected = start;
                for (int g = 0; g < 6; ++g) {
                    cpu.step(1);
                    expected = reference_run(expected, rule, seed, 3 + std::uint64_t(g), 1);
                    ASSERT_EQ(cpu.grid(), expected)
                        << strip << " " << text << " " << w << "x" << h << " gen " << g + 1;
                    ASSERT_EQ(cpu.population(), expected.population());
                    ASSERT_EQ(cpu.hash(), expected.hash());
                }
                ++seed;
            }
}

// Small objects on strip boundaries (x = 512 k), inside strips and across
// the seam, with half tiles and row ranges, on every instruction set: the
// sparse path, whose boundary repairs follow only the changed border rows.
TEST(CpuStrips, SparseObjectsCrossingStripsMatchReference) {
    const std::pair<int, int> sizes[] = {{1600, 64}, {1030, 70}, {2100, 33}};
    std::uint64_t seed = 8000;
    for (const std::string& isa : CpuBackend::instruction_sets())
        for (const std::int64_t strip : {std::int64_t(8), std::int64_t(24)})
            for (const char* text : {"B3/S23", "B36/S23", "B2/S34H", "B2/S013V", "B2(1/3)/S12H"})
                for (const auto& [w, h] : sizes) {
                    const Rule rule = Rule::parse(text);
                    Grid start(w, h);
                    for (std::int64_t x : {509, 1020, 1533, 700, w - 3})
                        start.paste(random_grid(7, 6, 0.5, seed++), x % w, (x / 7) % h, false);
                    start.paste(random_grid(6, 6, 0.5, seed++), 1534 % w, h - 2, false);
                    CpuBackend cpu(rule, {1, seed});
                    cpu.use_instruction_set(isa);
                    cpu.set_column_strips(strip);
                    cpu.load(start, 0);
                    cpu.hash();  // hash deltas from the kernels from now on
                    Grid expected = start;
                    for (int round = 0; round < 6; ++round) {
                        cpu.step(8);
                        expected = reference_run(expected, rule, seed, std::uint64_t(round) * 8, 8);
                        ASSERT_EQ(cpu.grid(), expected)
                            << isa << " " << strip << " " << text << " " << w << "x" << h << " gen "
                            << (round + 1) * 8;
                        ASSERT_EQ(cpu.population(), expected.population());
                        ASSERT_EQ(cpu.hash(), expected.hash());
                    }
                }
}

// Gliders crossing strip boundaries in all four directions, 400 generations.
TEST(CpuStrips, GlidersCrossStripsAndTheSeam) {
    const Rule rule = Rule::parse("B3/S23");
    Grid g(3000, 96);
    testing::place_glider(g, 1530, 20, 1, 1);  // strips of one tile: boundaries every 512
    testing::place_glider(g, 1545, 25, -1, 1);
    testing::place_glider(g, 1020, 70, 1, -1);
    testing::place_glider(g, 2990, 90, -1, -1);
    testing::place_glider(g, 10, 5, -1, -1);
    CpuBackend cpu(rule, {2, 0});
    cpu.set_column_strips(8);
    cpu.load(g);
    EXPECT_EQ(testing::first_difference_from_reference(cpu, g, rule, 0, 0, 8, 50), -1);
}

TEST(CpuStrips, EditsAndRegionsAcrossStrips) {
    const Rule rule = Rule::parse("B3/S23");
    const Grid g = random_grid(1100, 90, 0.3, 31);
    CpuBackend cpu(rule, {2, 0});
    cpu.set_column_strips(8);
    cpu.load(g, 2);
    Grid expected = g;
    // Single cells on both sides of boundaries (words 7|8, 15|16) and the seam.
    for (std::int64_t x : {511, 512, 1023, 1024, 1099, 0, 1, 700}) {
        const bool v = !expected.get(x, 40);
        cpu.set(x, 40, v);
        expected.set(x, 40, v);
        EXPECT_EQ(cpu.get(x, 40), v);
    }
    const Rect r{1000, 80, 300, 20};  // across a boundary and both seams
    EXPECT_EQ(cpu.read_region(r), expected.crop(r));
    const Grid patch = random_grid(260, 15, 0.5, 32);
    cpu.write_region(patch, 900, 85);
    expected.paste(patch, 900, 85, true);
    EXPECT_EQ(cpu.grid(), expected);
    EXPECT_EQ(cpu.population(), expected.population());
    cpu.step(20);
    expected = reference_run(expected, rule, 0, 2, 20);
    EXPECT_EQ(cpu.grid(), expected);
    EXPECT_EQ(cpu.hash(), expected.hash());
    EXPECT_EQ(cpu.read_region({-700, -5, 1100, 10}), expected.crop({-700, -5, 1100, 10}));
}

// Many busy tiles: the pool shares the tiles and the boundary repairs.
TEST(CpuStrips, ResultsDoNotDependOnThreadCountOrLayout) {
    for (const char* text : {"B3/S23", "B2(1/3)/S12H", "B0/S8"}) {
        const Rule rule = Rule::parse(text);
        const Grid start = random_grid(4000, 700, 0.5, 5);
        CpuBackend rows(rule, {2, 42}), one(rule, {1, 42}), two(rule, {2, 42});
        one.set_column_strips(8);
        two.set_column_strips(24);
        for (auto* b : {&rows, &one, &two}) {
            b->load(start);
            b->step(12);
        }
        EXPECT_EQ(rows.column_strips(), 1);
        EXPECT_EQ(one.grid(), rows.grid()) << text;
        EXPECT_EQ(two.grid(), rows.grid()) << text;
        EXPECT_EQ(two.hash(), rows.hash());
    }
}

// Every pixel drawn from strips equals the row-major drawing: zoomed in,
// zoomed out across strips (one word per pixel row and many), hexagons.
TEST(CpuStrips, RenderEqualsTheRowMajorLayout) {
    for (const char* text : {"B3/S23", "B2/S34H"}) {
        const Rule rule = Rule::parse(text);
        const Grid start = random_grid(1700, 300, 0.3, 9);
        CpuBackend rows(rule, {2, 0}), strips(rule, {2, 0});
        strips.set_column_strips(8);
        rows.load(start);
        strips.load(start);
        for (const std::int64_t step : {kSubcell / 4, kSubcell, kSubcell * 3, kSubcell * 70}) {
            RenderRequest q;
            q.width = 160;
            q.height = 90;
            q.centre_x = 1024 * kSubcell;
            q.centre_y = 290 * kSubcell;
            q.step = step;
            std::vector<std::uint32_t> a(160 * 90), b(160 * 90);
            rows.render(q, {a.data(), 160, 90, 160});
            strips.render(q, {b.data(), 160, 90, 160});
            EXPECT_EQ(a, b) << text << " step " << step;
        }
    }
}

TEST(CpuStrips, AutomaticForWideSparseToriOnly) {
    CpuBackend life(Rule::parse("B3/S23"), {1, 0});
    life.reset(65536, 65536);
    EXPECT_EQ(life.column_strips(), (65536 / 64 + 23) / 24);
    life.reset(16384, 16384);  // rows of 2 KiB: huge pages serve 1024 rows
    EXPECT_EQ(life.column_strips(), 1);
    life.reset(32768, 1024);  // 4 MiB planes
    EXPECT_EQ(life.column_strips(), 1);
    // Rules that compute every tile keep whole rows (temporal blocking).
    CpuBackend b0(Rule::parse("B0/S8"), {1, 0});
    b0.reset(65536, 65536);
    EXPECT_EQ(b0.column_strips(), 1);
    CpuBackend brute(Rule::parse("B3/S23"), {1, 0, false});
    brute.reset(65536, 65536);
    EXPECT_EQ(brute.column_strips(), 1);
    EXPECT_THROW(life.set_column_strips(12), std::invalid_argument);
}

// A grid of width x height whose rows [y0, y1) hold pseudo-random words.
Grid word_soup(std::int64_t width, std::int64_t height, std::int64_t y0, std::int64_t y1) {
    Grid g(width, height);
    std::uint64_t z = 12345;
    for (std::int64_t y = y0; y < y1; ++y)
        for (std::uint64_t& w : g.row(y)) {
            z = z * 6364136223846793005ULL + 1442695040888963407ULL;
            w = z ^ (z >> 29);
        }
    g.mask_padding();
    return g;
}

// Automatic strips are for sparse content: a dense grid loads row-major,
// and strips whose content turns dense (most tiles computed) move to the
// row-major layout at a step, with the same results as either layout.
TEST(CpuStrips, DenseContentIsRowMajor) {
    constexpr std::int64_t kW = 32768, kH = 16384;  // 64 MiB planes: strips when sparse
    const Rule life = Rule::parse("B3/S23");
    CpuBackend dense(life, {2, 0});
    dense.load(word_soup(kW, kH, 0, kH));
    EXPECT_EQ(dense.column_strips(), 1);
    dense.load(word_soup(kW, kH, 100, 110));
    EXPECT_GT(dense.column_strips(), 1);

    // A soup band written into a sparse torus: 8192 of 32768 tiles busy.
    const Grid band = word_soup(kW, 4096, 0, 4096);
    CpuBackend automatic(life, {2, 0}), rows(life, {2, 0}), strips(life, {2, 0});
    rows.set_column_strips(1024);  // >= the row: one strip
    strips.set_column_strips(24);
    for (auto* b : {&automatic, &rows, &strips}) {
        b->reset(kW, kH);
        // A blinker that has settled: its tiles are skipped, and the plane
        // of the next generation (which the move copies too) holds its phase.
        for (std::int64_t x : {kW / 2, kW / 2 + 1, kW / 2 + 2}) b->set(x, 8000, true);
        b->step(5);
        b->write_region(band, 5, kH - 2000);  // across the seam, both ways
    }
    EXPECT_GT(automatic.column_strips(), 1);
    EXPECT_EQ(rows.column_strips(), 1);
    for (int round = 0; round < 3; ++round) {
        for (auto* b : {&automatic, &rows, &strips}) b->step(4);
        EXPECT_EQ(automatic.column_strips(), 1) << "round " << round;
        EXPECT_EQ(automatic.hash(), rows.hash());
        EXPECT_EQ(strips.hash(), rows.hash());
        EXPECT_EQ(automatic.population(), rows.population());
        const Rect seam{kW - 40, kH - 2010, 80, 30};
        EXPECT_EQ(automatic.read_region(seam), rows.read_region(seam));
        EXPECT_EQ(strips.read_region(seam), rows.read_region(seam));
        const Rect blinker{kW / 2 - 2, 7998, 7, 5};
        EXPECT_EQ(automatic.read_region(blinker).population(), 3u);
        EXPECT_EQ(automatic.read_region(blinker), rows.read_region(blinker));
    }
    EXPECT_EQ(strips.column_strips(), (kW / 64 + 23) / 24);
}

// What strips are for: a glider flying 4000 generations (1000 rows) across
// a 65536 x 65536 torus touches 256 bytes per row and plane, some 0.5 MiB;
// a row-major plane spends 8 KiB per row (16 MiB, or more in huge pages).
TEST(CpuStrips, AGliderOnAHugeTorusTouchesLittleMemory) {
    CpuBackend cpu(Rule::parse("B3/S23"), {1, 0});
    cpu.reset(65536, 65536);
    Grid glider(3, 3);
    testing::place_glider(glider, 0, 0, 1, 1);
    cpu.write_region(glider, 30000, 30000);
    cpu.step(4);  // the first tiles
    const double before = testing::resident_bytes();
    cpu.step(4000);
    EXPECT_EQ(cpu.population(), 5u);
    EXPECT_EQ(cpu.read_region({31001, 31001, 3, 3}), glider);  // 1001 cells on
    EXPECT_LT(testing::resident_bytes() - before, 4.0 * 1024 * 1024);
}

}  // namespace
}  // namespace toroid
