// Table rules as a count rule plus corrections (count_corrections.hpp,
// step_variant.hpp's NearTotalisticStep): every letter of every count on the
// Moore and hexagonal neighbourhoods, both signs, B0 rules and the budget's
// edges, each checked on all 512 blocks through the step variant itself and
// on a torus against the naive reference in every instruction set.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>
#include <vector>

#include "reference.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/step_variant.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

using testing::random_grid;
using testing::reference_run;

// The variant's next state on every block (bit b of word w: block 64 w + b)
// against the table.
template <Neighbourhood K>
void expect_variant_is_table(const CompiledRule& c, const Range1Table& t, const std::string& what) {
    for (unsigned w = 0; w < 8; ++w) {
        std::uint64_t in[9] = {};
        for (unsigned b = 0; b < 64; ++b)
            for (int k = 0; k < 9; ++k)
                in[k] |= std::uint64_t(Range1Table::cell(w * 64 + b, k)) << b;
        using V = NearTotalisticStep<K>;
        const auto up = V::prepare(Shifted3<std::uint64_t>{in[0], in[1], in[2]});
        const auto mid = V::prepare(Shifted3<std::uint64_t>{in[3], in[4], in[5]});
        const auto down = V::prepare(Shifted3<std::uint64_t>{in[6], in[7], in[8]});
        ASSERT_EQ(V::next(up, mid, down, c), t.bits[w]) << what << " blocks " << w * 64 << "..";
    }
}

void expect_corrected_is_table(const Rule& rule, const std::string& what) {
    const CompiledRule c = rule.compile();
    ASSERT_TRUE(c.count_corrected) << what;
    const Range1Table t = rule.range1_table();
    switch (rule.neighbourhood()) {
        case Neighbourhood::Moore:
            expect_variant_is_table<Neighbourhood::Moore>(c, t, what);
            break;
        case Neighbourhood::Hexagonal:
            expect_variant_is_table<Neighbourhood::Hexagonal>(c, t, what);
            break;
        case Neighbourhood::VonNeumann:
            expect_variant_is_table<Neighbourhood::VonNeumann>(c, t, what);
            break;
    }
}

// The CPU backend in every instruction set against the reference, every
// generation, on a torus with a seam inside words.
void expect_backend_matches_reference(const Rule& rule, const std::string& what, int w = 70,
                                      int h = 37, int gens = 4) {
    const Grid start = random_grid(w, h, 0.45, std::hash<std::string>{}(what));
    for (const std::string& isa : CpuBackend::instruction_sets()) {
        CpuBackend cpu(rule, {1, 0});
        cpu.use_instruction_set(isa);
        cpu.load(start, 0);
        Grid expected = start;
        for (int g = 1; g <= gens; ++g) {
            cpu.step(1);
            expected = reference_run(expected, rule, 0, std::uint64_t(g - 1), 1);
            ASSERT_EQ(cpu.grid(), expected) << what << " " << isa << " gen " << g;
            ASSERT_EQ(cpu.population(), expected.population()) << what << " gen " << g;
        }
    }
}

std::string hex_suffix(Neighbourhood n) {
    return n == Neighbourhood::Hexagonal ? "H" : "";
}

// Every letter of every count, as a birth and as a survival, alone and as
// "all but": one (state, count) group of one letter's orientations.
TEST(CountCorrections, EveryLetterOfEveryCount) {
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::Hexagonal}) {
        const int max = n == Neighbourhood::Hexagonal ? 6 : 8;
        for (int k = 0; k <= max; ++k)
            for (char letter : isotropic_letters(n, k)) {
                const std::string d(1, char('0' + k)), l(1, letter);
                // Survival 2 (or birth 3) beside, so the count rule is not empty.
                for (const std::string& text : {"B" + d + l + "/S2", "B" + d + "-" + l + "/S2",
                                                "B3/S" + d + l, "B3/S" + d + "-" + l}) {
                    const Rule rule = Rule::parse(text + hex_suffix(n));
                    expect_corrected_is_table(rule, rule.to_string());
                    expect_backend_matches_reference(rule, rule.to_string(), 70, 37, 2);
                }
            }
    }
}

