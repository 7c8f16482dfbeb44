// The table tree as AVX-512 machine code (src/cpu/table_jit.hpp): the code
// made for a table equals the table on all 512 blocks, for random tables,
// constant ones, tables whose subtrees repeat (so whole subtrees are
// shared) and the rules of the other variants; then random MAP rules on
// the CPU backend (which uses the code on AVX-512) against the reference.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "../../engine/src/cpu/table_jit.hpp"
#include "reference.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/cpu_features.hpp"

namespace toroid {
namespace {

using detail::TableJit;

void expect_code_is_table(const Range1Table& t, const char* what) {
    const auto jit = TableJit::make(make_table_tree(t));
    ASSERT_NE(jit, nullptr) << what;
    // Block 64 w + b of the table at bit b of lane w.
    std::uint64_t block[9][8] = {};
    for (unsigned w = 0; w < 8; ++w)
        for (unsigned b = 0; b < 64; ++b)
            for (int k = 0; k < 9; ++k)
                block[k][w] |= std::uint64_t(Range1Table::cell(w * 64 + b, k)) << b;
    std::uint64_t out[8];
    jit->evaluate(block, out);
    for (unsigned w = 0; w < 8; ++w) ASSERT_EQ(out[w], t.bits[w]) << what << " blocks " << w * 64;
}

TEST(TableJit, EqualsItsTableOnEveryBlock) {
    if (!cpu_supports(InstructionSet::Avx512)) {
        EXPECT_EQ(TableJit::make(make_table_tree(Range1Table{})), nullptr);
        GTEST_SKIP() << "no AVX-512 on this CPU: the C++ tree runs";
    }
    std::mt19937_64 rng(3);
    for (int i = 0; i < 200; ++i) {
        Range1Table t;
        for (unsigned k = 0; k < 512; ++k) t.set(k, rng() & 1);
        expect_code_is_table(t, "random");
    }
    Range1Table ones, none;
    for (unsigned k = 0; k < 512; ++k) ones.set(k, true);
    expect_code_is_table(ones, "ones");
    expect_code_is_table(none, "zeros");
    // Depends on cells 6..8 only (every subtree equal), on cell 0 only, and
    // random leaves drawn from a few bytes (repeated subtrees, constants).
    Range1Table low, first;
    for (unsigned k = 0; k < 512; ++k) {
        low.set(k, (0x6Du >> (k & 7)) & 1);
        first.set(k, Range1Table::cell(k, 0));
    }
    expect_code_is_table(low, "cells 6-8");
    expect_code_is_table(first, "cell 0");
    for (int i = 0; i < 50; ++i) {
        const std::uint8_t bytes[3] = {0x00, 0xFF, std::uint8_t(rng())};
        Range1Table t;
        for (unsigned j = 0; j < 64; ++j) {
            const std::uint8_t b = bytes[(j >> (rng() % 6)) % 3];
            for (unsigned k = 0; k < 8; ++k) t.set(j * 8 + k, (b >> k) & 1);
        }
        expect_code_is_table(t, "few bytes");
    }
    for (const char* text : {"B3/S23", "B2-a/S12", "B2o3m/S2pH", "B0/S8"})
        expect_code_is_table(Rule::parse(text).range1_table(), text);
}

// A leaf that is a function of a register a multiplexer has finished with
// and two inputs is one vpternlogq on that register: on random tables most
// leaves are (table_jit.cpp's TreeWriter), so the copies of cell 6 fall
// well under one a leaf. The tables themselves are checked above.
TEST(TableJit, LeavesReuseDeadRegistersInsteadOfCopying) {
    if (!cpu_supports(InstructionSet::Avx512)) GTEST_SKIP() << "no AVX-512 on this CPU";
    std::mt19937_64 rng(5);
    int copies = 0, instructions = 0;
    for (int i = 0; i < 20; ++i) {
        Range1Table t;
        for (unsigned k = 0; k < 512; ++k) t.set(k, rng() & 1);
        const auto jit = TableJit::make(make_table_tree(t));
        ASSERT_NE(jit, nullptr);
        EXPECT_GE(jit->copies(), 1);  // the first leaf has no dead register
        copies += jit->copies();
        instructions += jit->instructions();
    }
    std::printf("per random table: %.1f copies for 64 leaves, %.1f instructions\n", copies / 20.0,
                instructions / 20.0);
    EXPECT_LT(copies, 20 * 40);
    // The plain tree: 64 leaves of two instructions, 63 multiplexers.
    EXPECT_LT(instructions, 20 * 160);
}

TEST(TableJit, RandomMapRulesMatchReferenceInEveryInstructionSet) {
    std::mt19937_64 rng(17);
    const int sizes[][2] = {{70, 37}, {513, 33}, {1, 5}, {4100, 1030}};
    for (int i = 0; i < 8; ++i) {
        Range1Table t;
        for (unsigned k = 0; k < 512; ++k) t.set(k, rng() & 1);
        const Rule rule = Rule::from_table(t, Neighbourhood::Moore);
        ASSERT_TRUE(rule.compile().uses_tree);
        const auto& s = sizes[i % 4];
        const Grid start = testing::random_grid(s[0], s[1], 0.5, rng());
        const Grid expected = testing::reference_run(start, rule, 0, 0, 3);
        for (const std::string& isa : CpuBackend::instruction_sets())
            for (int threads : {1, 2}) {
                CpuBackend cpu(rule, {threads, 0});
                cpu.use_instruction_set(isa);
                cpu.load(start, 0);
                cpu.step(3);
                ASSERT_EQ(cpu.grid(), expected)
                    << isa << " threads " << threads << " " << s[0] << "x" << s[1];
            }
    }
}

// The AVX-512 tile step of table code (table_code_tile.inl) on partial
// tiles: a few small soups on a wide torus, so the active-tile scheduler
// steps single tiles, half tiles and row ranges, with and without it.
TEST(TableJit, SparseMapRulesMatchReferenceWithAndWithoutSkipping) {
    std::mt19937_64 rng(29);
    for (int i = 0; i < 4; ++i) {
        Range1Table t;
        for (unsigned k = 1; k < 512; ++k) t.set(k, rng() % 4 == 0);  // no B0: space stays empty
        const Rule rule = Rule::from_table(t, Neighbourhood::Moore);
        ASSERT_TRUE(rule.compile().uses_tree);
        Grid start(1600, 300);
        for (int s = 0; s < 5; ++s) {
            const Grid soup = testing::random_grid(12, 9, 0.5, rng());
            const std::int64_t x0 = std::int64_t(rng() % 1600), y0 = std::int64_t(rng() % 300);
            for (std::int64_t y = 0; y < 9; ++y)
                for (std::int64_t x = 0; x < 12; ++x)
                    if (soup.get(x, y)) start.set((x0 + x) % 1600, (y0 + y) % 300, true);
        }
        const Grid expected = testing::reference_run(start, rule, 0, 0, 40);
        std::printf("rule %d: population %llu after 40 generations\n", i,
                    (unsigned long long)expected.population());
        ASSERT_GT(expected.population(), 0u);  // still something to compute
        for (const std::string& isa : CpuBackend::instruction_sets())
            for (bool skip : {true, false}) {
                BackendOptions options;
                options.threads = 2;
                options.skip_unchanged = skip;
                CpuBackend cpu(rule, options);
                cpu.use_instruction_set(isa);
                cpu.load(start, 0);
                for (int g = 0; g < 4; ++g) cpu.step(10);
                ASSERT_EQ(cpu.grid(), expected) << isa << " skip " << skip << " rule " << i;
            }
    }
}

}  // namespace
}  // namespace toroid
