// Stochastic rules (toroid/core/stochastic.hpp): the per-cell contract, every
// instruction set and thread count against the naive reference, and the
// statistics of the draws.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "reference.hpp"
#include "toroid/core/stochastic.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

TEST(Stochastic, LevelWordsFollowTheCounterLayout) {
    const std::uint64_t seed = 0x1234567890abcdefull, generation = 0x500000007ull;
    const std::uint64_t word = 0x0abc00000123ull;
    for (int level = 0; level < kStochasticLevels; ++level) {
        const std::uint32_t pair = std::uint32_t(level / 2);
        const Philox4x32 out = philox4x32_10(
            Philox4x32{{0x00000123u, 0xabcu | (pair << 28), 7u, 5u}}, 0x90abcdefu, 0x12345678u);
        const int h = (level % 2) * 2;
        EXPECT_EQ(random_level_word(seed, generation, word, level),
                  std::uint64_t(out.v[h]) | (std::uint64_t(out.v[h + 1]) << 32))
            << "level " << level;
    }
}

// The cell's random number, one digit per level, and the transition as the
// contract defines it: U < threshold.
bool happens_by_definition(std::uint32_t threshold, std::uint64_t seed, std::uint64_t generation,
                           std::uint64_t word, int bit) {
    std::uint32_t u = 0;
    for (int level = 0; level < kStochasticLevels; ++level)
        u |= std::uint32_t((random_level_word(seed, generation, word, level) >> bit) & 1)
             << (31 - level);
    return u < threshold;
}

TEST(Stochastic, WordResolutionEqualsThePerCellDefinition) {
    std::mt19937_64 rng(5);
    for (const char* text : {"B2(1/3)/S12H", "B0(0.3)3(1/7)/S2(0.9)3", "B1(0.5)/S0(0.5)1V",
                             "B3(0.999999)/S2(0.000001)3"}) {
        const Rule rule = Rule::parse(text);
        const CompiledRule c = rule.compile();
        for (int trial = 0; trial < 200; ++trial) {
            const std::uint64_t self = rng() & rng();
            const Count4<std::uint64_t> count{rng(), rng(), rng(), rng() & rng() & rng()};
            const std::uint64_t seed = rng(), generation = rng() >> 8, word = rng() >> 8;
            const std::uint64_t candidates = stochastic_candidates(self, count, c);
            const std::uint64_t got =
                resolve_stochastic(candidates, self, count, c, seed, generation, word);
            for (int bit = 0; bit < 64; ++bit) {
                if (!((candidates >> bit) & 1)) {
                    ASSERT_EQ((got >> bit) & 1, 0u);
                    continue;
                }
                const int k = count_at(count, bit);
                if (k > rule.max_count()) continue;  // no such count in this neighbourhood
                const std::uint32_t threshold =
                    ((self >> bit) & 1) ? c.survive_threshold[k] : c.birth_threshold[k];
                ASSERT_EQ(((got >> bit) & 1) != 0,
                          happens_by_definition(threshold, seed, generation, word, bit))
                    << text << " bit " << bit;
            }
        }
    }
}

const std::vector<std::string> kStochasticRules = {"B2(1/3)/S12H",  "B2(1/6)3/S23H",
                                                   "B3/S2(0.9)3",   "B1(0.5)/S0(0.5)1V",
                                                   "B0(0.01)3/S23", "B3(1/7)6(2/3)/S2(0.5)3(0.25)"};