TEST(CountCorrections, RulesPeopleRunAreCorrectedCountRules) {
    for (const char* text : {"B2-a/S12", "B3/S23-q", "B2o3m/S2pH", "B2e3ai/S23", "B3/S23-a4ei",
                             "B2o/S2m34H", "B34z/S2-a3"}) {
        const Rule rule = Rule::parse(text);
        expect_corrected_is_table(rule, text);
        expect_backend_matches_reference(rule, text, 129, 65, 8);
    }
    // A count rule written as a table has nothing to correct.
    const Rule life = Rule::from_table(Rule::parse("B3/S23").range1_table(), Neighbourhood::Moore);
    ASSERT_TRUE(life.compile().count_corrected);
    EXPECT_EQ(life.compile().corrections.groups, 0);
    EXPECT_EQ(life.compile().corrections.birth, 1u << 3);
    EXPECT_EQ(life.compile().corrections.survive, (1u << 2) | (1u << 3));
    // The cheaper side: B2-a is B2 less the letter 2a (one letter term).
    const CompiledRule b2a = Rule::parse("B2-a/S12").compile();
    EXPECT_EQ(b2a.corrections.birth, 1u << 2);
    EXPECT_EQ(b2a.corrections.groups, 0);
    EXPECT_EQ(b2a.corrections.letter_terms, 1);
    // Not isotropic (B2-a/S12 less one of 2a's orientations): patterns, B2
    // less seven orientations of two cells.
    Range1Table t = Rule::parse("B2-a/S12").range1_table();
    t.set((1u << (8 - 0)) | (1u << (8 - 1)), true);  // NW and N: one 2a, now born
    const CompiledRule seven = Rule::from_table(t, Neighbourhood::Moore).compile();
    ASSERT_TRUE(seven.count_corrected);
    EXPECT_EQ(seven.corrections.letter_terms, 0);
    EXPECT_EQ(seven.corrections.groups, 1);
    EXPECT_EQ(seven.corrections.terms(), 7);
    EXPECT_EQ(seven.corrections.literals(), 14);
    expect_corrected_is_table(Rule::from_table(t, Neighbourhood::Moore), "B2-a/S12 less one 2a");
}

// B0 rules (birth on an empty block) run literally, on a dense and on a
// sparse start.
TEST(CountCorrections, BirthOnEmptyRules) {
    for (const char* text :
         {"B0/S2-a", "B01c/S3-a", "B02a/S", "B01e/S1c", "B02o/S1H", "B0/S2m3H"}) {
        const Rule rule = Rule::parse(text);
        expect_corrected_is_table(rule, text);
        ASSERT_TRUE(rule.compile().births_on_empty()) << text;
        expect_backend_matches_reference(rule, text, 70, 37, 5);
        Grid sparse(300, 70);
        sparse.set(150, 30, true);
        for (const std::string& isa : CpuBackend::instruction_sets()) {
            CpuBackend cpu(rule, {2, 0});
            cpu.use_instruction_set(isa);
            cpu.load(sparse, 0);
            cpu.step(3);
            EXPECT_EQ(cpu.grid(), reference_run(sparse, rule, 0, 0, 3)) << text << " " << isa;
        }
    }
}

// MAP rules of every neighbourhood: random von Neumann tables are cheap
// enough; a Moore table close to Life takes the corrections, a random one
// does not and runs as its circuit.
TEST(CountCorrections, MapTablesTakeCorrectionsWhenCheap) {
    std::mt19937_64 rng(5);
    for (int i = 0; i < 10; ++i) {
        Range1Table t;
        std::vector<int> value(512, -1);
        for (unsigned k = 0; k < 512; ++k) {
            const unsigned key = k & ~((1u << 8) | (1u << 6) | (1u << 2) | 1u);
            if (value[key] < 0) value[key] = int(rng() & 1);
            t.set(k, value[key]);
        }
        const Rule rule = Rule::from_table(t, Neighbourhood::VonNeumann);
        expect_corrected_is_table(rule, rule.to_string());
        expect_backend_matches_reference(rule, rule.to_string());
    }
    Range1Table near_life = Rule::parse("B3/S23").range1_table();
    near_life.set(0b000111000, true);  // a row of three with the centre alive... dies in Life
    near_life.set(0b100000001, true);  // two opposite corners: birth
    const Rule near = Rule::from_table(near_life, Neighbourhood::Moore);
    expect_corrected_is_table(near, "near Life");
    expect_backend_matches_reference(near, "near Life", 100, 50, 6);

    Range1Table random;
    for (unsigned k = 0; k < 512; ++k) random.set(k, rng() & 1);
    EXPECT_FALSE(Rule::from_table(random, Neighbourhood::Moore).compile().count_corrected);
}

