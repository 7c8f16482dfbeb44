#include <gtest/gtest.h>

#include "toroid/eca/eca_formula.hpp"
#include "toroid/eca/eca_rule.hpp"
#include "toroid/error.hpp"

using namespace toroid;

TEST(EcaRule, ParsesNumbers) {
    EXPECT_EQ(parse_eca_rule("0"), 0);
    EXPECT_EQ(parse_eca_rule("110"), 110);
    EXPECT_EQ(parse_eca_rule("255"), 255);
    for (const char* bad : {"256", "-1", "", "1e2", "abc", "1000", " 30"})
        EXPECT_THROW(parse_eca_rule(bad), InputError) << bad;
}

// Golly's W<n> names in a rule field shared with 2-D rules (toroid-view).
TEST(EcaRule, ParsesWolframRuleNames) {
    EXPECT_EQ(parse_wolfram_rule("W110"), 110);
    EXPECT_EQ(parse_wolfram_rule("w30"), 30);
    EXPECT_EQ(parse_wolfram_rule(" W 90 "), 90);
    EXPECT_EQ(parse_wolfram_rule("W0"), 0);
    EXPECT_EQ(parse_wolfram_rule("W255"), 255);
    for (const char* two_d : {"B3/S23", "b3s23", "23/3", "", "  ", "30"})
        EXPECT_EQ(parse_wolfram_rule(two_d), -1) << two_d;
    for (const char* bad : {"W256", "W300", "W", "Wx", "W-1", "W1000", "W3a"})
        EXPECT_THROW(parse_wolfram_rule(bad), InputError) << bad;
    try {
        parse_wolfram_rule("W300");
        FAIL() << "W300 accepted";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(),
                     "bad rule 'W300': W must be followed by a Wolfram rule number 0..255 (1-D "
                     "rules, e.g. W110), or give a 2-D rule such as B3/S23");
    }
}

TEST(EcaRule, BitOrderOfDomainMd) {
    // Rule 110 = 01101110: 111->0 110->1 101->1 100->0 011->1 010->1 001->1 000->0.
    const int expected[8] = {0, 1, 1, 0, 1, 1, 1, 0};  // neighbourhoods 111 .. 000
    for (int i = 0; i < 8; ++i) {
        const int n = 7 - i;
        EXPECT_EQ(eca_output(110, n >> 2, (n >> 1) & 1, n & 1), expected[i]) << n;
    }
}

TEST(EcaRule, MirrorComplementKnownValues) {
    // Wolfram's equivalence classes: {30, 86, 135, 149}, {110, 124, 137, 193}, {90}, {150}.
    EXPECT_EQ(eca_mirror(30), 86);
    EXPECT_EQ(eca_complement(30), 135);
    EXPECT_EQ(eca_mirror_complement(30), 149);
    EXPECT_EQ(eca_mirror(110), 124);
    EXPECT_EQ(eca_complement(110), 137);
    EXPECT_EQ(eca_mirror_complement(110), 193);
    EXPECT_EQ(eca_mirror(90), 90);
    EXPECT_EQ(eca_complement(90), 165);
    EXPECT_EQ(eca_mirror(150), 150);
    EXPECT_EQ(eca_complement(150), 150);  // x ^ y ^ z is self-complementary
    EXPECT_THROW(eca_mirror(256), InputError);
}

TEST(EcaRule, MirrorComplementIdentities) {
    for (int r = 0; r < 256; ++r) {
        EXPECT_EQ(eca_mirror(eca_mirror(r)), r);
        EXPECT_EQ(eca_complement(eca_complement(r)), r);
        EXPECT_EQ(eca_mirror(eca_complement(r)), eca_complement(eca_mirror(r)));
        EXPECT_EQ(eca_mirror_complement(r), eca_complement(eca_mirror(r)));
        for (int i = 0; i < 8; ++i) {
            const int x = i >> 2, y = (i >> 1) & 1, z = i & 1;
            EXPECT_EQ(eca_output(eca_mirror(r), x, y, z), eca_output(r, z, y, x));
            EXPECT_EQ(eca_output(eca_complement(r), x, y, z),
                      1 - eca_output(r, 1 - x, 1 - y, 1 - z));
        }
    }
}

