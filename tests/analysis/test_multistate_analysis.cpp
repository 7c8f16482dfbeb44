// identify() and analyse_methuselah() under rules of more than two states
// and ranges beyond 1 (Generations, Larger than Life, HROT): answers worked
// out by hand from the rules' definitions, and random patterns against the
// naive cell-by-cell reference (reference_multistate.hpp), which shares
// nothing with the backends the analysers run on.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "reference_multistate.hpp"
#include "toroid/analysis/canonical_code.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/methuselah.hpp"
#include "toroid/analysis/plane.hpp"
#include "toroid/analysis/selftest.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/reference_stepper.hpp"
#include "toroid/error.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

using testing::cells_of;
using testing::grid_of;
using testing::random_state_grid;
using testing::reference_generations_run;
using testing::StateCells;

Grid cells_from(const char* rle) {
    return parse_pattern(rle, "test").cells;
}

// --- identify: by hand -------------------------------------------------------

// Brian's Brain's c/1 ship: two firing cells (A) side by side with two
// refractory cells (B) behind them. The firing cells go refractory, the
// refractory ones go off, and the two cells ahead, each next to both firing
// cells and in state 0, are born: the same shape one cell to the right.
TEST(MultiStateIdentify, BriansBrainShipByHand) {
    const Identification id =
        identify(cells_from("x = 2, y = 2, rule = /2/3\nBA$BA!"), Rule::parse("/2/3"));
    EXPECT_EQ(id.kind, "spaceship");
    EXPECT_EQ(id.period, 1u);
    EXPECT_EQ(id.dx, 1);
    EXPECT_EQ(id.dy, 0);
    EXPECT_EQ(id.speed, "c orthogonal");
    EXPECT_EQ(id.settles_at, 0u);
    EXPECT_EQ(id.population_min, 4u);
    EXPECT_EQ(id.population_max, 4u);
    // Heat counts changed states: in each row B A . becomes . B A, all three.
    EXPECT_DOUBLE_EQ(id.heat, 6.0);
    // lifelib's layered code (python-lifelib's apgcode in g3b2s).
    EXPECT_EQ(id.code, "xq1_03_3");
    // Turned round, it moves left; on end, up.
    const Identification left =
        identify(cells_from("x = 2, y = 2, rule = /2/3\nAB$AB!"), Rule::parse("/2/3"));
    EXPECT_EQ(left.dx, -1);
    const Identification up =
        identify(cells_from("x = 2, y = 2, rule = /2/3\n2A$2B!"), Rule::parse("/2/3"));
    EXPECT_EQ(up.dx, 0);
    EXPECT_EQ(up.dy, -1);
}

