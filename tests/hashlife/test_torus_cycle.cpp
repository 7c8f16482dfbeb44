// Exact torus periods: node identity on hashlife, saved grids on the tile
// engine, both against a brute-force history of every state.
#include <gtest/gtest.h>

#include <map>

#include "input_error_of.hpp"
#include "reference.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/methuselah.hpp"
#include "toroid/analysis/torus_cycle.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

struct Cycle {
    std::uint64_t start = 0, period = 0;
};

// Every state kept (by hash, then compared cell by cell) until one repeats.
Cycle brute_force_cycle(const Grid& start, const Rule& rule, std::uint64_t limit) {
    CpuBackend cpu(rule, {1, 0});
    cpu.load(start);
    std::multimap<std::uint64_t, std::pair<std::uint64_t, Grid>> seen;
    for (std::uint64_t t = 0; t <= limit; ++t) {
        const Grid g = cpu.grid();
        const auto [lo, hi] = seen.equal_range(g.hash());
        for (auto it = lo; it != hi; ++it)
            if (it->second.second == g) return {it->second.first, t - it->second.first};
        seen.emplace(g.hash(), std::pair{t, g});
        cpu.step(1);
    }
    ADD_FAILURE() << "no repeat within " << limit;
    return {};
}

TorusCycle cycle_on(Backend& b, const Grid& start, std::uint64_t stride) {
    b.load(start);
    TorusCycleOptions o;
    o.max_generations = 1000000;
    o.stride = stride;
    return find_torus_cycle(b, o);
}

TEST(TorusCycle, NodeIdentityFindsTheTileEnginesPeriods) {
    const std::vector<std::string> rules = {"B3/S23",    "B36/S23", "B2/S34H",
                                            "B3/S12345", "B0/S8",   "B2/S013V"};
    std::uint64_t seed = 1;
    int checked = 0;
    for (const auto& text : rules)
        for (auto [w, h] : {std::pair{16, 16}, {32, 16}, {8, 32}, {32, 32}}) {
            const Rule rule = Rule::parse(text);
            const Grid start = testing::random_grid(w, h, 0.35, seed++);
            const Cycle expected = brute_force_cycle(start, rule, 20000);
            if (expected.period == 0) continue;
            HashLifeBackend hl(rule, BackendOptions{1, 0, true, std::uint64_t(64) << 20});
            for (std::uint64_t stride : {std::uint64_t(1), std::uint64_t(4),
                                         std::uint64_t(std::max(w, h) / 2), std::uint64_t(256)}) {
                const TorusCycle c = cycle_on(hl, start, stride);
                ASSERT_TRUE(c.found) << text;
                EXPECT_EQ(c.start, expected.start)
                    << text << " " << w << "x" << h << " stride " << stride;
                EXPECT_EQ(c.period, expected.period)
                    << text << " " << w << "x" << h << " stride " << stride;
                EXPECT_EQ(hl.generation(), c.start);  // left at the first periodic state
            }
            CpuBackend cpu(rule, {1, 0});
            const TorusCycle c = cycle_on(cpu, start, 1);
            EXPECT_EQ(c.start, expected.start) << text;
            EXPECT_EQ(c.period, expected.period) << text;
            ++checked;
        }
    EXPECT_GE(checked, 20);
}

TEST(TorusCycle, PeriodsWithOddFactorsAndLongGliderOrbits) {
    // A pentadecathlon (period 15) and a glider circling a 64 x 64 torus
    // (4 * 64 generations): the torus's period is lcm(15, 256) = 3840.
    const Rule life;
    Grid g(64, 64);
    for (int x = 0; x < 10; ++x)  // the pentadecathlon's predecessor: a row of ten
        g.set(20 + x, 40, true);
    testing::place_glider(g, 5, 5, 1, 1);
    const Cycle expected = brute_force_cycle(g, life, 20000);
    ASSERT_EQ(expected.period, 3840u);
    HashLifeBackend hl(life, BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    for (std::uint64_t stride : {1, 2, 32, 1024}) {
        const TorusCycle c = cycle_on(hl, g, stride);
        EXPECT_EQ(c.period, 3840u) << stride;
        EXPECT_EQ(c.start, expected.start) << stride;
    }
}

TEST(TorusCycle, AGliderOnA2To20TorusHasPeriod4TimesItsSide) {
    const std::int64_t n = std::int64_t(1) << 20;
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    hl.reset(n, n);
    for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}) hl.set(x, y, true);
    TorusCycleOptions o;
    o.max_generations = std::uint64_t(1) << 30;
    o.stride = std::uint64_t(n) / 2;
    const TorusCycle c = find_torus_cycle(hl, o);
    ASSERT_TRUE(c.found);
    EXPECT_EQ(c.start, 0u);
    EXPECT_EQ(c.period, 4u * std::uint64_t(n));
}

