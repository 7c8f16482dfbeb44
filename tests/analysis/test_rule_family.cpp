// The family language: sizes, members, order, and errors that quote the column.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "toroid/analysis/rule_family.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

std::string error_of(const std::string& family) {
    try {
        (void)RuleFamily::parse(family);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(RuleFamily, SubsetsOfBracketedCounts) {
    const RuleFamily f = RuleFamily::parse("B3[678]/S23[4]");
    ASSERT_EQ(f.size(), 16u);
    std::set<std::string> members;
    for (std::uint64_t i = 0; i < f.size(); ++i) members.insert(f.rule(i).to_string());
    EXPECT_EQ(members.size(), 16u);
    EXPECT_TRUE(members.count("B3/S23"));
    EXPECT_TRUE(members.count("B3678/S234"));
    EXPECT_TRUE(members.count("B368/S23"));
    EXPECT_EQ(f.rule(0).to_string(), "B3/S23");  // no optional count chosen
    EXPECT_EQ(f.rule(15).to_string(), "B3678/S234");
}

TEST(RuleFamily, RangesAndNamedFamilies) {
    EXPECT_EQ(RuleFamily::parse("B[1-8]/S23").size(), 256u);
    EXPECT_EQ(RuleFamily::parse("all-moore").size(), 1u << 18);
    EXPECT_EQ(RuleFamily::parse("all-hex").size(), 1u << 14);
    EXPECT_EQ(RuleFamily::parse("ALL-VonNeumann").size(), 1u << 10);
    EXPECT_EQ(RuleFamily::parse("all-hex").rule(0).to_string(), "B/SH");
    EXPECT_EQ(RuleFamily::parse("all-moore").rule((1u << 18) - 1).to_string(),
              "B012345678/S012345678");
    EXPECT_EQ(RuleFamily::parse("B3/S23").size(), 1u);
}

TEST(RuleFamily, StochasticProbabilityRange) {
    const RuleFamily f = RuleFamily::parse("B2(0.1:0.9:0.1)/S12H");
    ASSERT_EQ(f.size(), 9u);
    EXPECT_EQ(f.rule(0), Rule::parse("B2(0.1)/S12H"));
    EXPECT_EQ(f.rule(4), Rule::parse("B2(0.5)/S12H"));
    EXPECT_EQ(f.rule(8), Rule::parse("B2(0.9)/S12H"));
    EXPECT_EQ(RuleFamily::parse("B2(1/3)[3]/S23").size(), 2u);  // a plain probability is literal
}

TEST(RuleFamily, MalformedFamiliesQuoteTheColumn) {
    EXPECT_NE(error_of("B3[67/S23").find("column 3: unclosed '['"), std::string::npos);
    EXPECT_NE(error_of("B3[3]/S23").find("column 4: count 3 is given twice"), std::string::npos);
    EXPECT_NE(error_of("B3[6a]/S23").find("column 5: unexpected 'a'"), std::string::npos);
    EXPECT_NE(error_of("B[9]/S23").find("column 3: count 9 is out of range"), std::string::npos);
    EXPECT_NE(error_of("B[7]/S23H").find("count 7 is out of range"), std::string::npos);
    EXPECT_NE(error_of("B3[]/S23").find("column 3: empty brackets"), std::string::npos);
    EXPECT_NE(error_of("B[8-1]/S23").find("column 3: empty range 8-1"), std::string::npos);
    EXPECT_NE(error_of("B3]/S23").find("column 3: ']' without"), std::string::npos);
    EXPECT_NE(error_of("B2(0.1:0.9)/S").find("lo:hi:step"), std::string::npos);
    EXPECT_NE(error_of("B2(0.5:0.1:0.1)/S").find("lo <= hi"), std::string::npos);
    EXPECT_NE(error_of("B2(0.1:0.5:0)/S").find("step"), std::string::npos);
    EXPECT_NE(error_of("B[12]X/S23").find("is not a rule"), std::string::npos);
    EXPECT_NE(error_of("   ").find("empty rule family"), std::string::npos);
}

TEST(RuleFamily, RandomSampleIsReproducibleAndDistinct) {
    const RuleFamily all = RuleFamily::parse("all-moore");
    const RuleFamily a = all.random_sample(50, 7), b = all.random_sample(50, 7);
    ASSERT_EQ(a.size(), 50u);
    std::set<std::string> names;
    for (std::uint64_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a.rule(i), b.rule(i));
        names.insert(a.rule(i).to_string());
    }
    EXPECT_EQ(names.size(), 50u);
    EXPECT_NE(all.random_sample(50, 8).rule(0), a.rule(0));
    EXPECT_THROW((void)RuleFamily::parse("B3[67]/S23").random_sample(5, 1), InputError);
    EXPECT_THROW((void)all.random_sample(0, 1), InputError);
}

TEST(RuleFamily, RulesFromAFile) {
    const std::string path = ::testing::TempDir() + "rules.txt";
    std::ofstream(path) << "# a comment\nB3/S23\n\nB36/S23\n";
    const RuleFamily f = RuleFamily::from_file(path);
    ASSERT_EQ(f.size(), 2u);
    EXPECT_EQ(f.rule(1).to_string(), "B36/S23");
    std::ofstream(path) << "B3/S23\nB9/S23\n";
    try {
        (void)RuleFamily::from_file(path);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("rules.txt:2:"), std::string::npos) << e.what();
    }
    std::ofstream(path) << "# nothing\n";
    EXPECT_THROW((void)RuleFamily::from_file(path), InputError);
}