// A lone live cell never survives in Brian's Brain and has no neighbours to
// be born from: 1 -> 2 -> 0, gone at generation 2; with 5 states it decays
// through 2, 3, 4 and is gone at 4.
// Generations objects get lifelib's layered apgcodes. The expected codes are
// python-lifelib's (PyPI lifelib, pattern.apgcode) for objects its soups
// left in g4b2s345 (Star Wars) and g3b3s23, given here in other phases and
// orientations than lifelib's canonical one.
TEST(MultiStateIdentify, GenerationsCodesAreLifelibs) {
    struct Case {
        const char* rule;
        const char* rle;
        const char* code;
    };
    const Case cases[] = {
        {"g3b3s23", "2A$AB$2.BA$2.2A!", "xp3_318c"},  // shortest in its phase without B
        {"g4b2s345", "CBA$CBA!", "xq1_11_66_22"},
        {"g4b2s345", "ABC$ABC$.ABC$2.ABC$4.ABC!", "xq1_3480g_037c8gg_03480g"},
        {"g4b2s345", ".A$3A$.A!", "xs5_272"},
        {"g4b2s345", "2.A$4A$B.A$.C!", "xp12_05e4_6_2"},
        {"g4b2s345", "C.B$B2A.B$A.2AC$.A.2A$2.BC!", "xp4_06dq_5hg0c_4hw4"},
        {"g4b2s345", ".C$A$2B$2C$2.A$3AB$B2C.A$.2AB$3A$.2A!", "xq4_w304e1e6_b207106_2w3w6"},
        {"g4b2s345", "2.CB$C.C$2.A$ABAB$B3C$C3.C$.3AB$A2B.A$.3A$.2A!",
         "xq2_67u01aw8_xnu01f408_xhew54"},
        {"g4b2s345", "3.ABC$4.A$.C.2AB$B.2A.A$3A$2.A$C.A.C$B3A$A.A.A$2.CB!",
         "xp4_0gqcm2z1kf44_ow11czcwg8_gw108z8x8"},
        {"g4b2s345", "C5.C$BC4.B$ABC2.CA$.AB2CB$2.A2BA$3.2A!", "xq1_48gwg4zx11_36cooc3_248gg82"},
    };
    for (const Case& c : cases) {
        const std::string rle = std::string("x = 16, y = 16, rule = ") + c.rule + "\n" + c.rle;
        const Rule rule = Rule::parse(c.rule);
        const Grid cells = cells_from(rle.c_str());
        EXPECT_EQ(identify(cells, rule).code, c.code) << c.rule << " " << c.rle;
        // Every orientation of the object has the same code.
        for (int o = 1; o < 8; ++o)
            EXPECT_EQ(identify(orient(cells, o), rule).code, c.code) << c.rle << " o=" << o;
    }
}

TEST(MultiStateIdentify, GenerationsLayersCountDownTheDyingStates) {
    // g6: states 2..5 have 3..0 generations left, two counter bits.
    Grid g(5, 1);
    for (int s = 1; s <= 5; ++s) g.set_state(s - 1, 0, s);
    const std::vector<Grid> layers = generations_layers(g, 6);
    ASSERT_EQ(layers.size(), 4u);
    EXPECT_EQ(wechsler_of_box(layers[0]), "1");
    EXPECT_EQ(wechsler_of_box(layers[1]), "01111");
    EXPECT_EQ(wechsler_of_box(layers[2]), "0101");  // 3 and 1 left
    EXPECT_EQ(wechsler_of_box(layers[3]), "011");   // 3 and 2 left
    // Trailing empty layers are dropped: only live and last-state cells.
    Grid h(2, 1);
    h.set_state(0, 0, 1);
    h.set_state(1, 0, 5);
    EXPECT_EQ(generations_layers(h, 6).size(), 2u);
    EXPECT_EQ(generations_layers(Grid(3, 3), 6).size(), 1u);
}

TEST(MultiStateIdentify, LoneCellDecaysThroughEveryState) {
    const Grid one = cells_from("x = 1, y = 1\no!");
    const Identification bb = identify(one, Rule::parse("/2/3"));
    EXPECT_EQ(bb.kind, "dies");
    EXPECT_EQ(bb.settles_at, 2u);
    const Identification five = identify(one, Rule::parse("/2/5"));
    EXPECT_EQ(five.kind, "dies");
    EXPECT_EQ(five.settles_at, 4u);
    // A cell already in state 3 of 5: 3 -> 4 -> 0.
    EXPECT_EQ(identify(cells_from("x = 1, y = 1, rule = /2/5\nC!"), Rule::parse("/2/5")).settles_at,
              2u);
}

