// Golly's Super family (History, Super, Investigator over any two-state
// rule): names, hand-derived transitions of every kind of state, the
// neighbourhoods, and on random soups the ON/OFF picture against the plain
// two-state rule; step_row against next().
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "state_torus.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/state_rule.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

using test::StateTorus;

std::shared_ptr<const StateRule> rule(const std::string& name) {
    auto r = find_builtin_state_rule(name);
    if (!r) ADD_FAILURE() << "no built-in rule " << name;
    return r;
}

// A dead or live centre `c` with the given neighbours (nw n ne w e sw s se).
Block3x3 block(std::uint8_t c, std::initializer_list<std::uint8_t> around) {
    std::vector<std::uint8_t> a(around);
    a.resize(8, 0);
    return Block3x3{a[0], a[1], a[2], a[3], c, a[4], a[5], a[6], a[7]};
}

TEST(SuperFamily, NamesAreGollysCanonicalOnes) {
    EXPECT_EQ(rule("LifeHistory")->name(), "LifeHistory");
    EXPECT_EQ(rule("B3/S23History")->name(), "LifeHistory");
    EXPECT_EQ(rule("b3s23history")->name(), "LifeHistory");
    EXPECT_EQ(rule("lifesuper")->name(), "LifeSuper");
    EXPECT_EQ(rule("B3/S23Investigator")->name(), "LifeInvestigator");
    EXPECT_EQ(rule("B36/S23Super")->name(), "B36/S23Super");
    EXPECT_EQ(rule("23/36History")->name(), "B36/S23History");
    EXPECT_EQ(rule("LifeHHistory")->name(), "B3/S23HHistory");
    EXPECT_EQ(rule("B2/S34HSuper")->name(), "B2/S34HSuper");
    EXPECT_EQ(rule("B3-kq4j/S2-i34qSuper")->name(), "B3-kq4j/S2-i34qSuper");
    EXPECT_EQ(rule("LifeHistory")->states(), 7);
    EXPECT_EQ(rule("LifeSuper")->states(), 26);
    EXPECT_EQ(rule("LifeInvestigator")->states(), 21);
    EXPECT_EQ(rule("B2/S34HSuper")->neighbourhood(), CellNeighbourhood::Hexagonal);
    EXPECT_EQ(rule("B2/S1VHistory")->neighbourhood(), CellNeighbourhood::VonNeumann);
}

TEST(SuperFamily, OtherNamesAreNotOurs) {
    for (const char* name :
         {"Life", "B3/S23", "History", "Super", "WireWorld", "LifeHistoryX", "B3/S23/C3History",
          "345/2/4Super", "R2,C0,S4-7,B4History", "B2(1/3)/S12History", "B3/S23:T10,10History",
          "B9/S23Super", "LifeQHistory"})
        EXPECT_EQ(find_builtin_state_rule(name), nullptr) << name;
}

TEST(SuperFamily, BirthOnEmptyNeedsSmaxAsInGolly) {
    EXPECT_THROW(find_builtin_state_rule("B013/S23History"), InputError);
    // With Smax the rule runs as its complement dual: AntiLife's dual is Life.
    const auto anti = rule("B0123478/S01234678History");
    const auto life = rule("LifeHistory");
    std::mt19937_64 rng(7);
    StateTorus t(24, 20);
    t.fill_random(rng, {1}, 0.35);
    EXPECT_EQ(anti->name(), "B0123478/S01234678History");
    EXPECT_EQ(t.step(*anti), t.step(*life));
}

TEST(LifeHistory, ABlinkerLeavesItsEnvelope) {
    const auto h = rule("LifeHistory");
    StateTorus t(5, 5, {{}, {}, {0, 1, 1, 1}});
    t = t.step(*h);
    EXPECT_EQ(t, StateTorus(5, 5, {{}, {0, 0, 1}, {0, 2, 1, 2}, {0, 0, 1}}));
    t = t.step(*h);
    EXPECT_EQ(t, StateTorus(5, 5, {{}, {0, 0, 2}, {0, 1, 1, 1}, {0, 0, 2}}));
}

