// Generations rules: parsing and canonical strings against forms written by
// hand from Golly's documentation, the multi-state Grid, and the multi-state
// CPU backend against the cell-by-cell reference (reference_multistate.hpp)
// on random rules, neighbourhoods, letters, awkward tori and thread counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "input_error_of.hpp"
#include "reference_multistate.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {
namespace {

using testing::input_error_of;

std::string canon(const char* text) {
    return Rule::parse(text).to_string();
}

TEST(GenerationsRule, GollysFormsHaveOneCanonicalString) {
    EXPECT_EQ(canon("345/2/4"), "345/2/4");  // Star Wars
    EXPECT_EQ(canon("B2/S345/C4"), "345/2/4");
    EXPECT_EQ(canon("g4b2s345"), "345/2/4");  // Catagolue
    EXPECT_EQ(canon("/2/3"), "/2/3");         // Brian's Brain
    EXPECT_EQ(canon("B2/S/C3"), "/2/3");
    EXPECT_EQ(canon("B2/S/3"), "/2/3");
    EXPECT_EQ(canon("S/B2/C3"), "/2/3");
    EXPECT_EQ(canon("23/3/256"), "23/3/256");
    EXPECT_EQ(canon("2/2/5H"), "2/2/5H");
    EXPECT_EQ(canon("B2/S2H/C5"), "2/2/5H");
    EXPECT_EQ(canon("B2/S2/C5V"), "2/2/5V");
    EXPECT_EQ(canon("/2/3:T100,80"), "/2/3:T100,80");
    EXPECT_EQ(canon("B2a/S/C3"), "/2a/3");
    EXPECT_EQ(canon("g3b2as"), "/2a/3");
    // Letters covering whole counts are the count rule.
    EXPECT_EQ(canon("B2cekain/S/C3"), "/2/3");
    EXPECT_EQ(Rule::parse("/2/3").states(), 3);
    EXPECT_TRUE(Rule::parse("/2/3").multi_state());
    EXPECT_EQ(Rule::parse("/2/3").two_state(), Rule::parse("B2/S"));
    EXPECT_EQ(Rule::parse("345/2/4").two_state().to_string(), "B2/S345");
    // Two states are the Life-like rule.
    EXPECT_EQ(Rule::parse("23/3/2"), Rule::parse("B3/S23"));
    EXPECT_FALSE(Rule::parse("g2b3s23").multi_state());
    for (const char* text : {"345/2/4", "/2/3", "2/2/5H", "/2a/3", "12/34/100V:T7,9"})
        EXPECT_EQ(Rule::parse(Rule::parse(text).to_string()), Rule::parse(text)) << text;
}

TEST(GenerationsRule, BadStateCountsAndProbabilitiesSayWhere) {
    const std::string c257 = input_error_of([] { Rule::parse("B2/S345/C257"); });
    EXPECT_NE(c257.find("column 10"), std::string::npos) << c257;
    EXPECT_NE(c257.find("2 to 256 states, not 257"), std::string::npos) << c257;
    EXPECT_NE(input_error_of([] { Rule::parse("B2/S/C1"); }).find("not 1"), std::string::npos);
    EXPECT_NE(input_error_of([] { Rule::parse("/2/0"); }).find("column 4"), std::string::npos);
    EXPECT_NE(input_error_of([] { Rule::parse("/2/3x"); }).find("column 5"), std::string::npos);
    EXPECT_NE(input_error_of([] { Rule::parse("g300b2s"); }).find("not 300"), std::string::npos);
    EXPECT_NE(input_error_of([] { Rule::parse("g4s2"); }).find("'b'"), std::string::npos);
    EXPECT_NE(input_error_of([] { Rule::parse("B2(1/2)/S/C3"); }).find("Generations"),
              std::string::npos);
    EXPECT_NE(input_error_of([] { Rule::parse("B9/S/C3"); }).find("out of range"),
              std::string::npos);
    EXPECT_THROW(Rule::generations(Rule::parse("B3/S23"), 257), InputError);
    EXPECT_EQ(Rule::generations(Rule::parse("B2/S"), 3), Rule::parse("/2/3"));
}

TEST(GenerationsRule, TwoStateEnginesRefuseThemRatherThanRunAnotherRule) {
    const Rule brain = Rule::parse("/2/3");
    const std::string why = input_error_of([&] { (void)brain.compile(); });
    EXPECT_NE(why.find("3 states"), std::string::npos) << why;
    EXPECT_NE(why.find("'cpu'"), std::string::npos) << why;
    EXPECT_THROW((void)brain.range1_table(), UnsupportedRule);
    EXPECT_NO_THROW((void)brain.two_state().compile());
}

TEST(GenerationsRule, OnlyTheMultiStateBackendsRunThemAndAutoChoosesOne) {
    // In a CUDA build the registry holds "cuda", whose multi-state backend
    // runs them where a device exists (tests/gpu/test_cuda_multistate.cpp)
    // and is refused as unusable elsewhere; hashlife refuses them everywhere.
    for (const char* text : {"/2/3", "R5,C0,M1,S34..58,B34..45,NM"}) {
        const Rule rule = Rule::parse(text);
        const std::vector<std::string> usable = backend_registry().available();
        const bool device = std::find(usable.begin(), usable.end(), "cuda") != usable.end();
        EXPECT_EQ(create_backend("auto", rule)->name(), device ? "cuda" : "cpu");
        EXPECT_EQ(create_backend("auto", rule, {}, Workload::Sparse)->name(), "cpu");
        for (const std::string& name : backend_registry().registered()) {
            if (name == "cpu" || (name == "cuda" && device)) continue;
            const std::string why = input_error_of([&] { create_backend(name, rule); });
            EXPECT_NE(why, "(no InputError)") << name << " ran " << text;
        }
    }
}

TEST(MultiStateGrid, StatesLiveInTheLivePlaneAndACounter) {
    Grid g(70, 3);
    EXPECT_EQ(g.state_planes(), 0);
    const std::uint64_t empty_hash = g.hash();
    g.set(1, 1, true);
    const std::uint64_t two_state_hash = g.hash();
    g.set_state(65, 2, 5);  // k = 4: three planes
    EXPECT_EQ(g.state_planes(), 3);
    EXPECT_EQ(g.state(65, 2), 5);
    EXPECT_EQ(g.state(1, 1), 1);
    EXPECT_TRUE(g.get(65, 2));
    EXPECT_EQ(g.population(), 2u);
    EXPECT_EQ(g.max_state(), 5);
    EXPECT_NE(g.hash(), two_state_hash);
    EXPECT_EQ(g.state_counts()[5], 1u);
    EXPECT_EQ(g.state_counts()[1], 1u);
    EXPECT_EQ(g.state_counts()[0], 70u * 3 - 2);
    EXPECT_EQ(g.bounding_box(), (Rect{1, 1, 65, 2}));
    // Cropping and pasting carry every plane, wrapping.
    const Grid c = g.crop({64, 1, 3, 2});
    EXPECT_EQ(c.state(1, 1), 5);
    Grid h(10, 10);
    h.paste(c, 9, 9);
    EXPECT_EQ(h.state(0, 0), 5);
    h.paste(Grid(3, 2), 9, 9);  // a two-state source overwrites the counter too
    EXPECT_EQ(h.population(), 0u);
    g.set(65, 2, true);  // a live cell is never also counted
    EXPECT_EQ(g.state(65, 2), 1);
    g.clear();
    EXPECT_EQ(g.population(), 0u);
    EXPECT_EQ(Grid::planes_for_states(2), 0);
    EXPECT_EQ(Grid::planes_for_states(3), 1);
    EXPECT_EQ(Grid::planes_for_states(4), 2);
    EXPECT_EQ(Grid::planes_for_states(5), 2);
    EXPECT_EQ(Grid::planes_for_states(6), 3);
    EXPECT_EQ(Grid::planes_for_states(256), 8);
    EXPECT_THROW(g.set_state(0, 0, 256), InputError);
    EXPECT_EQ(Grid(5, 5).hash(), Grid(5, 5).hash());
    (void)empty_hash;
}

// A random Generations rule: counts, or letters on a third of them.
Rule random_generations_rule(std::mt19937_64& rng, Neighbourhood n, int states, bool letters) {
    const int max = n == Neighbourhood::Moore ? 8 : n == Neighbourhood::Hexagonal ? 6 : 4;
    LetterMasks birth{}, survive{};
    for (int k = 0; k <= max; ++k) {
        const std::uint16_t full = full_mask(n, k);
        auto pick = [&]() -> std::uint16_t {
            if (rng() % 2) return 0;
            if (letters && n != Neighbourhood::VonNeumann && rng() % 3 == 0)
                return std::uint16_t(rng() & full);
            return full;
        };
        birth[std::size_t(k)] = k == 0 ? 0 : pick();  // B0 on its own test below
        survive[std::size_t(k)] = pick();
    }
    return Rule::generations(Rule::from_letters(n, birth, survive), states);
}

void expect_matches_reference(const Rule& rule, const Grid& start, int threads, int gens) {
    SCOPED_TRACE(rule.to_string() + " on " + std::to_string(start.width()) + "x" +
                 std::to_string(start.height()) + ", " + std::to_string(threads) + " threads");
    BackendOptions options;
    options.threads = threads;
    auto backend = create_backend("cpu", rule, options);
    backend->load(start);
    Grid expected = start;
    for (int chunk = 0; chunk < 3; ++chunk) {
        backend->step(std::uint64_t(gens));
        expected = testing::reference_generations_run(expected, rule, std::uint64_t(gens));
        const Grid got = backend->grid();
        ASSERT_EQ(got, expected) << "after " << (chunk + 1) * gens << " generations";
        ASSERT_EQ(backend->population(), expected.population());
        ASSERT_EQ(backend->hash(), expected.hash());
    }
}

TEST(GenerationsBackend, MatchesTheReferenceOnRandomRulesTheeNeighbourhoodsAndAwkwardTori) {
    std::mt19937_64 rng(2311);
    const std::pair<int, int> sizes[] = {{1, 1},  {1, 7},  {3, 2},   {7, 1},    {63, 5},
                                         {64, 3}, {65, 9}, {127, 4}, {130, 17}, {200, 33}};
    const Neighbourhood hoods[] = {Neighbourhood::Moore, Neighbourhood::Hexagonal,
                                   Neighbourhood::VonNeumann};
    int i = 0;
    for (auto [w, h] : sizes) {
        for (Neighbourhood n : hoods) {
            const int states = int(3 + rng() % 12);
            const Rule rule = random_generations_rule(rng, n, states, i % 2 == 1);
            const Grid start = testing::random_state_grid(w, h, states, 0.4, rng());
            expect_matches_reference(rule, start, 1 + i % 3, 4);
            ++i;
        }
    }
}

TEST(GenerationsBackend, KnownRulesManyStatesBirthOnZeroAndThreads) {
    std::mt19937_64 rng(7);
    for (const char* text : {"/2/3", "345/2/4", "B2/S345/C256", "12/34/9H", "0/1/5V", "/0123/4",
                             "B0/S/C3", "1e2-a3-cij4aijkrtz5cnqr/2ce3aejnr4aj5y6a/3"}) {
        const Rule rule = Rule::parse(text);
        const Grid start = testing::random_state_grid(97, 41, rule.states(), 0.5, rng());
        for (int threads : {1, 2, 4}) expect_matches_reference(rule, start, threads, 5);
    }
}

// The backend steps only the rows that hold cells (and the neighbourhood's
// reach around them): small patterns in tall tori, placed across the top
// and bottom edge, dying out or spreading, with edits between steps, match
// the reference every few generations.
TEST(GenerationsBackend, OccupiedRowsAcrossTheEdgeMatchTheReference) {
    std::mt19937_64 rng(99);
    for (const char* text : {"345/2/4", "/2/3", "23/3/3", "B2/S345/C256", "12/34/9H",
                             "R2,C3,M0,S3..5,B3..4,NM", "R2,C2,M0,S3..5,B3..4,NM"}) {
        const Rule rule = Rule::parse(text);
        for (std::int64_t y : {0, 150, 197}) {  // the pattern at the top, middle, across
            Grid start(70, 200);
            start.set_state_planes(Grid::planes_for_states(rule.states()));
            const Grid blob = testing::random_state_grid(12, 9, rule.states(), 0.5, rng());
            start.paste(blob, 30, y);
            expect_matches_reference(rule, start, 1 + int(y % 2), 7);
        }
        // A lone cell far from a blob: its rows empty at once (under a
        // two-state range rule with no decay), the band shrinks by many rows.
        {
            Grid lone(40, 120);
            lone.set_state_planes(Grid::planes_for_states(rule.states()));
            lone.paste(testing::random_state_grid(10, 10, rule.states(), 0.7, rng()), 5, 20);
            lone.set(30, 90, true);
            expect_matches_reference(rule, lone, 1, 1);
        }
        // Edits far from the band (another row) and an emptied torus.
        if (std::string(text) == "/2/3") {
            // Brian's Brain's ship, heading up, laps a tall torus twice: its
            // rows stay two (the band follows it round), its cells the
            // reference's.
            Grid ship(16, 200);
            ship.set_state_planes(1);
            for (int x : {7, 8}) ship.set_state(x, 5, 1), ship.set_state(x, 6, 2);
            auto bb = create_backend("cpu", rule);
            bb->load(ship);
            bb->step(450);
            const Grid want = testing::reference_generations_run(ship, rule, 450);
            ASSERT_EQ(bb->grid(), want);
            EXPECT_EQ(bb->occupied_rect().height, 2);
            EXPECT_EQ(bb->read_region(bb->occupied_rect()).population(), 4u);
        }
        auto b = create_backend("cpu", rule);
        Grid g(64, 128);
        g.set_state_planes(Grid::planes_for_states(rule.states()));
        g.paste(testing::random_state_grid(8, 8, rule.states(), 0.6, rng()), 10, 10);
        b->load(g);
        b->step(3);
        Grid expected = testing::reference_generations_run(g, rule, 3);
        b->set(40, 100, true);
        expected.set(40, 100, true);
        b->step(4);
        expected = testing::reference_generations_run(expected, rule, 4);
        ASSERT_EQ(b->grid(), expected) << text;
        ASSERT_EQ(b->hash(), expected.hash()) << text;
        ASSERT_EQ(b->population(), expected.population()) << text;
        b->reset(64, 128);
        b->step(5);
        EXPECT_EQ(b->population(), 0u);
        EXPECT_EQ(b->generation(), 5u);
    }
}

TEST(GenerationsBackend, CellsEditsAndBadStates) {
    const Rule rule = Rule::parse("/2/3");
    auto b = create_backend("cpu", rule);
    EXPECT_NE(b->describe().find("multi-state"), std::string::npos);
    b->reset(10, 10);
    b->set(1, 1, true);
    b->set(2, 1, true);
    EXPECT_EQ(b->population(), 2u);
    b->step(1);  // both die (state 2); (1,0),(2,0),(1,2),(2,2) are born
    const Grid g = b->grid();
    EXPECT_EQ(g.state(1, 1), 2);
    EXPECT_EQ(g.state(2, 1), 2);
    EXPECT_EQ(g.state(1, 0), 1);
    EXPECT_EQ(g.state(2, 2), 1);
    EXPECT_EQ(b->population(), 6u);
    b->step(1);
    EXPECT_EQ(b->grid().state(1, 1), 0);
    Grid bad(4, 4);
    bad.set_state(0, 0, 3);
    const std::string why = input_error_of([&] { b->load(bad); });
    EXPECT_NE(why.find("state 3"), std::string::npos) << why;
    // A region written with states comes back with them.
    Grid patch(2, 1);
    patch.set_state(1, 0, 2);
    b->load(Grid(6, 6));
    b->write_region(patch, 5, 5);
    EXPECT_EQ(b->grid().state(0, 5), 2);
    EXPECT_EQ(b->read_region({5, 5, 2, 1}), patch);
}

}  // namespace
}  // namespace toroid