// A table with the given count rule, with the patterns `flips` of
// (alive, neighbour set over Moore's cells 0 1 2 3 5 6 7 8) answered the
// other way.
Range1Table count_rule_with_flips(const char* rule,
                                  const std::vector<std::pair<bool, unsigned>>& flips) {
    static constexpr int kCells[] = {0, 1, 2, 3, 5, 6, 7, 8};
    Range1Table t = Rule::parse(rule).range1_table();
    for (auto [alive, p] : flips) {
        unsigned index = alive ? 1u << 4 : 0u;
        for (int i = 0; i < 8; ++i)
            if ((p >> i) & 1) index |= 1u << (8 - kCells[i]);
        t.set(index, !t.next(index));
    }
    return t;
}

// The budget's edges: exactly kMaxLiterals literals and kMaxTerms terms,
// exactly kMaxGroups groups, and one more of each, which run as circuits.
// Both sides must match the reference.
TEST(CountCorrections, BudgetEdges) {
    std::vector<unsigned> pairs;  // the 28 neighbour sets of two cells
    for (unsigned p = 0; p < 256; ++p)
        if (std::popcount(p) == 2) pairs.push_back(p);
    // Count 2 costs two literals a pattern: 12 births and 12 survivals fill
    // both the terms (24) and the literals (48).
    static_assert(CountCorrections::kMaxTerms == 24 && CountCorrections::kMaxLiterals == 48);
    std::vector<std::pair<bool, unsigned>> full;
    for (int i = 0; i < 12; ++i) {
        full.push_back({false, pairs[std::size_t(i)]});
        full.push_back({true, pairs[std::size_t(27 - i)]});
    }
    const Rule at = Rule::from_table(count_rule_with_flips("B3/S23", full), Neighbourhood::Moore);
    const CompiledRule at_c = at.compile();
    ASSERT_TRUE(at_c.count_corrected);
    EXPECT_EQ(at_c.corrections.terms(), CountCorrections::kMaxTerms);
    EXPECT_EQ(at_c.corrections.literals(), CountCorrections::kMaxLiterals);
    expect_corrected_is_table(at, "at the term and literal budget");
    expect_backend_matches_reference(at, "at the term and literal budget", 130, 40, 5);

    full.push_back({false, pairs[12]});
    const Rule over = Rule::from_table(count_rule_with_flips("B3/S23", full), Neighbourhood::Moore);
    EXPECT_FALSE(over.compile().count_corrected);
    expect_backend_matches_reference(over, "over the term budget", 130, 40, 5);

    // One pattern in each of eight (state, count) groups: births of counts
    // 1..7 and survival of count 1; then survival of count 7 too.
    static_assert(CountCorrections::kMaxGroups == 8);
    std::vector<std::pair<bool, unsigned>> spread;
    for (int k = 1; k <= 7; ++k) spread.push_back({false, (1u << k) - 1});
    spread.push_back({true, 1u});
    const Rule groups =
        Rule::from_table(count_rule_with_flips("B3/S23", spread), Neighbourhood::Moore);
    ASSERT_TRUE(groups.compile().count_corrected);
    EXPECT_EQ(groups.compile().corrections.groups, CountCorrections::kMaxGroups);
    expect_corrected_is_table(groups, "at the group budget");
    expect_backend_matches_reference(groups, "at the group budget", 130, 40, 5);

    spread.push_back({true, 0x7fu});
    const Rule more =
        Rule::from_table(count_rule_with_flips("B3/S23", spread), Neighbourhood::Moore);
    EXPECT_FALSE(more.compile().count_corrected);
    expect_backend_matches_reference(more, "over the group budget", 130, 40, 5);
}

// A table that reads a cell outside its neighbourhood (here: a "hexagonal"
// table that reads cell 2) has no count form.
TEST(CountCorrections, TablesReadingOtherCellsAreRefused) {
    Range1Table t = Rule::parse("B2/S34H").range1_table();
    t.set(1u << (8 - 2), true);
    CountCorrections c;
    EXPECT_FALSE(compile_count_corrections(t, Neighbourhood::Hexagonal, c));
    // The same block made a birth in Life is one pattern to correct on Moore.
    Range1Table life = Rule::parse("B3/S23").range1_table();
    life.set(1u << (8 - 2), true);
    ASSERT_TRUE(compile_count_corrections(life, Neighbourhood::Moore, c));
    EXPECT_EQ(c.terms(), 1);
    EXPECT_EQ(c.literals(), 1);
}

}  // namespace
}  // namespace toroid