TEST(LifeHistory, MarkedCellsStayMarked) {
    const auto h = rule("LifeHistory");
    // A blinker of marked cells: its ends die marked (4) and are reborn
    // marked (3); the cells born from plain background are plain.
    StateTorus t(5, 5, {{}, {}, {0, 3, 3, 3}});
    t = t.step(*h);
    EXPECT_EQ(t, StateTorus(5, 5, {{}, {0, 0, 1}, {0, 4, 3, 4}, {0, 0, 1}}));
    t = t.step(*h);
    EXPECT_EQ(t, StateTorus(5, 5, {{}, {0, 0, 2}, {0, 3, 3, 3}, {0, 0, 2}}));
    // Start ON (5) dies marked, and is reborn marked ON.
    EXPECT_EQ(h->next(block(5, {})), 4);
    EXPECT_EQ(h->next(block(5, {1, 1})), 5);
}

TEST(LifeHistory, BoundaryCellsKillTheirOnNeighboursAndAreNeverBorn) {
    const auto h = rule("LifeHistory");
    // A blinker whose middle has a state-6 cell above: the whole row dies
    // into history, the 6 (three ON neighbours) stays, the cell below is
    // born.
    StateTorus t(7, 7, {{}, {}, {0, 0, 0, 6}, {0, 0, 1, 1, 1}});
    EXPECT_EQ(t.step(*h), StateTorus(7, 7, {{}, {}, {0, 0, 0, 6}, {0, 0, 2, 2, 2}, {0, 0, 0, 1}}));
    // An OFF cell next to a 6 is still born, an ON cell is killed even if
    // the rule keeps it (two ON neighbours), a marked one dies marked.
    EXPECT_EQ(h->next(block(0, {1, 1, 1, 6})), 1);
    EXPECT_EQ(h->next(block(1, {1, 1, 0, 6})), 2);
    EXPECT_EQ(h->next(block(3, {1, 1, 0, 6})), 4);
    EXPECT_EQ(h->next(block(5, {1, 1, 0, 0, 0, 0, 0, 6})), 4);
    EXPECT_EQ(h->next(block(2, {1, 1, 1, 6})), 1);
}

TEST(LifeSuper, BirthsTakeTheirNeighboursColour) {
    const auto s = rule("LifeSuper");
    EXPECT_EQ(s->next(block(0, {9, 9, 9})), 9);  // one trail state
    EXPECT_EQ(s->next(block(0, {11, 0, 11, 0, 11})), 11);
    EXPECT_EQ(s->next(block(0, {21, 21, 21})), 21);  // one no-trail state
    EXPECT_EQ(s->next(block(0, {9, 11, 9})), 1);     // trails disagree
    EXPECT_EQ(s->next(block(0, {13, 15, 13})), 13);  // no-trail states disagree
    EXPECT_EQ(s->next(block(0, {3, 15, 15})), 15);   // marked with one no-trail
    EXPECT_EQ(s->next(block(0, {7, 9, 9})), 9);      // boundary with one trail
    EXPECT_EQ(s->next(block(0, {7, 9, 13})), 1);     // ... and no other
    EXPECT_EQ(s->next(block(0, {3, 15, 17})), 1);    // marked with two no-trails
    EXPECT_EQ(s->next(block(0, {7, 7, 7})), 13);     // boundary alone
    EXPECT_EQ(s->next(block(0, {7, 17, 19})), 13);
    EXPECT_EQ(s->next(block(0, {1, 13, 13})), 1);  // plain ON involved
    EXPECT_EQ(s->next(block(0, {3, 3, 3})), 1);
    EXPECT_EQ(s->next(block(0, {5, 9, 9})), 1);
    EXPECT_EQ(s->next(block(2, {13, 13, 13})), 13);  // on a trail state
    EXPECT_EQ(s->next(block(24, {9, 9, 9})), 9);     // on a label state
    EXPECT_EQ(s->next(block(4, {9, 9, 9})), 3);      // marked OFF -> marked ON
    EXPECT_EQ(s->next(block(8, {9, 9, 9})), 7);      // no-trail boundary
    EXPECT_EQ(s->next(block(6, {9, 9, 9})), 6);      // never born
}