TEST(Stochastic, EveryInstructionSetAndThreadCountMatchesReference) {
    const std::vector<std::pair<int, int>> sizes = {{1, 1},  {3, 2},    {63, 5},  {64, 64},
                                                    {65, 7}, {129, 33}, {700, 9}, {2049, 3}};
    std::uint64_t seed = 100;
    for (const std::string& isa : CpuBackend::instruction_sets())
        for (const auto& text : kStochasticRules)
            for (auto [w, h] : sizes) {
                const Rule rule = Rule::parse(text);
                const Grid start = testing::random_grid(w, h, 0.4, ++seed);
                const Grid expected = testing::reference_run(start, rule, seed, 9, 3);
                for (int threads : {1, 2, 3}) {
                    CpuBackend cpu(rule, {threads, seed});
                    cpu.use_instruction_set(isa);
                    ASSERT_EQ(cpu.instruction_set(), isa);
                    cpu.load(start, 9);
                    cpu.step(3);
                    ASSERT_EQ(cpu.grid(), expected)
                        << isa << " " << text << " " << w << "x" << h << " threads " << threads;
                    ASSERT_EQ(cpu.hash(), expected.hash()) << isa;  // the per-ISA tile hash
                    ASSERT_EQ(cpu.population(), expected.population());
                }
            }
}

TEST(Stochastic, UnknownInstructionSetIsAnInputError) {
    CpuBackend cpu(Rule::parse("B2(1/3)/S12H"));
    EXPECT_THROW(cpu.use_instruction_set("sse9"), InputError);
}

// Rows y = 0 mod 3 alive, the others dead: under the hexagonal neighbourhood
// every dead cell has exactly two live neighbours and every live cell two,
// so in B2(1/3)/S12H every dead cell is a birth trial and survivors are
// certain: births = population(t+1) - population(t).
Grid striped(std::int64_t w, std::int64_t h) {
    Grid g(w, h);
    for (std::int64_t y = 0; y < h; y += 3)
        for (std::int64_t x = 0; x < w; ++x) g.set(x, y, true);
    return g;
}

TEST(Stochastic, BirthFrequencyOfOneThirdWithinFourSigmaOver1e7Trials) {
    const Rule rule = Rule::parse("B2(1/3)/S12H");
    const Grid g = striped(4000, 3750);  // 10^7 dead cells
    const std::uint64_t trials = std::uint64_t(g.width() * g.height()) - g.population();
    ASSERT_EQ(trials, 10000000u);
    CpuBackend cpu(rule, {2, 2026});
    cpu.load(g, 11);
    cpu.step(1);
    const std::uint64_t born = cpu.population() - g.population();
    const double p = 1.0 / 3.0, n = double(trials);
    const double sigma = std::sqrt(p * (1 - p) / n);
    EXPECT_NEAR(double(born) / n, p, 4 * sigma) << born << " births in " << trials << " trials";
}

// Pearson correlation of two 0/1 sequences.
double correlation(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    double sa = 0, sb = 0, sab = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        sa += a[i];
        sb += b[i];
        sab += double(a[i] & b[i]);
    }
    const double n = double(a.size()), ma = sa / n, mb = sb / n;
    return (sab / n - ma * mb) / std::sqrt(ma * (1 - ma) * mb * (1 - mb));
}

TEST(Stochastic, NoCorrelationBetweenNeighbouringCellsOrGenerations) {
    const Rule rule = Rule::parse("B2(1/3)/S12H");
    const std::int64_t w = 1000, h = 999;
    const Grid g = striped(w, h);
    CpuBackend cpu(rule, {2, 77});
    cpu.load(g, 40);
    cpu.step(1);
    const Grid at40 = cpu.grid();
    cpu.load(g, 41);
    cpu.step(1);
    const Grid at41 = cpu.grid();
    std::vector<std::uint8_t> cell, east, south, later;
    for (std::int64_t y = 1; y < h; y += 3)  // dead rows y and y + 1
        for (std::int64_t x = 0; x < w; ++x) {
            cell.push_back(at40.get(x, y));
            east.push_back(at40.get((x + 1) % w, y));
            south.push_back(at40.get(x, y + 1));
            later.push_back(at41.get(x, y));
        }
    const double bound = 4.0 / std::sqrt(double(cell.size()));
    EXPECT_LT(std::abs(correlation(cell, east)), bound);
    EXPECT_LT(std::abs(correlation(cell, south)), bound);
    EXPECT_LT(std::abs(correlation(cell, later)), bound);
}

}  // namespace
}  // namespace toroid
