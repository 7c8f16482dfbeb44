// Golly's bounded-grid suffixes and multi-state rules: what toroid runs
// (tori, tubes), what it refuses and how, and which torus a run gets.
#include <gtest/gtest.h>

#include <string>

#include "io_test_util.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/io/pattern.hpp"
#include "toroid/io/pattern_torus.hpp"

namespace toroid {
namespace {

using testing::expect_input_error;

// The message of the UnsupportedRule that parsing `text` throws.
std::string refusal(const std::string& text) {
    try {
        Rule::parse(text);
    } catch (const UnsupportedRule& e) {
        return e.what();
    } catch (const InputError& e) {
        ADD_FAILURE() << text << ": a plain InputError, not UnsupportedRule: " << e.what();
        return {};
    }
    ADD_FAILURE() << text << " was accepted";
    return {};
}

void expect_contains(const std::string& msg, std::initializer_list<std::string> parts) {
    for (const auto& p : parts)
        EXPECT_NE(msg.find(p), std::string::npos) << "missing '" << p << "' in: " << msg;
}

TEST(BoundedGrid, TubesSquaresAndTheUnboundedPlane) {
    const Rule tube = Rule::parse("B3/S23:T0,128");
    ASSERT_TRUE(tube.torus().has_value());
    EXPECT_EQ(*tube.torus(), (TorusSize{0, 128}));
    EXPECT_TRUE(tube.torus()->tube());
    EXPECT_EQ(tube.to_string(), "B3/S23:T0,128");
    EXPECT_EQ(Rule::parse(tube.to_string()), tube);
    EXPECT_EQ(*Rule::parse("b3/s23:t640,0").torus(), (TorusSize{640, 0}));
    EXPECT_EQ(*Rule::parse("B3/S23:T100").torus(), (TorusSize{100, 100}));
    EXPECT_FALSE(Rule::parse("B3/S23:T0,0").torus().has_value());
    EXPECT_FALSE(Rule::parse("B3/S23:T100,80").torus()->tube());
    EXPECT_EQ(*Rule::parse("B3/S23:T30+0,20").torus(), (TorusSize{30, 20}));  // no shift
}

TEST(BoundedGrid, OtherTopologiesAreRefusedNamingThem) {
    expect_contains(refusal("B3/S23:K30,20"), {"'B3/S23:K30,20'", "Klein bottle", "plain torus"});
    expect_contains(refusal("B3/S23:K30*,20"), {"Klein bottle"});
    expect_contains(refusal("B3/S23:C30,20"), {"cross-surface"});
    expect_contains(refusal("B3/S23:S30"), {"sphere"});
    expect_contains(refusal("B3/S23:P30,20"), {"bounded plane"});
    expect_contains(refusal("B3/S23:T30+5,20"), {"shifted edges", "':T30+5,20'"});
    expect_contains(refusal("B3/S23:T30,20-1"), {"shifted edges"});
    // Golly's own bounded-grid examples use LifeHistory (a named rule): its
    // torus runs, its other grids are refused naming the whole rule.
    expect_contains(refusal("LifeHistory:K40*,20"),
                    {"'LifeHistory:K40*,20'", "Golly's bounded grid ':K40*,20' is a Klein bottle"});
    EXPECT_EQ(Rule::parse("LifeHistory:T31,20").torus(), (TorusSize{31, 20}));
    // A name found nowhere with a refused grid: both reasons.
    expect_contains(refusal("NoSuchRule:K40*,20"), {"'NoSuchRule' is a named rule",
                                                    "; and Golly's bounded grid ':K40*,20' is "
                                                    "a Klein bottle"});
}

TEST(BoundedGrid, MalformedSuffixesAreSyntaxErrors) {
    expect_input_error([] { Rule::parse("B3/S23:T"); },
                       {"missing torus size", "0 for an unbounded"});
    expect_input_error([] { Rule::parse("B3/S23:T,128"); }, {"missing torus size", "column 9"});
    expect_input_error([] { Rule::parse("B3/S23:T128,"); }, {"missing torus size"});
    expect_input_error([] { Rule::parse("B3/S23:"); }, {"expected a bounded grid"});
    expect_input_error([] { Rule::parse("B3/S23:X5,5"); }, {"unknown bounded grid 'X'"});
    expect_input_error([] { Rule::parse("B3/S23:T5*,5"); }, {"unexpected '*'"});
    expect_input_error([] { Rule::parse("B3/S23:T5,5x"); }, {"unexpected text"});
}

TEST(BoundedGrid, MultiStateRulesAreRefusedNamingTheRule) {
    // Golly's families run (test_super_rules.cpp); a name like one that is
    // none is refused.
    EXPECT_EQ(Rule::parse("LifeHistory").states(), 7);
    expect_contains(refusal("LifeHistroy"), {"'LifeHistroy'", "named rule", "--rule B3/S23"});
    expect_contains(refusal("StateInvestigator"), {"'StateInvestigator'", "named rule"});
    // A name no rule folder holds (WireWorld is shipped: test_named_rules).
    expect_contains(refusal("NoSuchWorld"), {"'NoSuchWorld'", "NoSuchWorld.rule", "searched"});
    EXPECT_EQ(Rule::parse("LifeHistory:T100,100").to_string(), "LifeHistory:T100,100");
    // Generations rules are rules of their own now (test_generations.cpp).
    EXPECT_EQ(Rule::parse("B2/S345/4").states(), 4);
    expect_contains(refusal("@RULE Langton"), {"@RULE", "rule table"});
    // Golly's Wolfram rules run as their 3x3 map; odd ones are refused.
    EXPECT_EQ(Rule::parse("W110").kind(), RuleKind::Map);
    expect_input_error([] { Rule::parse("W111"); }, {"even number", "toroid eca"});
    EXPECT_TRUE(Rule::parse("R2,C0,M1,S2..3,B3..3,NM").range_rule());  // test_larger_than_life
    // Two-state Generations is its Life-like rule; the usual rules still parse.
    EXPECT_EQ(Rule::parse("23/3/2"), Rule::parse("B3/S23"));
    EXPECT_EQ(Rule::parse("B3/S23/C2:T10,10"), Rule::parse("B3/S23:T10,10"));
    EXPECT_EQ(Rule::parse("BS").to_string(), "B/S");
    EXPECT_EQ(Rule::parse("B2(1/3)/S12H").to_string(), "B2(1/3)/S12H");
    // Isotropic rules are rules of their own now.
    EXPECT_EQ(Rule::parse("B3/S2a").kind(), RuleKind::Isotropic);
    EXPECT_EQ(Rule::parse("B2c/S23:T10,10").to_string(), "B2c/S23:T10,10");
}

TEST(BoundedGrid, FilesWithRefusedRulesReadAndDeferTheRefusal) {
    const Pattern p = parse_pattern("x = 3, y = 1, rule = B3/S23:K3,1\n3o!\n", "k.rle");
    EXPECT_FALSE(p.rule.has_value());
    ASSERT_TRUE(p.refused_rule.has_value());
    EXPECT_EQ(p.rule_text, "B3/S23:K3,1");
    EXPECT_EQ(p.cells.population(), 3u);
    expect_input_error([&] { choose_torus(&p, TorusRequest{}); },
                       {"Klein bottle", "--rule", "--size"});
    TorusRequest only_rule;
    only_rule.rule = Rule::parse("B3/S23");
    expect_input_error([&] { choose_torus(&p, only_rule); }, {"--size"});
    TorusRequest both = only_rule;
    both.size = TorusSize{10, 10};
    const TorusChoice c = choose_torus(&p, both);
    EXPECT_EQ(c.width, 10);
    EXPECT_EQ(c.rule, Rule::parse("B3/S23"));
    // A multi-state body under a refused rule names the rule; under a named
    // rule it is that rule's states.
    expect_input_error([] { parse_pattern("x = 2, y = 1, rule = NoSuchRule\nAC!\n", "h.rle"); },
                       {"h.rle:2:2", "'C'", "NoSuchRule"});
    EXPECT_EQ(parse_pattern("x = 2, y = 1, rule = LifeHistory\nAC!\n", "h.rle").cells.state(1, 0),
              3);
    // A rule file is not a pattern.
    expect_input_error([] { parse_pattern("@RULE Foo\n@TABLE\n", "foo.rule"); },
                       {"foo.rule:1:1", "Golly rule file"});
}

TEST(BoundedGrid, TubesRunOnATorusWithRoomForTheRun) {
    const Pattern p = parse_pattern("x = 3, y = 3, rule = B3/S23:T0,128\nbo$2bo$3o!", "t.rle");
    TorusRequest r;
    r.generations = 1000;
    TorusChoice c = choose_torus(&p, r);
    EXPECT_EQ(c.height, 128);
    EXPECT_EQ(c.width, 2048);  // 3 + 2 * 1000 + 2 = 2005, in whole words
    expect_contains(c.note, {"tube :T0,128", "2048 x 128", "1000 generations"});
    EXPECT_FALSE(c.rule.torus().has_value());
    // --size gives the open side; the tube keeps its bounded one, and says so.
    r.size = TorusSize{512, 512};
    c = choose_torus(&p, r);
    EXPECT_EQ(c.width, 512);
    EXPECT_EQ(c.height, 128);
    expect_contains(c.note, {"keeps its height 128"});
    r.size = TorusSize{512, 128};
    EXPECT_TRUE(choose_torus(&p, r).note.empty());
    // :Tw,0 leaves the height open.
    const Pattern q = parse_pattern("x = 1, y = 5, rule = B3/S23:T40,0\no$o$o$o$o!", "q.rle");
    c = choose_torus(&q, TorusRequest{});
    EXPECT_EQ(c.width, 40);
    EXPECT_EQ(c.height, 64);
    // A soup has no extent to make room around.
    TorusRequest soup;
    soup.rule = Rule::parse("B3/S23:T0,64");
    expect_input_error([&] { choose_torus(nullptr, soup); }, {"tube", "--size"});
}

TEST(BoundedGrid, SizesFromTheUserTheFileOrTheBox) {
    const Pattern torus = parse_pattern("x = 3, y = 3, rule = B3/S23:T100,80\n3o!", "a.rle");
    TorusChoice c = choose_torus(&torus, TorusRequest{});
    EXPECT_EQ(c.width, 100);
    EXPECT_EQ(c.height, 80);
    EXPECT_TRUE(c.note.empty());
    TorusRequest sized;
    sized.size = TorusSize{30, 20};
    c = choose_torus(&torus, sized);
    EXPECT_EQ(c.width, 30);
    const Pattern plain = parse_pattern("x = 70, y = 3\n3o!", "b.rle");
    c = choose_torus(&plain, TorusRequest{});
    EXPECT_EQ(c.width, 128);
    EXPECT_EQ(c.height, 64);
    expect_contains(c.note, {"70 x 3", "rounded up", "128 x 64"});
    expect_input_error([] { choose_torus(nullptr, TorusRequest{}); }, {"no torus size"});
}

}  // namespace
}  // namespace toroid