TEST(LifeSuper, DeathsLeaveTheirTrailOrNothing) {
    const auto s = rule("LifeSuper");
    const std::pair<int, int> deaths[] = {{1, 2},   {3, 4},  {5, 4},  {7, 8},  {9, 10},
                                          {11, 12}, {13, 0}, {15, 0}, {17, 0}, {19, 0},
                                          {21, 0},  {23, 0}, {25, 0}};
    for (auto [on, off] : deaths) {
        EXPECT_EQ(s->next(block(std::uint8_t(on), {})), off) << on;
        EXPECT_EQ(s->next(block(std::uint8_t(on), {1, 1})), on) << on;  // survives unchanged
    }
    // A no-trail glider leaves nothing behind: after four generations the
    // torus holds the glider, moved, and zeros.
    StateTorus g(8, 8, {{0, 17}, {0, 0, 17}, {17, 17, 17}});
    for (int i = 0; i < 4; ++i) g = g.step(*s);
    EXPECT_EQ(g, StateTorus(8, 8, {{}, {0, 0, 17}, {0, 0, 0, 17}, {0, 17, 17, 17}}));
}

TEST(LifeSuper, LabelStatesChangeWhileOff) {
    const auto s = rule("LifeSuper");
    EXPECT_EQ(s->next(block(14, {})), 0);
    EXPECT_EQ(s->next(block(16, {})), 16);
    EXPECT_EQ(s->next(block(16, {0, 25})), 14);
    EXPECT_EQ(s->next(block(16, {0, 0, 14})), 14);
    EXPECT_EQ(s->next(block(16, {0, 0, 2})), 16);
    EXPECT_EQ(s->next(block(18, {22})), 22);
    EXPECT_EQ(s->next(block(18, {20})), 18);
    EXPECT_EQ(s->next(block(20, {18})), 18);
    EXPECT_EQ(s->next(block(22, {20})), 20);
    EXPECT_EQ(s->next(block(22, {18})), 22);
    EXPECT_EQ(s->next(block(24, {})), 24);
    EXPECT_EQ(s->next(block(24, {18})), 18);
    EXPECT_EQ(s->next(block(24, {0, 0, 0, 0, 0, 0, 0, 3})), 18);
    EXPECT_EQ(s->next(block(24, {16})), 24);
}

TEST(LifeSuper, BoundaryCellsRemoveTheExtraStates) {
    const auto s = rule("LifeSuper");
    for (int c : {7, 8, 13, 14, 15, 16, 18, 20, 22, 24, 25})
        EXPECT_EQ(s->next(block(std::uint8_t(c), {6})), 0) << c;
    EXPECT_EQ(s->next(block(9, {6, 9, 9})), 10);
    EXPECT_EQ(s->next(block(11, {6})), 12);
    EXPECT_EQ(s->next(block(5, {6})), 4);
    EXPECT_EQ(s->next(block(2, {6})), 2);
    EXPECT_EQ(s->next(block(10, {6, 1, 1, 1})), 1);  // a trail cell next to a 6 is born
    EXPECT_EQ(s->next(block(6, {6})), 6);
}