TEST(RuleFamily, BracketedLettersAreSubsetsOfConfigurations) {
    const RuleFamily f = RuleFamily::parse("B2[aein]3/S23");
    ASSERT_EQ(f.size(), 16u);
    std::set<std::string> names;
    for (std::uint64_t i = 0; i < f.size(); ++i) names.insert(f.rule(i).to_string());
    EXPECT_EQ(names.size(), 16u);
    EXPECT_TRUE(names.count("B3/S23"));      // no 2-configuration at all
    EXPECT_TRUE(names.count("B2a3/S23"));    // one of them
    EXPECT_TRUE(names.count("B2-ck3/S23"));  // all four: Golly's shorter spelling
    EXPECT_EQ(RuleFamily::parse("B2[mo]/S2H").size(), 4u);
    EXPECT_THROW(RuleFamily::parse("B2[az]/S23"), InputError);  // no 2z
    EXPECT_THROW(RuleFamily::parse("B2[aa]/S23"), InputError);
}

TEST(RuleFamily, IsotropicAndTableSpaces) {
    const RuleFamily hex = RuleFamily::parse("all-isotropic-hex");
    EXPECT_EQ(hex.size(), std::uint64_t(1) << 26);
    EXPECT_EQ(hex.rule(0).to_string(), "B/SH");
    EXPECT_EQ(hex.rule(hex.size() - 1).to_string(), "B0123456/S0123456H");
    // 2^102 Moore rules: sampled only.
    const RuleFamily moore = RuleFamily::parse("all-isotropic");
    EXPECT_THROW((void)moore.size(), InputError);
    const RuleFamily sample = moore.random_sample(50, 9);
    ASSERT_EQ(sample.size(), 50u);
    std::set<std::string> distinct;
    for (std::uint64_t i = 0; i < sample.size(); ++i) {
        const Rule r = sample.rule(i);
        EXPECT_EQ(Rule::parse(r.to_string()), r);
        distinct.insert(r.to_string());
    }
    EXPECT_EQ(distinct.size(), 50u);
    EXPECT_EQ(moore.random_sample(50, 9).rule(7), sample.rule(7));  // reproducible
    const RuleFamily maps = RuleFamily::parse("all-map").random_sample(5, 1);
    EXPECT_EQ(maps.rule(0).kind(), RuleKind::Map);
    EXPECT_EQ(RuleFamily::parse("all-map-vonneumann").size(), std::uint64_t(1) << 32);
    EXPECT_EQ(RuleFamily::parse("all-map-vonneumann").rule(1).neighbourhood(),
              Neighbourhood::VonNeumann);
}

}  // namespace
}  // namespace toroid
