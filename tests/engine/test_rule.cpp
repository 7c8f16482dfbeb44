#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string_view>
#include <vector>

#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

std::string error_of(std::string_view text) {
    try {
        Rule::parse(text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Rule, ParsesTheUsualSpellingsOfLife) {
    const Rule life;
    for (const char* text : {"B3/S23", "b3s23", "B3/S23", " B3 / S23 ", "S23/B3", "23/3", "b3/s23"})
        EXPECT_EQ(Rule::parse(text), life) << text;
    EXPECT_EQ(life.to_string(), "B3/S23");
}

TEST(Rule, CanonicalFormsOfTheNamedRules) {
    EXPECT_EQ(Rule::parse("B1357/S1357").to_string(), "B1357/S1357");
    EXPECT_EQ(Rule::parse("s12345/b3").to_string(), "B3/S12345");
    EXPECT_EQ(Rule::parse("B3678/S34678").to_string(), "B3678/S34678");
    EXPECT_EQ(Rule::parse("B2/S34H").to_string(), "B2/S34H");
    EXPECT_EQ(Rule::parse("b2/s013v").to_string(), "B2/S013V");
    EXPECT_EQ(Rule::parse("B0/S8").to_string(), "B0/S8");
    EXPECT_EQ(Rule::parse("B/S").to_string(), "B/S");
    EXPECT_EQ(Rule::parse("B3/S23:T100,80").to_string(), "B3/S23:T100,80");
    EXPECT_EQ(Rule::parse("B3/S23:t100,80").torus()->width, 100);
}

TEST(Rule, StochasticProbabilities) {
    Rule r = Rule::parse("B2(1/3)/S12H");
    EXPECT_TRUE(r.stochastic());
    EXPECT_EQ(r.birth(2), (Probability{1, 3}));
    EXPECT_EQ(r.to_string(), "B2(1/3)/S12H");
    EXPECT_EQ(Rule::parse("B2(1/6)3/S23H").to_string(), "B2(1/6)3/S23H");
    EXPECT_EQ(Rule::parse("B3/S2(0.9)3").to_string(), "B3/S2(0.9)3");
    EXPECT_EQ(Rule::parse("B3/S2(9/10)3"), Rule::parse("B3/S2(0.9)3"));
    EXPECT_EQ(Rule::parse("B3(2/4)/S").to_string(), "B3(0.5)/S");
    EXPECT_EQ(Rule::parse("B3(1)/S"), Rule::parse("B3/S"));
    EXPECT_FALSE(Rule::parse("B3(1/1)/S23").stochastic());
    CompiledRule c = Rule::parse("B2(1/2)/S").compile();
    EXPECT_EQ(c.birth_random, 1u << 2);
    EXPECT_EQ(c.birth_threshold[2], 1u << 31);
}

TEST(Rule, RoundTripsRandomRules) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 3000; ++i) {
        const char* suffix[] = {"", "H", "V"};
        int kind = int(rng() % 3);
        int max = kind == 0 ? 8 : kind == 1 ? 6 : 4;
        std::string text = "B";
        for (int part = 0; part < 2; ++part) {
            for (int k = 0; k <= max; ++k) {
                if (rng() % 2) continue;
                text += char('0' + k);
                if (rng() % 5 == 0)
                    text += "(" + std::to_string(1 + rng() % 7) + "/" +
                            std::to_string(8 + rng() % 9) + ")";
                else if (rng() % 9 == 0)
                    text += "(0." + std::to_string(1 + rng() % 999) + ")";
            }
            if (part == 0) text += "/S";
        }
        text += suffix[kind];
        if (rng() % 4 == 0)
            text += ":T" + std::to_string(1 + rng() % 500) + "," + std::to_string(1 + rng() % 500);
        Rule r = Rule::parse(text);
        EXPECT_EQ(Rule::parse(r.to_string()), r) << text << " -> " << r.to_string();
    }
}