TEST(LifeInvestigator, SpecialStatesForceAndToggle) {
    const auto v = rule("LifeInvestigator");
    const std::pair<int, int> fixed_or_toggle[] = {{2, 2},   {3, 3},   {4, 4},   {5, 5},   {6, 7},
                                                   {7, 6},   {8, 8},   {9, 9},   {10, 11}, {11, 10},
                                                   {12, 13}, {13, 12}, {14, 14}, {15, 15}, {16, 16},
                                                   {17, 17}, {18, 18}, {19, 20}, {20, 19}};
    for (auto [c, n] : fixed_or_toggle)
        EXPECT_EQ(v->next(block(std::uint8_t(c), {1, 1, 1})), n) << c;
    EXPECT_EQ(v->next(block(1, {1, 1, 2})), 0);     // killer (treated ON: would survive)
    EXPECT_EQ(v->next(block(1, {1, 1, 0, 3})), 0);  // killer OFF
    EXPECT_EQ(v->next(block(0, {8})), 1);           // egg
    EXPECT_EQ(v->next(block(1, {8})), 0);           // an egg is only ON to a 1: one neighbour
    EXPECT_EQ(v->next(block(1, {8, 4})), 1);        // eternal ON counts
    EXPECT_EQ(v->next(block(0, {5, 5, 5})), 0);     // eternal OFF does not
    EXPECT_EQ(v->next(block(0, {14})), 1);          // inverter
    EXPECT_EQ(v->next(block(1, {14, 1, 1})), 0);
    EXPECT_EQ(v->next(block(0, {15, 15, 15})), 0);  // a catalyst needs a 1
    EXPECT_EQ(v->next(block(0, {15, 15, 1})), 1);
    EXPECT_EQ(v->next(block(0, {17, 17, 17})), 1);  // ON for births
    EXPECT_EQ(v->next(block(1, {17, 17})), 0);      // OFF for survival
    EXPECT_EQ(v->next(block(1, {18, 18})), 1);      // ON for survival
    EXPECT_EQ(v->next(block(0, {18, 18, 18})), 0);  // OFF for births
    EXPECT_EQ(v->next(block(0, {19, 1, 1})), 1);
    EXPECT_EQ(v->next(block(1, {20, 1})), 1);
}

TEST(SuperFamily, NeighbourhoodsIgnoreTheirOutsideCells) {
    // Hexagonal: NE and SW are not neighbours, NW and SE are.
    const auto hex = rule("B2/S34HHistory");
    EXPECT_EQ(hex->next(block(0, {0, 0, 1, 0, 0, 1})), 0);
    EXPECT_EQ(hex->next(block(0, {1, 0, 0, 0, 0, 0, 0, 1})), 1);
    EXPECT_EQ(hex->next(block(1, {1, 1, 6, 1})), 1);  // a 6 at NE is no neighbour
    EXPECT_EQ(hex->next(block(1, {1, 1, 0, 1, 6})), 2);
    // von Neumann: only N, W, E, S.
    const auto vn = rule("B2/S1VSuper");
    EXPECT_EQ(vn->next(block(0, {9, 0, 9})), 0);
    EXPECT_EQ(vn->next(block(0, {0, 9, 0, 0, 0, 0, 9})), 9);
    EXPECT_EQ(vn->next(block(0, {6, 9, 0, 0, 0, 0, 9})), 9);  // a corner 6 is no neighbour
    EXPECT_EQ(vn->next(block(0, {1, 9, 0, 0, 0, 0, 9})), 9);  // nor a corner 1
}

// The ON cells (odd states) after a step, on random soups without state 6,
// are the plain two-state rule applied to the ON cells.
void expect_on_picture_follows(const std::string& base, const std::string& suffix,
                               std::vector<std::uint8_t> states) {
    const auto family = rule(base + suffix);
    ASSERT_TRUE(family);
    const Range1Table table = Rule::parse(base).range1_table();
    std::mt19937_64 rng(std::hash<std::string>{}(base + suffix));
    for (int trial = 0; trial < 4; ++trial) {
        StateTorus t(31, 23);
        t.fill_random(rng, states, 0.45);
        for (int gen = 0; gen < 6; ++gen) {
            const StateTorus next = t.step(*family);
            for (int y = 0; y < t.height; ++y)
                for (int x = 0; x < t.width; ++x) {
                    unsigned index = 0;
                    for (int k = 0; k < 9; ++k)
                        index |= unsigned(t.at(x + k % 3 - 1, y + k / 3 - 1) & 1) << (8 - k);
                    ASSERT_EQ(next.at(x, y) & 1, int(table.next(index)))
                        << base << suffix << " at " << x << "," << y << " gen " << gen;
                }
            t = next;
        }
    }
}