// Range 2, Moore, the middle not counted: a lone cell counts 0 and survives
// (S0); an empty cell sees at most 1 live cell, far below B24. Two cells 3
// apart on a row are out of each other's range 2: still. A pair side by
// side counts 1 each and dies without S1; its empty neighbours see at most
// 2: gone at generation 1 (C0: no decay). With C3 the pair decays through
// state 2 first: gone at generation 2.
TEST(MultiStateIdentify, RangeTwoStillLifeAndDeathByHand) {
    const Rule r = Rule::parse("R2,C0,M0,S0..0,B24..24,NM");
    const Identification lone = identify(cells_from("x = 1, y = 1\no!"), r);
    EXPECT_EQ(lone.kind, "still");
    EXPECT_EQ(lone.period, 1u);
    const Identification apart = identify(cells_from("x = 4, y = 1\no2bo!"), r);
    EXPECT_EQ(apart.kind, "still");
    EXPECT_EQ(apart.population_max, 2u);
    const Identification pair = identify(cells_from("x = 2, y = 1\n2o!"), r);
    EXPECT_EQ(pair.kind, "dies");
    EXPECT_EQ(pair.settles_at, 1u);
    const Identification decaying =
        identify(cells_from("x = 2, y = 1\n2o!"), Rule::parse("R2,C3,M0,S0..0,B24..24,NM"));
    EXPECT_EQ(decaying.kind, "dies");
    EXPECT_EQ(decaying.settles_at, 2u);
}

// --- identify against the reference ----------------------------------------

// The plane re-embeds growing patterns with a margin of range + 1 cells:
// their evolution is the unbounded one, cell for cell, that the reference
// gives on a torus too large for light to cross in the generations run.
TEST(MultiStatePlane, GrowingPatternsFollowTheReference) {
    std::mt19937_64 rng(31);
    for (const char* text : {"R3,C4,M0,S2..6,B1..3,NM", "R2,C0,M1,S3..5,B2..3,NN",
                             "R3,C3,M0,S1..4,B1..2,NC", "2345/2/5", "/2/3H"}) {
        const Rule rule = Rule::parse(text);
        const Grid pattern = random_state_grid(4, 4, rule.states(), 0.5, rng());
        const int gens = 24;
        const std::int64_t reach = rule.range_rule() ? rule.range().range : 1;
        const std::int64_t side = 4 + 2 * (reach * gens + 2);
        Grid torus(side, side);
        const std::int64_t o = (side - 4) / 2;
        torus.paste(pattern, o, o);
        Plane plane(pattern, rule);
        for (int g = 1; g <= gens; ++g) {
            plane.step();
            torus = reference_generations_run(torus, rule, 1);
            SCOPED_TRACE(std::string(text) + " at generation " + std::to_string(g));
            Rect want = torus.bounding_box();
            const Rect got = plane.bounding_box();
            if (want.empty()) {
                EXPECT_TRUE(got.empty());
                break;
            }
            Grid crop = torus.crop(want);
            want.x -= o, want.y -= o;
            ASSERT_EQ(got, want);
            crop.set_state_planes(plane.cells().state_planes());
            ASSERT_EQ(plane.cells(), crop);
        }
    }
}
struct Orbit {
    bool dies = false;
    std::uint64_t start = 0, period = 0;
    std::int64_t dx = 0, dy = 0;
};

// The reference's answer on a torus large enough that the pattern never
// meets its images within `gens` generations (nullopt if nothing repeats,
// or the cells came within the rule's reach of the edge).
std::optional<Orbit> reference_orbit(const Grid& pattern, const Rule& rule, std::uint64_t gens,
                                     std::int64_t side) {
    const std::int64_t reach = rule.range_rule() ? rule.range().range : 1;
    Grid torus(side, side);
    const std::int64_t ox = (side - pattern.width()) / 2, oy = (side - pattern.height()) / 2;
    torus.paste(pattern, ox, oy);
    torus = grid_of(cells_of(torus), rule.states());  // the reference's own planes
    std::vector<std::pair<Rect, Grid>> seen;
    for (std::uint64_t t = 0; t <= gens; ++t) {
        const Rect b = torus.bounding_box();
        if (b.empty()) return Orbit{true, t, 0, 0, 0};
        if (b.x <= reach || b.y <= reach || b.x + b.width >= side - reach ||
            b.y + b.height >= side - reach)
            return std::nullopt;
        Grid crop = torus.crop(b);
        for (std::uint64_t k = 0; k < seen.size(); ++k)
            if (seen[k].second == crop)
                return Orbit{false, k, t - k, b.x - seen[k].first.x, b.y - seen[k].first.y};
        seen.emplace_back(b, std::move(crop));
        torus = reference_generations_run(torus, rule, 1);
    }
    return std::nullopt;
}