TEST(TorusCycle, GivesUpAtTheBudgetAndRefusesOddStrides) {
    HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(64) << 20});
    hl.reset(64, 64);
    for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}) hl.set(x, y, true);
    TorusCycleOptions o;
    o.max_generations = 100;  // the glider needs 256
    const TorusCycle c = find_torus_cycle(hl, o);
    EXPECT_FALSE(c.found);
    EXPECT_LE(c.searched_to, 100u);
    o.stride = 3;
    EXPECT_NE(testing::input_error_of([&] { find_torus_cycle(hl, o); }).find("power of two"),
              std::string::npos);
}

TEST(TorusCycle, ASoupAt10To12GenerationsIsWhatTheTileEngineGivesThroughItsPeriod) {
    const std::uint64_t target = 1000000000000ull;
    for (auto [w, h, seed] : {std::tuple{128, 128, 11}, {256, 64, 12}}) {
        const Grid start = testing::random_grid(w, h, 0.5, std::uint64_t(seed));
        CpuBackend cpu(Rule(), {1, 0});
        const TorusCycle c = cycle_on(cpu, start, 1);  // cpu is left at the lifespan
        ASSERT_TRUE(c.found);
        cpu.step((target - c.start) % c.period);
        HashLifeBackend hl(Rule(), BackendOptions{1, 0, true, std::uint64_t(256) << 20});
        hl.load(start);
        hl.step(target);
        EXPECT_EQ(hl.grid(), cpu.grid())
            << w << "x" << h << ": lifespan " << c.start << ", period " << c.period;
    }
}

TEST(TorusLifespan, MethuselahAndIdentifyOnTheWholeTorus) {
    const Pattern r =
        read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/r-pentomino.rle");
    MethuselahOptions m;
    m.backend = "hashlife";
    m.torus_width = m.torus_height = 256;
    m.max_gens = 1000000;
    const MethuselahResult on_hl = analyse_methuselah(r.cells, "r-pentomino", Rule(), m);
    m.backend = "cpu";
    m.whole_torus = true;
    const MethuselahResult on_cpu = analyse_methuselah(r.cells, "r-pentomino", Rule(), m);
    ASSERT_TRUE(on_hl.stabilised && on_cpu.stabilised);
    EXPECT_TRUE(on_hl.whole_torus);
    EXPECT_EQ(on_hl.lifespan, on_cpu.lifespan);
    EXPECT_EQ(on_hl.period, on_cpu.period);
    EXPECT_EQ(on_hl.final_population, on_cpu.final_population);
    // The brute force agrees too.
    Grid g(256, 256);
    g.paste(r.cells, (256 - r.cells.width()) / 2, (256 - r.cells.height()) / 2);
    const Cycle expected = brute_force_cycle(g, Rule(), 100000);
    EXPECT_EQ(on_hl.lifespan, expected.start);
    EXPECT_EQ(on_hl.period, expected.period);

    IdentifyOptions io;
    io.backend = "hashlife";
    io.torus_width = io.torus_height = 256;
    io.max_generations = 1000000;
    const Identification id = identify(r.cells, Rule(), io);
    EXPECT_EQ(id.settles_at, expected.start);
    EXPECT_EQ(id.period, expected.period);
    EXPECT_TRUE(id.bounded);
    EXPECT_EQ(id.kind, expected.period == 1 ? "still" : "oscillator");

    m.torus_width = m.torus_height = 0;
    EXPECT_NE(testing::input_error_of([&] {
                  analyse_methuselah(r.cells, "r", Rule(), m);
              }).find("give --torus"),
              std::string::npos);
}

}  // namespace
}  // namespace toroid