TEST(EcaRule, KnownFormulas) {
    EXPECT_EQ(eca_anf(150), "x ^ y ^ z");
    EXPECT_EQ(eca_anf(90), "x ^ z");
    EXPECT_EQ(eca_anf(30), "x ^ y ^ z ^ y z");
    EXPECT_EQ(eca_anf(110), "y ^ z ^ y z ^ x y z");
    EXPECT_EQ(eca_anf(0), "0");
    EXPECT_EQ(eca_anf(255), "1");
    EXPECT_EQ(eca_anf(51), "1 ^ y");
    EXPECT_EQ(eca_minimal_sop(0), "0");
    EXPECT_EQ(eca_minimal_sop(255), "1");
    EXPECT_EQ(eca_minimal_sop(204), "y");
    EXPECT_EQ(eca_minimal_sop(213), "!z | x y");
    EXPECT_EQ(eca_minimal_sop(30), "!x y | !x z | x !y !z");
    EXPECT_EQ(eca_minimal_sop(150), "x y z | x !y !z | !x y !z | !x !y z");
}

TEST(EcaFormula, ExamplesOfTheIssue) {
    EXPECT_EQ(eca_rule_from_formula("x ^ y ^ z"), 150);
    EXPECT_EQ(eca_rule_from_formula("(x + y + z) mod 2"), 150);
    EXPECT_EQ(eca_rule_from_formula("x y | !z"), 213);
    EXPECT_EQ(eca_rule_from_formula("(x y + x z) mod 2"), 96);
    EXPECT_EQ(eca_rule_from_formula("x & y | ~z"), 213);
    EXPECT_EQ(eca_rule_from_formula("x*y + x*z % 2"), 96);
    EXPECT_EQ(eca_rule_from_formula("xyz"), 128);
    EXPECT_EQ(eca_rule_from_formula("x ^ (y | z)"), 30);
    EXPECT_EQ(eca_rule_from_formula("x ^ z"), 90);
    EXPECT_EQ(eca_rule_from_formula("x + y"), eca_rule_from_formula("x | y"));
    EXPECT_EQ(eca_rule_from_formula("0"), 0);
    EXPECT_EQ(eca_rule_from_formula("1"), 255);
    EXPECT_EQ(eca_rule_from_formula("!!y"), 204);
}

TEST(EcaFormula, RoundTripsAllRules) {
    for (int r = 0; r < 256; ++r) {
        EXPECT_EQ(eca_rule_from_formula(eca_minimal_sop(r)), r) << eca_minimal_sop(r);
        EXPECT_EQ(eca_rule_from_formula(eca_anf(r)), r) << eca_anf(r);
    }
}

namespace {
std::string error_of(const char* formula) {
    try {
        eca_rule_from_formula(formula);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST(EcaFormula, ErrorsQuoteThePosition) {
    EXPECT_NE(error_of("x & w").find("column 5"), std::string::npos) << error_of("x & w");
    EXPECT_NE(error_of("x & w").find("unknown variable 'w'"), std::string::npos);
    EXPECT_NE(error_of("x $ y").find("column 3"), std::string::npos);
    EXPECT_NE(error_of("(x | y").find("expected ')'"), std::string::npos);
    EXPECT_NE(error_of("x | y)").find("unmatched ')'"), std::string::npos);
    EXPECT_NE(error_of("").find("empty"), std::string::npos);
    EXPECT_NE(error_of("x |").find("ends early"), std::string::npos);
    EXPECT_NE(error_of("x mod 0").find("mod 0"), std::string::npos);
    EXPECT_NE(error_of("x mod").find("positive integer"), std::string::npos);
    EXPECT_NE(error_of("99999 * 99999 * 99999 * 99999").find("beyond 10^9"), std::string::npos);
    EXPECT_NE(error_of("x * 12345678").find("number too large"), std::string::npos);
    EXPECT_EQ(eca_rule_from_formula("(3 x + 2 y) mod 2"), eca_rule_from_formula("x"));
}

TEST(EcaRule, ExplainShowsEverything) {
    const std::string text = eca_explain(110);
    EXPECT_NE(text.find("01101110"), std::string::npos);
    EXPECT_NE(text.find("###    ##.    #.#"), std::string::npos) << text;
    EXPECT_NE(text.find("y ^ z ^ y z ^ x y z"), std::string::npos);
    EXPECT_NE(text.find("124"), std::string::npos);
    EXPECT_NE(text.find("137"), std::string::npos);
    EXPECT_NE(text.find("193"), std::string::npos);
}
