// Isotropic and MAP rules: letters against their pictures, Golly's canonical
// strings, MAP's bit order, round trips, errors, and the rule circuit.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "input_error_of.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/map_notation.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/rule_circuit.hpp"

namespace toroid {
namespace {

// Block index of the neighbours at (dx, dy) offsets (centre dead).
unsigned block(std::initializer_list<std::pair<int, int>> cells) {
    unsigned i = 0;
    for (auto [dx, dy] : cells) i |= 1u << (8 - ((dy + 1) * 3 + (dx + 1)));
    return i;
}

TEST(Isotropic, MooreNeighbourhoodsFallIntoFiftyOneClasses) {
    std::set<std::pair<int, int>> classes;
    for (unsigned i = 0; i < 512; ++i) {
        if (Range1Table::cell(i, 4)) continue;
        const int count = neighbour_count(Neighbourhood::Moore, i);
        const int letter = isotropic_letter(Neighbourhood::Moore, i);
        const std::size_t letters = isotropic_letters(Neighbourhood::Moore, count).size();
        if (letters == 0) {
            EXPECT_EQ(letter, -1) << i;
        } else {
            ASSERT_GE(letter, 0) << "block " << i << " has no letter";
            ASSERT_LT(std::size_t(letter), letters);
        }
        classes.insert({count, letter});
    }
    EXPECT_EQ(classes.size(), 51u);
}

TEST(Isotropic, HexagonalNeighbourhoodsFallIntoThirteenClasses) {
    std::set<std::pair<int, int>> classes;
    for (unsigned i = 0; i < 512; ++i)
        classes.insert({neighbour_count(Neighbourhood::Hexagonal, i),
                        isotropic_letter(Neighbourhood::Hexagonal, i)});
    EXPECT_EQ(classes.size(), 13u);
}

// Every letter class is closed under the square's rotations and reflections.
TEST(Isotropic, ClassesAreClosedUnderTheBlocksSymmetries) {
    for (unsigned i = 0; i < 512; ++i) {
        for (int s = 0; s < 8; ++s) {
            unsigned j = 0;
            for (int c = 0; c < 9; ++c) {
                if (!Range1Table::cell(i, c)) continue;
                int x = c % 3 - 1, y = c / 3 - 1;
                if (s & 1) std::swap(x, y);
                if (s & 2) x = -x;
                if (s & 4) y = -y;
                j |= 1u << (8 - ((y + 1) * 3 + (x + 1)));
            }
            ASSERT_EQ(isotropic_letter(Neighbourhood::Moore, i),
                      isotropic_letter(Neighbourhood::Moore, j));
        }
    }
}

// The count-2 letters from their pictures (Golly's help), independently of
// the representatives the engine starts from.
TEST(Isotropic, TwoNeighbourLettersMatchTheirPictures) {
    auto letter = [](unsigned b) {
        return isotropic_letters(Neighbourhood::Moore,
                                 2)[std::size_t(isotropic_letter(Neighbourhood::Moore, b))];
    };
    EXPECT_EQ(letter(block({{-1, -1}, {0, -1}})), 'a');  // a corner and the edge beside it
    EXPECT_EQ(letter(block({{-1, -1}, {1, -1}})), 'c');  // two corners of one side
    EXPECT_EQ(letter(block({{0, -1}, {-1, 0}})), 'e');   // two edges around a corner
    EXPECT_EQ(letter(block({{-1, 0}, {1, 0}})), 'i');    // two opposite edges
    EXPECT_EQ(letter(block({{-1, -1}, {1, 0}})), 'k');   // a knight's move apart
    EXPECT_EQ(letter(block({{1, -1}, {-1, 1}})), 'n');   // two opposite corners
    EXPECT_EQ(letter(block({{1, 1}, {0, 1}})), 'a');
    EXPECT_EQ(letter(block({{1, -1}, {0, 1}})), 'k');
    // Counts 6 name the complement: 6a has a corner and its edge dead.
    const unsigned all =
        block({{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}});
    EXPECT_EQ(isotropic_letters(Neighbourhood::Moore, 6)[std::size_t(
                  isotropic_letter(Neighbourhood::Moore, all & ~block({{-1, -1}, {0, -1}})))],
              'a');
}

TEST(Isotropic, HexagonalLettersMatchTheirPictures) {
    // The ring NW N E SE S W: o adjacent, m one apart, p opposite.
    auto letter = [](int count, unsigned b) {
        return isotropic_letters(Neighbourhood::Hexagonal,
                                 count)[std::size_t(isotropic_letter(Neighbourhood::Hexagonal, b))];
    };
    EXPECT_EQ(letter(2, block({{-1, -1}, {0, -1}})), 'o');          // NW N
    EXPECT_EQ(letter(2, block({{0, -1}, {1, 1}})), 'm');            // N SE
    EXPECT_EQ(letter(2, block({{-1, 0}, {1, 0}})), 'p');            // W E
    EXPECT_EQ(letter(3, block({{0, -1}, {1, 0}, {1, 1}})), 'o');    // N E SE
    EXPECT_EQ(letter(3, block({{-1, -1}, {1, 0}, {0, 1}})), 'p');   // NW E S
    EXPECT_EQ(letter(3, block({{-1, -1}, {0, -1}, {1, 1}})), 'm');  // NW N SE
    // 4p: the two dead neighbours opposite; cells NE and SW are not neighbours.
    EXPECT_EQ(letter(4, block({{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}})), 'p');
}

// Golly's canonical forms, from the examples of its help.
TEST(Isotropic, CanonicalStringsAreGollys) {
    const std::pair<const char*, const char*> cases[] = {
        {"B2nic/S", "B2cin/S"},   {"B2ceikn/S", "B2-a/S"},  {"B4-qjrtwz/S", "B4aceikny/S"},
        {"B2aceikn3/S", "B23/S"}, {"B2-3/S", "B23/S"},      {"B2-aceikn3/S", "B3/S"},
        {"B2-a/S12", "B2-a/S12"}, {"B3/S23-q", "B3/S23-q"}, {"b2ain3s23-q", "B2ain3/S23-q"},
        {"B2_S3", "B2/S3"},
    };
    for (const auto& [in, out] : cases) EXPECT_EQ(Rule::parse(in).to_string(), out) << in;
    // Shortest wins, a tie keeps the plain letters: 3 of 6 letters plain,
    // 4 of 6 as '-' and the other 2.
    EXPECT_EQ(Rule::parse("B2ace/S").to_string(), "B2ace/S");
    EXPECT_EQ(Rule::parse("B2acei/S").to_string(), "B2-kn/S");
    EXPECT_EQ(Rule::parse("B2o3m/S2pH").to_string(), "B2o3m/S2pH");
    EXPECT_EQ(Rule::parse("B2mo/S2H").to_string(), "B2mo/S2H");  // hexagonal: never '-'
    EXPECT_EQ(Rule::parse("B2-p/S2H").to_string(), "B2mo/S2H");
    EXPECT_EQ(Rule::parse("B2mop/S2H").to_string(), "B2/S2H");
    EXPECT_EQ(Rule::parse("B3/S23-q").kind(), RuleKind::Isotropic);
    EXPECT_EQ(Rule::parse("B2aceikn3/S").kind(), RuleKind::Totalistic);
}

TEST(Isotropic, IsotropicTableOfLettersIsTheCountRuleWhenWhole) {
    EXPECT_EQ(Rule::parse("B3aceijknqry/S2acekin3").range1_table(),
              Rule::parse("B3/S23").range1_table());
}

TEST(MapRules, LifeAsGollysMapString) {
    const std::string life =
        "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA";
    const Rule r = Rule::parse(life);
    EXPECT_EQ(r.kind(), RuleKind::Map);
    EXPECT_EQ(r.range1_table(), Rule::parse("B3/S23").range1_table());
    EXPECT_EQ(r.to_string(), life);
    EXPECT_EQ(Rule::parse(life + "==").to_string(), life);  // padding dropped
    EXPECT_EQ(Rule::parse("map" + life.substr(3) + ":T64,32").to_string(), life + ":T64,32");
}

TEST(MapRules, UnusedLowBitsOfTheLastCharacterAreCleared) {
    std::string life =
        "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA";
    std::string noisy = life;
    noisy.back() = 'P';  // 001111: the last 4 bits are not part of the table
    EXPECT_EQ(Rule::parse(noisy).to_string(), life);
}

// Base64 of a bit string, most significant bit first (padding bits zero).
std::string base64_of(const std::vector<bool>& bits) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t c = 0; c * 6 < bits.size(); ++c) {
        unsigned v = 0;
        for (std::size_t b = 0; b < 6; ++b)
            v = v << 1 | (c * 6 + b < bits.size() && bits[c * 6 + b]);
        out += alphabet[v];
    }
    return out;
}