Rule random_rule_or_error(std::mt19937_64& rng) {
    auto pick = [&](int n) { return int(rng() % std::uint64_t(n)); };
    if (pick(2) == 0) {  // Generations on Moore, hexagonal or von Neumann
        const char* suffix[] = {"", "H", "V"};
        const int n = pick(3);
        const int max = n == 0 ? 8 : n == 1 ? 6 : 4;
        std::string s, b;
        for (int c = 0; c <= max; ++c) {
            if (pick(3) == 0) s += char('0' + c);
            if (c > 0 && pick(3) == 0) b += char('0' + c);
        }
        if (b.empty()) b = "2";
        return Rule::parse(s + "/" + b + "/" + std::to_string(3 + pick(4)) + suffix[n]);
    }
    const char shapes[] = {'M', 'N', 'C', '+', 'B', 'H'};
    const int r = 1 + pick(3);
    const char shape = shapes[pick(6)];
    const int lo = 1 + pick(3), hi = lo + pick(4);
    const int slo = pick(4), shi = slo + pick(5);
    return Rule::parse("R" + std::to_string(r) + ",C" + std::to_string(pick(2) ? 0 : 2 + pick(3)) +
                       ",M" + std::to_string(pick(2)) + ",S" + std::to_string(slo) + ".." +
                       std::to_string(shi) + ",B" + std::to_string(lo) + ".." + std::to_string(hi) +
                       ",N" + shape);
}

// Counts drawn beyond a small neighbourhood's size are refused by the
// parser: draw again.
Rule random_rule(std::mt19937_64& rng) {
    for (;;) {
        try {
            return random_rule_or_error(rng);
        } catch (const InputError&) {
        }
    }
}

TEST(MultiStateIdentify, RandomPatternsAgreeWithTheReference) {
    std::mt19937_64 rng(23);
    int checked = 0, moving = 0, lasting = 0;
    for (int trial = 0; trial < 400 && checked < 60; ++trial) {
        const Rule rule = random_rule(rng);
        const Grid pattern = random_state_grid(4, 4, rule.states(), 0.6, rng());
        if (pattern.bounding_box().empty()) continue;
        const std::optional<Orbit> want = reference_orbit(pattern, rule, 60, 64);
        if (!want) continue;
        IdentifyOptions o;
        o.max_generations = 60;
        const Identification got = identify(pattern, rule, o);
        SCOPED_TRACE(rule.to_string());
        if (want->dies) {
            EXPECT_EQ(got.kind, "dies");
            EXPECT_EQ(got.settles_at, want->start);
        } else {
            EXPECT_EQ(got.period, want->period);
            EXPECT_EQ(got.settles_at, want->start);
            EXPECT_EQ(got.dx, want->dx);
            EXPECT_EQ(got.dy, want->dy);
            moving += want->dx != 0 || want->dy != 0;
            lasting += 1;
        }
        ++checked;
    }
    EXPECT_GE(checked, 40);
    EXPECT_GE(lasting, 5);  // not only patterns that die
    (void)moving;
}

// --- methuselah: by hand -----------------------------------------------------

// The analysers hash every generation: the backend's hash, taken from its
// planes in place, is the canonical grid's (Backend::hash() == grid().hash()).
TEST(MultiStateMethuselah, BackendHashIsTheGridHash) {
    std::mt19937_64 rng(11);
    for (const Rule& rule : {Rule::parse("/2/3"), Rule::parse("345/2/256"),
                             Rule::parse("R3,C5,M1,S2..9,B3..6,NC"), Rule::parse("23/3")}) {
        auto b = create_backend("auto", rule);
        b->load(random_state_grid(70, 13, rule.states(), 0.5, rng()));
        for (int g = 0; g < 4; ++g, b->step(1)) EXPECT_EQ(b->hash(), b->grid().hash());
    }
}
MethuselahResult methuselah(const Grid& cells, const char* rule, MethuselahOptions o = {}) {
    o.max_gens = o.max_gens ? o.max_gens : 1000;
    return analyse_methuselah(cells, "test", Rule::parse(rule), o);
}

