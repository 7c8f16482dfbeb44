// The compiled Hensel letters (letter_circuits.hpp), the run-time chosen
// ternary functions (ternary.hpp) and the count rule built from them
// (corrected_count_rule.hpp), each against an independent oracle: the
// letter classes of isotropic.cpp, the truth table itself, apply_rule().
// Then random isotropic rules that run as letter terms against the
// table-driven reference, in every instruction set and thread count, on
// tori whose width and height are not multiples of a word or a tile.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "reference.hpp"
#include "toroid/core/corrected_count_rule.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

using testing::random_grid;
using testing::reference_run;

// The nine cell words and the neighbourhood's count of blocks 64 w .. 64 w + 63.
struct Blocks {
    std::uint64_t cell[9] = {};
    Count4<std::uint64_t> count{};
};

Blocks blocks(unsigned w, Neighbourhood n) {
    Blocks b;
    for (unsigned i = 0; i < 64; ++i)
        for (int k = 0; k < 9; ++k)
            b.cell[k] |= std::uint64_t(Range1Table::cell(w * 64 + i, k)) << i;
    const std::uint64_t* c = b.cell;
    if (n == Neighbourhood::Hexagonal) {
        b.count = hex_count(c[0], c[1], c[3], c[5], c[7], c[8]);
    } else {
        const RowSums<std::uint64_t> up = row_sums(c[0], c[1], c[2]),
                                     mid = row_sums(c[3], c[4], c[5]),
                                     down = row_sums(c[6], c[7], c[8]);
        b.count = moore_count(up, mid, down);
    }
    return b;
}

// Every term id (letter function, Dead, Alive) on all 512 blocks: set
// exactly on the blocks of that state whose count is the term's and whose
// neighbourhood is of the letter.
TEST(LetterCircuits, EveryTermIsItsLetterAmongItsCount) {
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::Hexagonal}) {
        const bool hex = n == Neighbourhood::Hexagonal;
        const int size = hex ? 6 : 8;
        int terms = 0;
        for (int count = 1; count < size; ++count)
            for (std::size_t letter = 0; letter < isotropic_letters(n, count).size(); ++letter)
                for (int alive = 0; alive < 2; ++alive) {
                    // The id as count_corrections.cpp makes it (and the
                    // generated header documents): functions by count then
                    // letter, counts above half as the Dead form.
                    const bool dead = 2 * count > size;
                    const int base = dead ? size - count : count;
                    static constexpr int kMooreFirst[5] = {0, 0, 2, 8, 18};
                    const int fn =
                        hex ? (base == 2 ? 0 : 3) + int(letter) : kMooreFirst[base] + int(letter);
                    const int id = (fn * 2 + (dead ? 1 : 0)) * 2 + alive;
                    ++terms;
                    for (unsigned w = 0; w < 8; ++w) {
                        const Blocks b = blocks(w, n);
                        const std::uint64_t got = hex ? hex_letter_term(id, b.cell, b.count)
                                                      : moore_letter_term(id, b.cell, b.count);
                        for (unsigned i = 0; i < 64; ++i) {
                            const unsigned index = w * 64 + i;
                            const bool want = Range1Table::cell(index, 4) == bool(alive) &&
                                              neighbour_count(n, index) == count &&
                                              isotropic_letter(n, index) == int(letter);
                            ASSERT_EQ((got >> i) & 1, std::uint64_t(want))
                                << (hex ? "hex " : "moore ") << count
                                << isotropic_letters(n, count)[letter] << " alive " << alive
                                << " block " << index;
                        }
                    }
                }
        // 51 Moore classes less counts 0 and 8, 13 hexagonal less 0 1 5 6; both states.
        EXPECT_EQ(terms, hex ? 2 * 9 : 2 * 49);
    }
}

TEST(LetterCircuits, TernaryIsItsTruthTable) {
    const std::uint64_t a = 0xF0, b = 0xCC, c = 0xAA;  // bit k: inputs of index k
    for (std::uint32_t t = 0; t < 256; ++t) {
        EXPECT_EQ(ternary_switch(t, a, b, c) & 0xFF, t) << t;
        EXPECT_EQ(ternary_switch(t, ~a, ~b, ~c) & 0xFF, [&] {
            std::uint32_t r = 0;  // inputs inverted: index 7 - k
            for (int k = 0; k < 8; ++k) r |= ((t >> (7 - k)) & 1u) << k;
            return std::uint64_t(r);
        }()) << t;
    }
}

// count_rule_next against apply_rule for random masks, counts 0..max.
TEST(LetterCircuits, CountRuleIsApplyRule) {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 2000; ++i) {
        const std::uint32_t birth = std::uint32_t(rng()) & 0x1FF,
                            survive = std::uint32_t(rng()) & 0x1FF;
        for (unsigned w = 0; w < 8; ++w) {
            const Blocks b = blocks(w, Neighbourhood::Moore);
            EXPECT_EQ((count_rule_next<Neighbourhood::Moore>(b.cell[4], b.count, birth, survive)),
                      apply_rule(b.cell[4], b.count, birth, survive))
                << birth << " " << survive;
            const Blocks h = blocks(w, Neighbourhood::Hexagonal);
            EXPECT_EQ((count_rule_next<Neighbourhood::Hexagonal>(h.cell[4], h.count, birth & 0x7F,
                                                                 survive & 0x7F)),
                      apply_rule(h.cell[4], h.count, birth & 0x7F, survive & 0x7F));
        }
    }
}