// Hexagonal and von Neumann MAP strings list their cells in Golly's order
// (map_notation.hpp): a table that copies the north neighbour shows where N is.
TEST(MapRules, HexagonalAndVonNeumannBitOrder) {
    std::vector<bool> hex(128), vn(32);
    for (unsigned k = 0; k < 128; ++k) hex[k] = k & 1;  // S SE W C E NW N: N least significant
    for (unsigned k = 0; k < 32; ++k) vn[k] = k >> 4;   // N W C E S: N most significant
    for (const std::string& map : {"MAP" + base64_of(hex), "MAP" + base64_of(vn)}) {
        const Range1Table t = Rule::parse(map).range1_table();
        for (unsigned i = 0; i < 512; ++i)
            ASSERT_EQ(t.next(i), Range1Table::cell(i, 1)) << map << " " << i;
    }
    EXPECT_EQ(Rule::parse("MAP" + base64_of(hex)).neighbourhood(), Neighbourhood::Hexagonal);
    EXPECT_EQ(Rule::parse("MAP" + base64_of(vn)).neighbourhood(), Neighbourhood::VonNeumann);
}

// A random isotropic rule string from masks (plain letters only).
std::string random_isotropic(std::mt19937_64& rng, Neighbourhood n) {
    const int max = n == Neighbourhood::Hexagonal ? 6 : 8;
    std::string s;
    for (const char* part : {"B", "/S"}) {
        s += part;
        for (int k = 0; k <= max; ++k) {
            if (rng() % 3 == 0) continue;
            s += char('0' + k);
            const std::string_view letters = isotropic_letters(n, k);
            if (letters.empty() || rng() % 3 == 0) continue;
            std::string chosen;
            for (char c : letters)
                if (rng() % 2) chosen += c;
            if (chosen.empty()) chosen = letters.substr(0, 1);
            s += rng() % 4 == 0 ? "-" + chosen : chosen;
        }
    }
    return s + (n == Neighbourhood::Hexagonal ? "H" : "");
}