TEST(Rule, RejectsBadRulesWithAClearMessage) {
    EXPECT_NE(error_of("B9/S23").find("count 9 is out of range"), std::string::npos)
        << error_of("B9/S23");
    EXPECT_EQ(error_of("B3/S2a"), "(no error)");  // isotropic: a rule of its own kind now
    EXPECT_NE(error_of("B3/S23X").find("unexpected 'X'"), std::string::npos) << error_of("B3/S23X");
    EXPECT_NE(error_of("B2(4/3)/S").find("greater than 1"), std::string::npos);
    EXPECT_NE(error_of("").find("empty rule"), std::string::npos);
    EXPECT_NE(error_of("   ").find("empty rule"), std::string::npos);
    EXPECT_NE(error_of("B7/S23H").find("hexagonal rules have counts 0..6"), std::string::npos);
    EXPECT_NE(error_of("B5/S2V").find("von Neumann"), std::string::npos);
    EXPECT_NE(error_of("B33/S2").find("given twice"), std::string::npos);
    EXPECT_NE(error_of("B2(1/0)/S").find("divides by zero"), std::string::npos);
    EXPECT_NE(error_of("B2(0)/S").find("zero"), std::string::npos);
    EXPECT_NE(error_of("B2(1/3/S").find("unclosed"), std::string::npos);
    EXPECT_NE(error_of("B3/S23:T,5").find("missing torus size"), std::string::npos);
    EXPECT_NE(error_of("B3/S23:P10,10").find("torus"), std::string::npos);
    EXPECT_NE(error_of("Life").find("B<counts>/S<counts>"), std::string::npos);
    EXPECT_NE(error_of("Life").find("--rule B3/S23"), std::string::npos);
    EXPECT_NE(error_of("B3/S23X").find("column 7"), std::string::npos);
}

}  // namespace
}  // namespace toroid

namespace toroid {

namespace {

// Golly's MAP encoding of a table (Golly's help, Help/Algorithms/QuickLife.html: bit i is the block
// of index i, most significant bit of the first byte first, then base64), decoded here
// independently of the engine.
std::array<bool, 512> decode_map(std::string_view base64) {
    const std::string_view alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::vector<bool> bits;
    for (char c : base64) {
        const std::size_t v = alphabet.find(c);
        for (int b = 5; b >= 0; --b) bits.push_back((v >> b) & 1);
    }
    std::array<bool, 512> out{};
    for (std::size_t i = 0; i < 512; ++i) out[i] = bits[i];
    return out;
}

}  // namespace

TEST(Rule, TableFormOfLifeIsGollysMap) {
    const auto map = decode_map(
        "ARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA");
    const Range1Table t = Rule::parse("B3/S23").range1_table();
    for (unsigned i = 0; i < 512; ++i) ASSERT_EQ(t.next(i), map[i]) << "block " << i;
}

TEST(Rule, TableFormCountsOnlyTheNeighbourhoodsCells) {
    // Cells 2 and 6 are not hexagonal neighbours, the corners not von Neumann ones.
    const Range1Table hex = Rule::parse("B2/S34H").range1_table();
    const Range1Table vn = Rule::parse("B1/S013V").range1_table();
    for (unsigned i = 0; i < 512; ++i) {
        const auto c = [&](int k) { return int(Range1Table::cell(i, k)); };
        const int hex_count = c(0) + c(1) + c(3) + c(5) + c(7) + c(8);
        const int vn_count = c(1) + c(3) + c(5) + c(7);
        EXPECT_EQ(hex.next(i), c(4) ? (hex_count == 3 || hex_count == 4) : hex_count == 2) << i;
        EXPECT_EQ(vn.next(i), c(4) ? (vn_count <= 1 || vn_count == 3) : vn_count == 1) << i;
    }
    EXPECT_THROW(Rule::parse("B2(1/3)/S12H").range1_table(), InputError);
}

}  // namespace toroid