TEST(MultiStateMethuselah, LoneCellsDieAfterTheirDecay) {
    const Grid one = cells_from("x = 1, y = 1\no!");
    const MethuselahResult bb = methuselah(one, "/2/3");
    EXPECT_TRUE(bb.stabilised);
    EXPECT_EQ(bb.lifespan, 2u);
    EXPECT_EQ(bb.final_population, 0u);
    EXPECT_EQ(bb.period, 1u);
    const MethuselahResult five = methuselah(one, "/2/5");
    EXPECT_EQ(five.lifespan, 4u);
    ASSERT_GE(five.population.size(), 5u);
    EXPECT_EQ(five.population[0], 1u);  // every dying state counts (Golly's population)
    EXPECT_EQ(five.population[3], 1u);
    EXPECT_EQ(five.population[4], 0u);
}

// Life with one dying state (23/3/3): a block is still (every cell counts 3,
// its empty neighbours at most 2); a lone cell far from it goes 1 -> 2 -> 0.
// Stable from generation 2 with the block's 4 cells.
TEST(MultiStateMethuselah, BlockAndDecayingCell) {
    const MethuselahResult r = methuselah(cells_from("x = 12, y = 2\n2o$2o9bo!"), "23/3/3");
    EXPECT_TRUE(r.stabilised);
    EXPECT_EQ(r.lifespan, 2u);
    EXPECT_EQ(r.final_population, 4u);
    EXPECT_EQ(r.period, 1u);
    EXPECT_EQ(r.debris, (Rect{0, 0, 2, 2}));
}

// The dying states are part of the state: a refractory cell given in the
// file (state 2 of 4: 2 -> 3 -> 0) lasts two generations.
TEST(MultiStateMethuselah, StatesGivenInTheFileCount) {
    const MethuselahResult r = methuselah(cells_from("x = 1, y = 1, rule = /2/4\nB!"), "/2/4");
    EXPECT_EQ(r.lifespan, 2u);
    EXPECT_EQ(r.population.at(1), 1u);
}

// Range 5: light travels 5 cells a generation, so the room kept around the
// pattern grows with it; a torus that is enough for range 1 is refused.
TEST(MultiStateMethuselah, RoomAroundThePatternGrowsWithTheRange) {
    MethuselahOptions o;
    o.torus_width = o.torus_height = 160;  // range 1 needs 1 + 2 * 72
    const Grid one = cells_from("x = 1, y = 1\no!");
    EXPECT_TRUE(methuselah(one, "/2/3", o).stabilised);
    EXPECT_THROW(methuselah(one, "R5,C0,M0,S0..0,B30..40,NM", o), InputError);
    o.torus_width = o.torus_height = 1024;
    const MethuselahResult r = methuselah(one, "R5,C0,M0,S0..0,B30..40,NM", o);
    EXPECT_TRUE(r.stabilised);
    EXPECT_EQ(r.lifespan, 0u);
    EXPECT_EQ(r.final_population, 1u);
}

// The Brian's Brain ship on a 16 x 16 torus (--whole-torus): it moves one
// cell a generation and is back after 16, from generation 0.
TEST(MultiStateMethuselah, ShipAroundAWholeTorus) {
    MethuselahOptions o;
    o.whole_torus = true;
    o.torus_width = o.torus_height = 16;
    const MethuselahResult r =
        methuselah(cells_from("x = 2, y = 2, rule = /2/3\nBA$BA!"), "/2/3", o);
    EXPECT_TRUE(r.stabilised);
    EXPECT_EQ(r.lifespan, 0u);
    EXPECT_EQ(r.period, 16u);
    EXPECT_EQ(r.final_population, 4u);
}

// --- methuselah against the reference ---------------------------------------