TEST(Isotropic, RandomRulesRoundTrip) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 500; ++i) {
        const Neighbourhood n = i % 3 == 2 ? Neighbourhood::Hexagonal : Neighbourhood::Moore;
        std::string text = random_isotropic(rng, n);
        if (text.find("-") != std::string::npos &&
            text.find("-", text.find("-") + 1) != std::string::npos)
            continue;
        Rule r;
        try {
            r = Rule::parse(text);
        } catch (const InputError& e) {
            // '-' and every letter of a count leaves it empty: fine. Anything else is a bug.
            FAIL() << text << ": " << e.what();
        }
        EXPECT_EQ(Rule::parse(r.to_string()), r) << text << " -> " << r.to_string();
        LetterMasks b, s;
        EXPECT_TRUE(isotropic_masks(r.range1_table(), n, b, s)) << text;
    }
}

TEST(MapRules, RandomTablesRoundTrip) {
    std::mt19937_64 rng(8);
    for (Neighbourhood n :
         {Neighbourhood::Moore, Neighbourhood::Hexagonal, Neighbourhood::VonNeumann}) {
        for (int i = 0; i < 50; ++i) {
            std::string digits;
            const std::string alphabet =
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            for (int c = 0; c < map_length(n); ++c) digits += alphabet[rng() % 64];
            const Rule r = Rule::parse("MAP" + digits);
            EXPECT_EQ(r.neighbourhood(), n);
            EXPECT_EQ(Rule::parse(r.to_string()), r);
            EXPECT_EQ(Rule::from_table(r.range1_table(), n), r);
            EXPECT_EQ(decode_map(encode_map(r.range1_table(), n), n), r.range1_table());
        }
    }
}