TEST(SuperFamily, OnCellsFollowTheTwoStateRule) {
    const std::vector<std::uint8_t> history{1, 1, 1, 2, 3, 4, 5};
    std::vector<std::uint8_t> super{1, 1, 1, 1};
    for (int s = 2; s < 26; ++s)
        if (s != 6) super.push_back(std::uint8_t(s));
    // A random table as a MAP rule (no birth on an empty neighbourhood).
    std::mt19937_64 rng(3);
    Range1Table random_table;
    for (unsigned i = 1; i < Range1Table::kSize; ++i) random_table.set(i, rng() & 1);
    const std::string map = Rule::from_table(random_table, Neighbourhood::Moore).to_string();
    for (const std::string& base :
         {std::string("B3/S23"), std::string("B36/S23"), std::string("B3-kq4j/S2-i34q"),
          std::string("B2/S34H"), std::string("B2/S013V"), std::string("B35678/S5678"), map}) {
        expect_on_picture_follows(base, "History", history);
        expect_on_picture_follows(base, "Super", super);
        expect_on_picture_follows(base, "Investigator", {1});
    }
}

// step_row is next() for every cell, whatever the states around.
TEST(SuperFamily, StepRowIsNextPerCell) {
    std::mt19937_64 rng(11);
    for (const char* name : {"LifeHistory", "LifeSuper", "LifeInvestigator", "B2/S34HSuper",
                             "B2/S1VHistory", "B3-kq4j/S2-i34qInvestigator"}) {
        const auto r = rule(name);
        std::vector<std::uint8_t> all;
        for (int s = 1; s < r->states(); ++s) all.push_back(std::uint8_t(s));
        for (double density : {0.05, 0.3, 0.9}) {
            StateTorus t(37, 19);
            t.fill_random(rng, all, density);
            // Mostly plain cells, some of every state: both paths of step_row.
            for (auto& c : t.cells)
                if (c > 1 && rng() % 4) c = 1;
            EXPECT_EQ(t.step_rows(*r), t.step(*r)) << name << " density " << density;
            // Only 0 and 1 (the lookup path), with an empty band (zeros).
            t.fill_random(rng, {1}, density);
            for (int x = 0; x < t.width; ++x) t.at(x, 3) = t.at(x, 4) = t.at(x, 5) = t.at(x, 6) = 0;
            EXPECT_EQ(t.step_rows(*r), t.step(*r)) << name << " plain, density " << density;
            // 0, 1 and 2 (History and Super's trails: still plain), and 3.
            t.fill_random(rng, {1, 1, 2, 2, 2}, density);
            t.at(int(rng() % 37), int(rng() % 19)) = 3;
            EXPECT_EQ(t.step_rows(*r), t.step(*r)) << name << " trails, density " << density;
        }
    }
}

TEST(SuperFamily, ColoursAreGollys) {
    EXPECT_EQ(rule("LifeHistory")->colours().size(), 7u);
    EXPECT_EQ(rule("LifeHistory")->colours()[2], (StateColour{0, 0, 128}));
    EXPECT_EQ(rule("LifeSuper")->colours()[2], (StateColour{0, 0, 160}));
    EXPECT_EQ(rule("LifeSuper")->colours().size(), 26u);
    EXPECT_EQ(rule("LifeInvestigator")->colours().size(), 21u);
    EXPECT_EQ(rule("LifeInvestigator")->colours()[14], (StateColour{0, 0, 254}));
}

TEST(SuperFamily, DigestsTellRulesApart) {
    EXPECT_EQ(rule("LifeHistory")->digest(), rule("B3/S23History")->digest());
    EXPECT_NE(rule("LifeHistory")->digest(), rule("LifeSuper")->digest());
    EXPECT_NE(rule("LifeHistory")->digest(), rule("B36/S23History")->digest());
    EXPECT_NE(rule("B2/S34HHistory")->digest(), rule("B2/S34History")->digest());
}

}  // namespace
}  // namespace toroid