// Whole small tori: the reference keeps every state until one repeats
// exactly (mu, lambda), the analyser finds the same by its cycle search.
TEST(MultiStateMethuselah, WholeToriAgreeWithTheReference) {
    std::mt19937_64 rng(24);
    int checked = 0;
    for (int trial = 0; trial < 200 && checked < 25; ++trial) {
        const Rule rule = random_rule(rng);
        const std::int64_t w = 5 + std::int64_t(rng() % 6), h = 4 + std::int64_t(rng() % 6);
        const Grid start = random_state_grid(w, h, rule.states(), 0.4, rng());
        std::map<std::string, std::uint64_t> seen;  // the cells as bytes
        StateCells c = cells_of(start);
        std::optional<std::pair<std::uint64_t, std::uint64_t>> want;
        std::vector<std::uint64_t> pops;
        for (std::uint64_t t = 0; t <= 400; ++t) {
            auto [it, fresh] = seen.try_emplace(std::string(c.state.begin(), c.state.end()), t);
            if (!fresh) {
                want = {it->second, t - it->second};
                break;
            }
            std::uint64_t pop = 0;
            for (const std::uint8_t s : c.state) pop += s != 0;
            pops.push_back(pop);
            c = cells_of(reference_generations_run(grid_of(c, rule.states()), rule, 1));
        }
        if (!want) continue;
        MethuselahOptions o;
        o.whole_torus = true;
        o.torus_width = w;
        o.torus_height = h;
        o.max_gens = 1000;
        const MethuselahResult r = analyse_methuselah(start, "soup", rule, o);
        SCOPED_TRACE(rule.to_string() + " on " + std::to_string(w) + "x" + std::to_string(h));
        ASSERT_TRUE(r.stabilised);
        EXPECT_EQ(r.lifespan, want->first);
        EXPECT_EQ(r.period, want->second);
        EXPECT_EQ(r.final_population, pops[want->first]);
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

// On a fixed torus with room around the pattern, the methuselah's answer is
// the torus's own: the reference runs the same torus until a state repeats
// (unless the cells come near the edge, where the analyser refuses).
TEST(MultiStateMethuselah, FixedToriWithRoomAgreeWithTheReference) {
    std::mt19937_64 rng(25);
    int checked = 0, lasting = 0;
    for (int trial = 0; trial < 60 && checked < 8; ++trial) {
        const Rule rule = random_rule(rng);
        if (rule.range_rule() && rule.range().range > 1) continue;  // room 64 r + 8: too slow here
        const Grid pattern = random_state_grid(5, 5, rule.states(), 0.5, rng());
        const std::int64_t side = 5 + 2 * 72;
        Grid torus(side, side);
        torus.paste(pattern, (side - 5) / 2, (side - 5) / 2);
        std::map<std::string, std::uint64_t> seen;  // the cells as bytes
        std::vector<std::uint64_t> pops;
        StateCells c = cells_of(torus);
        std::optional<std::pair<std::uint64_t, std::uint64_t>> want;
        bool near_edge = false;
        for (std::uint64_t t = 0; t <= 150 && !near_edge; ++t) {
            auto [it, fresh] = seen.try_emplace(std::string(c.state.begin(), c.state.end()), t);
            if (!fresh) {
                want = {it->second, t - it->second};
                break;
            }
            std::uint64_t pop = 0;
            for (std::int64_t y = 0; y < side; ++y)
                for (std::int64_t x = 0; x < side; ++x)
                    if (const int s = c.at(x, y)) {
                        ++pop;
                        near_edge |= s == 1 && (std::min(x, y) < 72 || std::max(x, y) >= side - 72);
                    }
            pops.push_back(pop);
            c = cells_of(reference_generations_run(grid_of(c, rule.states()), rule, 1));
        }
        if (!want || near_edge) continue;
        MethuselahOptions o;
        o.torus_width = o.torus_height = side;
        o.max_gens = 1000;
        const MethuselahResult r = analyse_methuselah(pattern, "soup", rule, o);
        SCOPED_TRACE(rule.to_string());
        ASSERT_TRUE(r.stabilised);
        EXPECT_EQ(r.lifespan, want->first);
        EXPECT_EQ(r.period, want->second);
        EXPECT_EQ(r.final_population, pops[want->first]);
        lasting += pops[want->first] > 0;
        ++checked;
    }
    EXPECT_GE(checked, 5);
    (void)lasting;
}

// --- rule families ---------------------------------------------------------------
// Brackets after a Generations 'C' and in a range family choose one number
// per member ("the first choice least significant"); brackets of B/S counts
// stay subsets.
TEST(MultiStateFamilies, StatesAndRangesAreChoices) {
    const RuleFamily g = RuleFamily::parse("B2/S[345]/C[3-5]");
    EXPECT_EQ(g.size(), 8u * 3u);
    EXPECT_EQ(g.rule(0).to_string(), "/2/3");
    EXPECT_EQ(g.rule(7).to_string(), "345/2/3");
    EXPECT_EQ(g.rule(8 * 2 + 7).to_string(), "345/2/5");
    const RuleFamily r = RuleFamily::parse("R[2-3],C0,M1,S[3,5]..8,B3..5,NM");
    ASSERT_EQ(r.size(), 4u);
    EXPECT_EQ(r.rule(0).to_string(), "R2,C0,M1,S3..8,B3..5,NM");
    EXPECT_EQ(r.rule(1).to_string(), "R3,C0,M1,S3..8,B3..5,NM");
    EXPECT_EQ(r.rule(3).to_string(), "R3,C0,M1,S5..8,B3..5,NM");
    // A literal range rule is a family of one (its digits are not counts).
    EXPECT_EQ(RuleFamily::parse("R5,C0,M1,S34..58,B34..45,NM").size(), 1u);
    EXPECT_THROW(RuleFamily::parse("B2/S3/C[]"), InputError);
    EXPECT_THROW(RuleFamily::parse("B2/S3/C[5-3]"), InputError);
    EXPECT_THROW(RuleFamily::parse("R[2-3x],C0,M1,S3..8,B3..5,NM"), InputError);
    EXPECT_THROW(RuleFamily::parse("R[1-3],C0,M1,S30..40,B3..5,NM"), InputError);  // R1: 9 cells
}

// --- selftest -------------------------------------------------------------------
std::vector<Rule> random_rules(std::uint64_t seed, int n) {
    std::mt19937_64 rng(seed);
    std::vector<Rule> rules;
    for (int i = 0; i < n; ++i) rules.push_back(random_rule(rng));
    return rules;
}

// The engine's own reference (core/reference_stepper.hpp) and the test
// suite's, written separately, agree on random rules and tori, tiny ones
// (smaller than the range) included.
TEST(MultiStateSelftest, TheTwoReferencesAgree) {
    std::mt19937_64 rng(7);
    for (const Rule& rule : random_rules(8, 120)) {
        const std::int64_t w = 1 + std::int64_t(rng() % 13), h = 1 + std::int64_t(rng() % 9);
        const Grid g = random_state_grid(w, h, rule.states(), 0.5, rng());
        Grid want = reference_generations_run(g, rule, 1);
        const Grid got = reference_step(g, rule, 0, 0);
        want.set_state_planes(got.state_planes());
        EXPECT_EQ(got, want) << rule.to_string() << " on " << w << "x" << h;
    }
}

TEST(MultiStateSelftest, RandomRulesPassOnTheCpuBackend) {
    const std::vector<Rule> rules = random_rules(9, 40);
    const RuleFamily family = RuleFamily::from_rules(rules, "random multi-state rules");
    SelftestOptions o;
    o.backends = {"cpu"};
    o.generations = 4;
    const SelftestReport r = run_selftest(family, RuleIndexSet::shard_of(family.size()), o);
    EXPECT_EQ(r.rules, rules.size());
    EXPECT_EQ(r.failure_count, 0u) << (r.failures.empty() ? "" : r.failures[0].rule);
    EXPECT_GE(r.checks, rules.size() * 8 * 4);  // every size, every generation
    // Every backend present: those that refuse such rules (hashlife; cuda
    // without a device) are passed over, the multi-state CPU backend checks
    // each, and so does cuda's where a device exists.
    SelftestOptions every;
    every.generations = 4;
    const SelftestReport all = run_selftest(family, RuleIndexSet::shard_of(family.size()), every);
    EXPECT_EQ(all.failure_count, 0u);
    EXPECT_GE(all.checks, r.checks);
    // No batch engine took them.
    const std::vector<std::string> usable = backend_registry().available();
    std::vector<std::string> expected{"cpu"};
    if (std::find(usable.begin(), usable.end(), "cuda") != usable.end())
        expected.insert(expected.begin(), "cuda");  // available()'s order: by preference
    EXPECT_EQ(all.backends, expected);
}

// A backend that runs each rule with one state too many decays its last
// state wrongly (4 states and 5 keep the same two counter planes, so only
// the cells differ): the selftest catches it.
TEST(MultiStateSelftest, AWrongBackendFails) {
    static bool usable = true;
    BackendEntry e;
    e.name = "test-one-state-too-many";
    e.preference = -1;
    e.usable = [] { return usable; };
    e.create = [](const Rule& rule, const BackendOptions& options) {
        return create_backend("cpu", Rule::generations(rule.two_state(), rule.states() + 1),
                              options);
    };
    backend_registry().add(e);
    const RuleFamily family =
        RuleFamily::from_rules({Rule::parse("/2/4"), Rule::parse("345/2/4")}, "two");
    SelftestOptions o;
    o.backends = {"test-one-state-too-many"};
    const SelftestReport r = run_selftest(family, RuleIndexSet::shard_of(family.size()), o);
    usable = false;
    EXPECT_EQ(r.rules, 2u);
    EXPECT_GT(r.failure_count, 0u);
}

// --- named rules (rule tables and trees) ------------------------------------------

// The analysers reach named rules through the same Backend interface: an
// electron around a WireWorld ring is an oscillator whose period the engine's
// reference finds too (a state recurring cell for cell), and the selftest
// checks the shipped rules' backend against StateRule::next() per cell.
TEST(MultiStateNamed, WireWorldRingAndSelftest) {
    const Rule rule = Rule::parse("WireWorld");
    Grid ring(6, 6);
    for (int i = 0; i < 6; ++i) {
        ring.set_state(i, 0, 3);
        ring.set_state(i, 5, 3);
        ring.set_state(0, i, 3);
        ring.set_state(5, i, 3);
    }
    ring.set_state(1, 0, 2);  // tail
    ring.set_state(2, 0, 1);  // head, moving right
    const Identification id = identify(ring, rule);
    EXPECT_EQ(id.kind, "oscillator");
    EXPECT_EQ(id.code, "");
    Grid torus(16, 16);
    torus.paste(ring, 5, 5);
    torus.set_state_planes(Grid::planes_for_states(4));
    std::vector<Grid> states{torus};  // the reference's states until one recurs
    std::uint64_t period = 0, settles = 0;
    for (std::uint64_t t = 1; t <= 100 && !period; ++t) {
        torus = reference_step(torus, rule, 0, t - 1);
        for (std::uint64_t k = 0; k < states.size() && !period; ++k)
            if (states[k] == torus) period = t - k, settles = k;
        states.push_back(torus);
    }
    EXPECT_GT(period, 1u);
    EXPECT_EQ(id.period, period);
    EXPECT_EQ(id.settles_at, settles);
    EXPECT_EQ(id.population_min, 20u);  // the ring's 20 cells, whatever their state

    const RuleFamily family =
        RuleFamily::from_rules({rule, Rule::parse("BriansBrain")}, "shipped named rules");
    SelftestOptions o;
    o.backends = {"cpu"};
    const SelftestReport r = run_selftest(family, RuleIndexSet::shard_of(family.size()), o);
    EXPECT_EQ(r.failure_count, 0u);
    EXPECT_EQ(r.checks, 2u * 8u * 3u);
}

}  // namespace
}  // namespace toroid
