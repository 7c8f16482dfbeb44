// Rule tables and trees (core/rule_table.hpp, core/rule_file.hpp): compiled
// tables against the plain matcher (core/table_reference.hpp) for random
// and hand-written tables of every neighbourhood and symmetry, trees against
// the tables they were made from, and the errors of bad files.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>

#include "input_error_of.hpp"
#include "toroid/analysis/table_selftest.hpp"
#include "toroid/core/rule_file.hpp"
#include "toroid/core/rule_table.hpp"
#include "toroid/core/table_reference.hpp"

namespace toroid {
namespace {

// The plain matcher's answer (core/table_reference.hpp), for a few blocks.
std::uint8_t match_table(const RuleTable& table, const Block3x3& b) {
    return TableReference(table).next(b);
}

std::string random_table(std::mt19937_64& rng, CellNeighbourhood n, const std::string& symmetries,
                         int states, int lines) {
    return random_rule_table_text(rng, n, symmetries, states, lines);
}

Block3x3 random_block(std::mt19937_64& rng, int states) {
    auto s = [&] { return std::uint8_t(rng() % std::uint64_t(states)); };
    return Block3x3{s(), s(), s(), s(), s(), s(), s(), s(), s()};
}

// Every block when there are few, else `samples` random ones.
template <class F>
void for_blocks(std::mt19937_64& rng, int states, int samples, F&& f) {
    std::uint64_t all = 1;
    for (int i = 0; i < 9; ++i) all *= std::uint64_t(states);
    if (all <= 20000 && samples >= 1000) {
        for (std::uint64_t i = 0; i < all; ++i) {
            std::uint64_t v = i;
            std::uint8_t c[9];
            for (auto& x : c)
                x = std::uint8_t(v % std::uint64_t(states)), v /= std::uint64_t(states);
            f(Block3x3{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]});
        }
        return;
    }
    for (int i = 0; i < samples; ++i) f(random_block(rng, states));
}

struct Case {
    CellNeighbourhood n;
    std::vector<std::string> symmetries;
};

const std::vector<Case>& cases() {
    static const std::vector<Case> c{
        {CellNeighbourhood::Moore,
         {"none", "rotate4", "rotate8", "rotate4reflect", "rotate8reflect", "reflect_horizontal",
          "permute"}},
        {CellNeighbourhood::VonNeumann,
         {"none", "rotate4", "rotate4reflect", "reflect_horizontal", "permute"}},
        {CellNeighbourhood::Hexagonal,
         {"none", "rotate2", "rotate3", "rotate6", "rotate6reflect", "permute"}},
        {CellNeighbourhood::OneDimensional, {"none", "reflect", "permute"}},
    };
    return c;
}

TEST(RuleTable, CompiledRandomTablesEqualThePlainMatcher) {
    std::mt19937_64 rng(2024);
    for (const Case& c : cases())
        for (const std::string& sym : c.symmetries)
            for (int states : {2, 3, 5}) {
                const std::string text = random_table(rng, c.n, sym, states, 12);
                const RuleTable table = parse_rule_table(text, "random.rule", 1);
                const RuleTree tree = compile_rule_table(table, "random.rule");
                const TableReference reference(table);
                const int samples = sym == "permute" ? 60 : 3000;
                int checked = 0;
                for_blocks(rng, states, samples, [&](const Block3x3& b) {
                    ASSERT_EQ(int(tree.eval(b)), int(reference.next(b)))
                        << to_string(c.n) << " " << sym << " " << states << " states\n"
                        << text;
                    ++checked;
                });
                EXPECT_GT(checked, 0);
            }
}

TEST(RuleTable, SelftestOfRandomTablesPassesAndChecks) {
    SelftestOptions o;
    o.seed = 3;
    o.generations = 3;
    o.backends = {"cpu"};
    const SelftestReport r = run_table_selftest(24, o);
    EXPECT_EQ(r.rules, 24u);
    EXPECT_EQ(r.failure_count, 0u);
    EXPECT_GE(r.checks, 24u * 6u * 3u);
    EXPECT_EQ(r.backends, std::vector<std::string>{"cpu"});
}

TEST(RuleTable, TreeRuleRowsEqualItsCells) {
    // The flat lookup (few states) and the tree walk (many) give next() for
    // every cell of a row, wrapped ends included.
    std::mt19937_64 rng(7);
    for (const Case& c : cases())
        for (int states : {2, 4, 5, 17}) {
            const std::string text = random_table(rng, c.n, c.symmetries[1], states, 40);
            const RuleTable table = parse_rule_table(text, "rows.rule", 1);
            const TreeRule rule("rows", c.n, compile_rule_table(table, "rows.rule"), {}, "test");
            for (std::int64_t width : {1, 2, 3, 67}) {
                std::vector<std::uint8_t> rows[3];
                for (auto& r : rows) {
                    r.resize(std::size_t(width + 2));
                    for (std::int64_t x = 0; x < width; ++x)
                        r[std::size_t(x + 1)] = std::uint8_t(rng() % std::uint64_t(states));
                    r[0] = r[std::size_t(width)];
                    r[std::size_t(width + 1)] = r[1];
                }
                std::vector<std::uint8_t> out(static_cast<std::size_t>(width));
                rule.step_row(rows[0].data() + 1, rows[1].data() + 1, rows[2].data() + 1, width,
                              out.data());
                for (std::int64_t x = 0; x < width; ++x) {
                    auto at = [&](int r, std::int64_t dx) {
                        return rows[r][std::size_t(x + 1 + dx)];
                    };
                    const Block3x3 b{at(0, -1), at(0, 0),  at(0, 1), at(1, -1), at(1, 0),
                                     at(1, 1),  at(2, -1), at(2, 0), at(2, 1)};
                    ASSERT_EQ(int(out[std::size_t(x)]), int(rule.next(b)))
                        << to_string(c.n) << " states " << states << " width " << width << " x "
                        << x;
                }
            }
        }
}

Block3x3 moore(std::uint8_t c, std::uint8_t n, std::uint8_t ne, std::uint8_t e, std::uint8_t se,
               std::uint8_t s, std::uint8_t sw, std::uint8_t w, std::uint8_t nw) {
    return Block3x3{nw, n, ne, w, c, e, sw, s, se};
}

TEST(RuleTable, FirstMatchWinsAndUnmatchedCellsKeepTheirState) {
    const RuleTable t = parse_rule_table(
        "n_states:4\nneighborhood:Moore\nsymmetries:none\n"
        "var a={0,1,2,3}\nvar b={0,1,2,3}\nvar c={0,1,2,3}\nvar d={0,1,2,3}\n"
        "var e={0,1,2,3}\nvar f={0,1,2,3}\nvar g={0,1,2,3}\nvar h={0,1,2,3}\n"
        "0,1,b,c,d,e,f,g,h,2\n"   // N live: 2
        "0,a,b,c,d,e,f,g,h,3\n",  // otherwise 3, never reached when N is 1
        "t.rule", 1);
    const RuleTree tree = compile_rule_table(t, "t.rule");
    EXPECT_EQ(tree.eval(moore(0, 1, 0, 0, 0, 0, 0, 0, 0)), 2);
    EXPECT_EQ(tree.eval(moore(0, 2, 0, 0, 0, 0, 0, 0, 0)), 3);
    EXPECT_EQ(tree.eval(moore(1, 1, 0, 0, 0, 0, 0, 0, 0)), 1);  // no transition: stays
    EXPECT_EQ(tree.eval(moore(3, 0, 2, 0, 1, 0, 0, 0, 0)), 3);
}

TEST(RuleTable, AVariableNamedTwiceIsBound) {
    // a appears at N and S: they must be equal, and the cell becomes it.
    const RuleTable t = parse_rule_table(
        "n_states:3\nneighborhood:vonNeumann\nsymmetries:none\n"
        "var a={1,2}\nvar x={0,1,2}\nvar y={0,1,2}\n"
        "0,a,x,a,y,a\n",
        "t.rule", 1);
    EXPECT_EQ(t.transitions.size(), 2u);  // one per value of a
    const RuleTree tree = compile_rule_table(t, "t.rule");
    auto vn = [](std::uint8_t c, std::uint8_t n, std::uint8_t e, std::uint8_t s, std::uint8_t w) {
        return Block3x3{0, n, 0, w, c, e, 0, s, 0};
    };
    EXPECT_EQ(tree.eval(vn(0, 2, 0, 2, 1)), 2);
    EXPECT_EQ(tree.eval(vn(0, 1, 2, 1, 0)), 1);
    EXPECT_EQ(tree.eval(vn(0, 1, 0, 2, 0)), 0);  // N != S: no match
    // Unbound: x and y named once each take any state independently.
    EXPECT_EQ(tree.eval(vn(0, 1, 2, 1, 0)), match_table(t, vn(0, 1, 2, 1, 0)));
}

TEST(RuleTable, CompactDigitsAndVariablesInsideVariables) {
    const RuleTable compact = parse_rule_table(
        "n_states:3\nneighborhood:vonNeumann\nsymmetries:rotate4\n012002\n", "c.rule", 1);
    ASSERT_EQ(compact.transitions.size(), 1u);
    const RuleTree tree = compile_rule_table(compact, "c.rule");
    // c=0 N=1 E=2 S=0 W=0 -> 2, and its rotations.
    EXPECT_EQ(tree.eval(Block3x3{0, 1, 0, 0, 0, 2, 0, 0, 0}), 2);
    EXPECT_EQ(tree.eval(Block3x3{0, 0, 0, 0, 0, 1, 0, 2, 0}), 2);  // E=1 S=2
    EXPECT_EQ(tree.eval(Block3x3{0, 2, 0, 0, 0, 1, 0, 0, 0}), 0);  // mirrored: no
    const RuleTable nested = parse_rule_table(
        "n_states:4\nneighborhood:oneDimensional\nsymmetries:none\nvar a={1}\nvar "
        "b={a,2}\n0,b,b,3\n",
        "n.rule", 1);
    EXPECT_EQ(nested.transitions.size(), 2u);
}

TEST(RuleTable, PermuteCountsStatesWhereverTheyAre) {
    const RuleTable t = parse_rule_table(
        "n_states:3\nneighborhood:Moore\nsymmetries:permute\nvar a={0,2}\nvar b={0,2}\nvar "
        "c={0,2}\n"
        "var d={0,2}\nvar e={0,2}\nvar f={0,2}\n0,1,1,a,b,c,d,e,f,1\n",
        "p.rule", 1);
    const RuleTree tree = compile_rule_table(t, "p.rule");
    EXPECT_EQ(tree.eval(moore(0, 1, 0, 0, 0, 0, 1, 0, 0)), 1);
    EXPECT_EQ(tree.eval(moore(0, 0, 0, 2, 0, 0, 0, 1, 1)), 1);
    EXPECT_EQ(tree.eval(moore(0, 1, 1, 1, 0, 0, 0, 0, 0)), 0);  // three
}

TEST(RuleTree, TreeTextRoundTripsAndEqualsItsTable) {
    std::mt19937_64 rng(99);
    for (CellNeighbourhood n : {CellNeighbourhood::Moore, CellNeighbourhood::VonNeumann}) {
        const RuleTable table =
            parse_rule_table(random_table(rng, n, "rotate4", 3, 25), "t.rule", 1);
        const RuleTree compiled = compile_rule_table(table, "t.rule");
        const std::string text = "@RULE T\n@TREE\n" + rule_tree_text(compiled);
        const RuleFile file = parse_rule_file(text, "t.rule");
        const TableReference reference(table);
        EXPECT_EQ(file.rule->neighbourhood(), n);
        EXPECT_EQ(file.rule->tree().fingerprint(), compiled.fingerprint());
        for (int i = 0; i < 3000; ++i) {
            const Block3x3 b = random_block(rng, 3);
            ASSERT_EQ(file.rule->next(b), reference.next(b));
        }
    }
}

TEST(RuleTree, AHandWrittenTree) {
    // One-state-at-a-time parity of N, W, E, S (von Neumann, 2 states): the
    // centre keeps nothing; nodes by level from the leaves up.
    const std::string text =
        "@RULE Parity\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=9\n"
        "1 0 1\n1 1 0\n"  // 0, 1: read c; leaves give parity so far (even, odd)
        "2 0 1\n2 1 0\n"  // 2 (even so far), 3 (odd): read s
        "3 2 3\n3 3 2\n"  // 4, 5: read e
        "4 4 5\n4 5 4\n"  // 6, 7: read w
        "5 6 7\n";        // 8, the root: read n
    const RuleFile f = parse_rule_file(text, "parity.rule");
    EXPECT_EQ(f.name, "Parity");
    EXPECT_EQ(f.rule->states(), 2);
    // Parity of n + w + e + s + c.
    for (int v = 0; v < 32; ++v) {
        const std::uint8_t n = v & 1, w = (v >> 1) & 1, e = (v >> 2) & 1, s = (v >> 3) & 1,
                           c = (v >> 4) & 1;
        EXPECT_EQ(f.rule->next(Block3x3{1, n, 1, w, c, e, 1, s, 1}), (n + w + e + s + c) % 2);
    }
}

TEST(RuleFile, ColoursSectionsAndNotes) {
    const RuleFile f = parse_rule_file(
        "@RULE Colours\n\nsome words\n@TABLE\nn_states:5\nneighborhood:Moore\nsymmetries:none\n"
        "@COLORS\n0 10 20 30 comment\n2 1 2 3\n9 9 9 9\n@ICONS\nXPM\n@NAMES\n",
        "colours.rule");
    const auto c = f.rule->colours();
    ASSERT_EQ(c.size(), 5u);
    EXPECT_EQ(c[0], (StateColour{10, 20, 30}));
    EXPECT_EQ(c[1], (StateColour{255, 0, 0}));  // Golly's default gradient
    EXPECT_EQ(c[2], (StateColour{1, 2, 3}));
    EXPECT_EQ(c[4], (StateColour{255, 255, 0}));
    EXPECT_EQ(f.notes.size(), 2u);  // @ICONS and @NAMES
    const RuleFile g = parse_rule_file(
        "@RULE G\n@TABLE\nn_states:4\nneighborhood:Moore\nsymmetries:none\n@COLORS\n0 0 255 255 0 "
        "0\n",
        "g.rule");
    EXPECT_EQ(g.rule->colours()[1], (StateColour{0, 0, 255}));
    EXPECT_EQ(g.rule->colours()[2], (StateColour{128, 0, 128}));
    EXPECT_EQ(g.rule->colours()[3], (StateColour{255, 0, 0}));
}

std::string file_error(const std::string& text) {
    return testing::input_error_of([&] { (void)parse_rule_file(text, "bad.rule"); });
}

// A permute table of many states would take hours to compile (a node per
// multiset of neighbour states): refused at once, naming the size; Golly's
// own permute tables (up to 7 states) stay far below the bound.
TEST(RuleFile, PermuteTablesTooLargeToCompileAreRefusedAtOnce) {
    const std::string big =
        "@RULE Big\n@TABLE\nn_states:42\nneighborhood:Moore\n"
        "symmetries:permute\nvar a={0,1,2}\n0,a,0,0,0,0,0,0,0,1\n";
    const std::string refusal = file_error(big);
    EXPECT_NE(refusal.find("bad.rule: the permute table of 42 states"), std::string::npos)
        << refusal;
    EXPECT_NE(refusal.find("transition checks to compile"), std::string::npos) << refusal;
    const std::string seven =
        "@RULE Seven\n@TABLE\nn_states:7\nneighborhood:Moore\n"
        "symmetries:permute\nvar a={0,1,2,3,4,5,6}\n0,a,1,2,0,0,0,0,0,3\n";
    EXPECT_EQ(file_error(seven), "(no InputError)");
}

TEST(RuleFile, BadFilesSayFileLineAndWhat) {
    const std::string head = "@RULE Bad\n@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:none\n";
    EXPECT_NE(file_error(head + "0,0,0,0,0,0,0,0,0,3\n")
                  .find("bad.rule:6: state 3 in the next state is out of range"),
              std::string::npos);
    EXPECT_NE(file_error(head + "var a={0,5}\n").find("bad.rule:6: state 5 in the variable"),
              std::string::npos);
    EXPECT_NE(file_error("@RULE B\n@TABLE\nn_states:3\nneighborhood:Moore\nsymmetries:rotate3\n")
                  .find("bad.rule:5: symmetries 'rotate3' is not one of the Moore symmetries"),
              std::string::npos);
    EXPECT_NE(file_error(head + "0,q,0,0,0,0,0,0,0,1\n")
                  .find("'q' in the transition is neither a state nor a variable"),
              std::string::npos);
    // Named once among the inputs and once as the next state: bound, fine.
    EXPECT_EQ(file_error(head + "var a={0,1}\n0,a,0,0,0,0,0,0,0,a\n"), "(no InputError)");
    EXPECT_NE(file_error(head + "var a={0,1}\n0,a,0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0,0,a\n")
                  .find("bad.rule:8: the next state 'a' is a variable of 2 states named once"),
              std::string::npos);
    EXPECT_NE(file_error(head + "0,0,0\n").find("has 3 entries, expected 10"), std::string::npos);
    EXPECT_NE(file_error("@RULE B\n@TABLE\nneighborhood:Moore\n0,0,0,0,0,0,0,0,0,1\n")
                  .find("comes before the table declares n_states, symmetries"),
              std::string::npos);
    EXPECT_NE(
        file_error("@RULE B\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=2\n1 0 1\n2 0 7\n")
            .find("bad.rule:7: node 7 is not defined before this line"),
        std::string::npos);
    EXPECT_NE(
        file_error("@RULE B\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=2\n1 0 1\n3 0 0\n")
            .find("node 0 has level 1, expected 2"),
        std::string::npos);
    EXPECT_NE(file_error("@RULE B\n@TREE\nnum_states=2\nnum_neighbors=4\nnum_nodes=1\n1 0 5\n")
                  .find("next state 5 is not below num_states=2"),
              std::string::npos);
    EXPECT_NE(file_error("@RULE B\n@TREE\nnum_states=2\nnum_neighbors=8\nnum_nodes=1\n1 0 1\n")
                  .find("the last node (the root) has level 1, expected 9"),
              std::string::npos);
    EXPECT_NE(
        file_error("@RULE B\n@TABLE\nn_states:3\xff\n").find("bad.rule:3: byte 25 is not UTF-8"),
        std::string::npos);
    EXPECT_NE(file_error("nothing\n").find("starts with '@RULE <name>'"), std::string::npos);
    EXPECT_NE(file_error("@RULE X\n@COLORS\n").find("no @TABLE or @TREE"), std::string::npos);
}

TEST(RuleFile, HugeTablesAreRefusedPlainly) {
    // A million and one transitions, each bound over two values: refused
    // while reading, before any compilation.
    std::string text =
        "@RULE Huge\n@TABLE\nn_states:2\nneighborhood:oneDimensional\nsymmetries:none\n"
        "var a={0,1}\nvar b={0,1}\nvar c={0,1}\n";
    for (int i = 0; i < 200'000; ++i) text += "a,b,c,a\nc,b,a,c\na,a,b,1\n";
    const std::string e = file_error(text);
    EXPECT_NE(e.find("more than 1000000 transitions"), std::string::npos) << e;
}

}  // namespace
}  // namespace toroid
