// toroid's census against apgsearch's own on the same soups: census tables
// apgsearch v4.2 (with python-lifelib 2.5.6's lifelib) wrote for eleven
// rules, two of them Generations (data/apgsearch/README.md), every object
// count equal.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {
namespace {

struct Haul {
    std::string rule, root;
    std::uint64_t soups = 0;
    std::map<std::string, std::uint64_t> objects;
};

Haul read_haul(const std::string& name) {
    const std::string path =
        std::string(TOROID_SOURCE_DIR) + "/tests/analysis/data/apgsearch/" + name;
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    Haul h;
    bool table = false;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "@RULE") words >> h.rule;
        if (key == "@ROOT") words >> h.root;
        if (key == "@NUM_SOUPS") words >> h.soups;
        if (key == "@CENSUS") table = true;
        if (table && !key.empty() && key[0] != '@') words >> h.objects[key];
    }
    return h;
}

class CensusAgainstApgsearch : public ::testing::TestWithParam<const char*> {};

TEST_P(CensusAgainstApgsearch, EveryObjectCountEqual) {
    const Haul expected = read_haul(GetParam());
    ASSERT_FALSE(expected.objects.empty());
    SoupCensusRunner runner(Rule::parse(expected.rule), CensusOptions{});
    std::map<std::string, std::uint64_t> got;
    for (std::uint64_t i = 0; i < expected.soups; ++i)
        for (const std::string& code : runner.run(expected.root + std::to_string(i)).objects)
            ++got[code];
    EXPECT_EQ(got, expected.objects) << expected.rule;
}

// Two B3/S23 soups whose population apgsearch's test finds periodic while
// they still evolve (objects as apgsearch v4.2 counted them, printed by
// an instrumented copy): at generation 5768 soup 4457 is objects that
// each repeat, which apgsearch counts there (its cells repeat only from
// 7030); at 1836 soup 11680 holds a glider two cells from a loaf it is
// about to hit, which apgsearch calls PATHOLOGICAL, so it runs on and
// counts the settled soup.
TEST(CensusAgainstApgsearch, SoupsItClassifiesAsTheirPopulationRepeats) {
    SoupCensusRunner runner(Rule::parse("B3/S23"), CensusOptions{});
    auto tally = [&](const char* seed) {
        std::map<std::string, std::uint64_t> got;
        for (const std::string& code : runner.run(seed).objects) ++got[code];
        return got;
    };
    EXPECT_EQ(tally("k_toroidfreq014457"), (std::map<std::string, std::uint64_t>{{"xp2_7", 69},
                                                                                 {"xp2_7e", 1},
                                                                                 {"xq4_153", 12},
                                                                                 {"xs4_252", 4},
                                                                                 {"xs4_33", 70},
                                                                                 {"xs5_253", 11},
                                                                                 {"xs6_356", 7},
                                                                                 {"xs6_696", 46},
                                                                                 {"xs7_2596", 14},
                                                                                 {"xs7_25ac", 2}}));
    EXPECT_EQ(tally("k_toroidfreq0111680"),
              (std::map<std::string, std::uint64_t>{{"xp2_7", 28},
                                                    {"xq4_153", 7},
                                                    {"xs4_33", 33},
                                                    {"xs5_253", 7},
                                                    {"xs6_356", 2},
                                                    {"xs6_696", 10},
                                                    {"xs7_2596", 3}}));
}

INSTANTIATE_TEST_SUITE_P(
    Hauls, CensusAgainstApgsearch,
    ::testing::Values("b3s23.k_toroidbench01.500.txt", "b36s23.k_test.200.txt",
                      "b38s23.k_rulecheck02.300.txt", "b3s23-q.k_rulecheck02.500.txt",
                      "b3s2-i34q.k_rulecheck02.500.txt", "b2s34h.k_rulecheck02.1000.txt",
                      "b2-as12.k_rulecheck02.200.txt", "g3b3s23.k_rulecheck02.500.txt",
                      "g3b3-as23.k_toroidiso01.1000.txt", "b37s2-i34q.k_rulecheck03.400.txt",
                      "b368s245.k_rulecheck03.100.txt"),
    [](const auto& haul) {  // (not `info`: the macro's own)
        std::string name = haul.param;
        name = name.substr(0, name.find('.'));
        for (char& c : name)
            if (c == '-') c = '_';
        return name;
    });

}  // namespace
}  // namespace toroid