// A random isotropic rule a few letters away from a random count rule:
// per (state, count) all letters or none, then `flips` letters toggled.
std::string near_count_rule(std::mt19937_64& rng, Neighbourhood n, int flips) {
    const int size = n == Neighbourhood::Hexagonal ? 6 : 8;
    LetterMasks birth{}, survive{};
    for (int k = 0; k <= size; ++k) {
        if (rng() % 3 == 0) birth[std::size_t(k)] = full_mask(n, k);
        if (rng() % 3 == 0) survive[std::size_t(k)] = full_mask(n, k);
    }
    birth[0] = 0;  // B0 rules are tested below, on their own
    for (int f = 0; f < flips; ++f) {
        const int k = 1 + int(rng() % unsigned(size - 1));
        const std::size_t letters = isotropic_letters(n, k).size();
        if (letters == 0) continue;
        LetterMasks& m = rng() & 1 ? birth : survive;
        m[std::size_t(k)] ^= std::uint16_t(1u << (rng() % letters));
    }
    const Range1Table t = isotropic_table(n, birth, survive);
    return Rule::from_table(t, n).to_string();
}

void expect_cpu_matches_reference(const Rule& rule, const std::string& what, int w, int h, int gens,
                                  std::initializer_list<int> threads, std::uint64_t seed) {
    const Grid start = random_grid(w, h, 0.4, seed);
    const Grid expected = reference_run(start, rule, 0, 0, std::uint64_t(gens));
    for (const std::string& isa : CpuBackend::instruction_sets())
        for (int t : threads) {
            CpuBackend cpu(rule, {t, 0});
            cpu.use_instruction_set(isa);
            cpu.load(start, 0);
            cpu.step(std::uint64_t(gens));
            ASSERT_EQ(cpu.grid(), expected)
                << what << " " << isa << " threads " << t << " " << w << "x" << h;
        }
}

TEST(LetterCircuits, RandomNearTotalisticRulesMatchTheReference) {
    std::mt19937_64 rng(2026);
    const int sizes[][2] = {{70, 37}, {129, 65}, {64, 3}, {300, 41}, {1, 7}};
    int lettered = 0;
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::Hexagonal})
        for (int i = 0; i < 24; ++i) {
            const Rule rule = Rule::parse(near_count_rule(rng, n, 1 + i % 4));
            const CompiledRule c = rule.compile();
            if (c.count_corrected && c.corrections.letter_terms > 0) ++lettered;
            const auto& s = sizes[i % 5];
            expect_cpu_matches_reference(rule, rule.to_string(), s[0], s[1], 5, {1 + i % 3}, rng());
        }
    EXPECT_GE(lettered, 36);  // most take letter terms (the rest a count rule or patterns)
}

// The rules of the benchmarks and B0 rules, as letter terms, on every path.
TEST(LetterCircuits, NamedRulesRunAsLetterTerms) {
    for (const char* text : {"B2-a/S12", "B3/S23-q", "B2o3m/S2pH", "B0/S2-a", "B02o/S1H",
                             "B2ei3cjn/S1c2-ae3eijy4ceqt", "B3/S23-a4ei", "B1e/S8"}) {
        const Rule rule = Rule::parse(text);
        const CompiledRule c = rule.compile();
        ASSERT_TRUE(c.count_corrected) << text;
        EXPECT_GT(c.corrections.letter_terms, 0) << text;
        EXPECT_EQ(c.corrections.groups, 0) << text;
        expect_cpu_matches_reference(rule, text, 131, 67, 6, {1, 2}, 7);
    }
    // More than 256 busy tiles: the thread pool steps them.
    for (const char* text : {"B2-a/S12", "B2o3m/S2pH"})
        expect_cpu_matches_reference(Rule::parse(text), text, 4100, 1030, 3, {2, 3}, 9);
    // B2-a/S12: B2/S12 less 2a's births; B3/S23-q: Life less 3q's births.
    const CompiledRule b2a = Rule::parse("B2-a/S12").compile();
    EXPECT_EQ(b2a.corrections.birth, 1u << 2);
    EXPECT_EQ(b2a.corrections.survive, (1u << 1) | (1u << 2));
    EXPECT_EQ(b2a.corrections.letter_terms, 1);
    const CompiledRule q = Rule::parse("B3/S23-q").compile();
    EXPECT_EQ(q.corrections.birth, 1u << 3);
    EXPECT_EQ(q.corrections.letter_terms, 1);
}

}  // namespace
}  // namespace toroid