TEST(RuleErrors, LettersAndMapStringsAreCheckedWithTheirColumn) {
    EXPECT_EQ(testing::input_error_of([] { Rule::parse("B8a/S"); }),
              "bad rule 'B8a/S' at column 3: letter 'a' does not exist for birth count 8: Moore "
              "count 8 has no letters");
    EXPECT_EQ(testing::input_error_of([] { Rule::parse("B1k/S"); }),
              "bad rule 'B1k/S' at column 3: letter 'k' does not exist for birth count 1: Moore "
              "count 1 has the letters ce");
    EXPECT_NE(testing::input_error_of([] { Rule::parse("B2a/S2V"); }).find("von Neumann"),
              std::string::npos);
    EXPECT_NE(testing::input_error_of([] { Rule::parse("B2aa/S"); }).find("given twice"),
              std::string::npos);
    EXPECT_NE(testing::input_error_of([] { Rule::parse("B2(1/2)a/S"); }).find("probability"),
              std::string::npos);
    EXPECT_EQ(testing::input_error_of([] { Rule::parse("MAPAB"); }),
              "bad rule 'MAPAB' at column 4: a MAP rule has 86 base64 characters (Moore), 22 "
              "(hexagonal) or 6 (von Neumann), not 2");
    EXPECT_EQ(testing::input_error_of([] { Rule::parse("MAPAB*DEF"); }),
              "bad rule 'MAPAB*DEF' at column 6: MAP rules are base64 (A-Z, a-z, 0-9, + and /): "
              "'*' is not a base64 character");
    EXPECT_NE(testing::input_error_of([] { Rule::parse("B2o/S2"); }).find("letter 'o'"),
              std::string::npos);
}

// The circuit computes the table on every block, for tables of every shape.
TEST(RuleCircuit, EqualsItsTableOnEveryBlock) {
    std::mt19937_64 rng(3);
    std::vector<Range1Table> tables = {
        Rule::parse("B3/S23").range1_table(),   Rule::parse("B2-a/S12").range1_table(),
        Rule::parse("B3/S23-q").range1_table(), Rule::parse("B2o3m/S2H").range1_table(),
        Rule::parse("B1/S013V").range1_table(), Range1Table{}};
    Range1Table ones;
    for (unsigned i = 0; i < 512; ++i) ones.set(i, true);
    tables.push_back(ones);
    for (int i = 0; i < 40; ++i) {
        Range1Table t;
        for (unsigned k = 0; k < 512; ++k) t.set(k, rng() & 1);
        tables.push_back(t);
    }
    // The nine inputs as words whose bit i is cell k of block i (8 words of 64 blocks).
    for (const Range1Table& t : tables) {
        const RuleCircuit c = compile_circuit(t);
        ASSERT_LE(c.nodes(), RuleCircuit::kMaxNodes);
        for (unsigned w = 0; w < 8; ++w) {
            std::uint64_t in[9] = {};
            for (unsigned b = 0; b < 64; ++b)
                for (int k = 0; k < 9; ++k)
                    in[k] |= std::uint64_t(Range1Table::cell(w * 64 + b, k)) << b;
            const std::uint64_t out = evaluate_circuit(c, in);
            EXPECT_EQ(out, t.bits[w]);
        }
    }
    // Small diagrams for the rules that have them.
    EXPECT_LE(compile_circuit(Rule::parse("B3/S23").range1_table()).nodes(), 30);
    EXPECT_LE(compile_circuit(Rule::parse("B2-a/S12").range1_table()).nodes(), 45);
}

}  // namespace
}  // namespace toroid
