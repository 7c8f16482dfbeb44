// identify(): the named objects with their exact periods, displacements and codes.
#include <gtest/gtest.h>

#include "toroid/analysis/canonical_code.hpp"
#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/plane.hpp"
#include "toroid/io/pattern.hpp"

namespace toroid {
namespace {

Pattern library(const std::string& name) {
    return read_pattern_file(std::string(TOROID_SOURCE_DIR) + "/patterns/" + name + ".rle");
}

Identification id_of(const std::string& name) {
    const Pattern p = library(name);
    return identify(p.cells, p.rule.value_or(Rule()));
}

Identification id_of_rle(const std::string& rle, const Rule& rule) {
    return identify(parse_pattern(rle, "test").cells, rule);
}

TEST(Identify, GliderInTheOrientationGiven) {
    const Identification g = id_of("glider");
    EXPECT_EQ(g.kind, "spaceship");
    EXPECT_EQ(g.period, 4u);
    EXPECT_EQ(g.dx, 1);  // bo$2bo$3o! moves right and down
    EXPECT_EQ(g.dy, 1);
    EXPECT_EQ(g.speed, "c/4 diagonal");
    EXPECT_EQ(g.code, "xq4_153");
    EXPECT_EQ(g.population_min, 5u);
    EXPECT_EQ(g.population_max, 5u);
    EXPECT_EQ(g.width, 3);
    EXPECT_EQ(g.height, 3);
    EXPECT_DOUBLE_EQ(g.heat, 4.0);
    // The mirror image moves the other way.
    const Identification m = id_of_rle("x = 3, y = 3\nbo$o$3o!", Rule());
    EXPECT_EQ(m.dx, -1);
    EXPECT_EQ(m.dy, 1);
    EXPECT_EQ(m.code, "xq4_153");
}

TEST(Identify, WeightSpaceshipsAreHalfLightSpeed) {
    const struct {
        const char* name;
        const char* code;
        std::uint64_t pop_min, pop_max;
    } ships[] = {{"lwss", "xq4_6frc", 9, 12},
                 {"mwss", "xq4_27dee6", 11, 15},
                 {"hwss", "xq4_27deee6", 13, 18}};
    for (const auto& s : ships) {
        const Identification i = id_of(s.name);
        EXPECT_EQ(i.kind, "spaceship") << s.name;
        EXPECT_EQ(i.period, 4u) << s.name;
        EXPECT_EQ(std::abs(i.dx) + std::abs(i.dy), 2) << s.name;
        EXPECT_TRUE(i.dx == 0 || i.dy == 0) << s.name;
        EXPECT_EQ(i.speed, "c/2 orthogonal") << s.name;
        EXPECT_EQ(i.code, s.code) << s.name;
        EXPECT_EQ(i.population_min, s.pop_min) << s.name;
        EXPECT_EQ(i.population_max, s.pop_max) << s.name;
    }
}

TEST(Identify, Oscillators) {
    const Identification b = id_of("blinker");
    EXPECT_EQ(b.kind, "oscillator");
    EXPECT_EQ(b.period, 2u);
    EXPECT_EQ(b.code, "xp2_7");
    EXPECT_DOUBLE_EQ(b.heat, 4.0);
    const Identification p = id_of("pulsar");
    EXPECT_EQ(p.kind, "oscillator");
    EXPECT_EQ(p.period, 3u);
    EXPECT_EQ(p.population_min, 48u);
    EXPECT_EQ(p.population_max, 72u);
    EXPECT_EQ(p.code, "xp3_co9nas0san9oczgoldlo0oldlogz1047210127401");
    const Identification d = id_of("pentadecathlon");
    EXPECT_EQ(d.kind, "oscillator");
    EXPECT_EQ(d.period, 15u);
    EXPECT_EQ(d.code, "xp15_4r4z4r4");
    EXPECT_EQ(d.dx, 0);
    EXPECT_EQ(d.speed, "");
}

TEST(Identify, StillLifesAndTheirCodes) {
    const Identification block = id_of_rle("x = 2, y = 2\n2o$2o!", Rule());
    EXPECT_EQ(block.kind, "still");
    EXPECT_EQ(block.period, 1u);
    EXPECT_EQ(block.code, "xs4_33");
    EXPECT_EQ(id_of_rle("x = 4, y = 3\nb2o$o2bo$b2o!", Rule()).code, "xs6_696");  // beehive
    // A predecessor settles: the three-cell beehive precursor... (here the pre-block).
    const Identification pre = id_of_rle("x = 2, y = 2\n2o$bo!", Rule());
    EXPECT_EQ(pre.kind, "still");
    EXPECT_EQ(pre.settles_at, 1u);
    EXPECT_EQ(pre.code, "xs4_33");
}

TEST(Identify, GunAndReplicators) {
    const Identification gun = id_of("gosper-glider-gun");
    EXPECT_EQ(gun.kind, "gun");
    EXPECT_EQ(gun.period, 30u);
    const Identification highlife =
        id_of_rle("x = 5, y = 5\n2b3o$bo2bo$o3bo$o2bob$3o!", Rule::parse("B36/S23"));
    EXPECT_EQ(highlife.kind, "replicator");
    EXPECT_EQ(highlife.period, 12u);
    EXPECT_EQ(std::abs(highlife.dx), std::abs(highlife.dy));  // copies along a diagonal
    EXPECT_EQ(id_of("replicator").kind, "replicator");        // B1357/S1357
}

TEST(Identify, DiesGrowsAndOtherRuleKinds) {
    EXPECT_EQ(id_of_rle("x = 2, y = 1\n2o!", Rule()).kind, "dies");
    IdentifyOptions short_run;
    short_run.max_generations = 300;
    EXPECT_EQ(identify(parse_pattern("x = 3, y = 3\nb2o$2ob$bo!", "t").cells,
                       Rule::parse("B3/S012345678"), short_run)
                  .kind,
              "growing");
    const Identification hex = id_of("hex-b2-s34");
    EXPECT_NE(hex.kind, "unknown");
    const Identification vn = id_of_rle("x = 2, y = 2\n2o$2o!", Rule::parse("B2/S013V"));
    EXPECT_NE(vn.kind, "unknown");
    const Identification b0 = id_of_rle("x = 1, y = 1\no!", Rule::parse("B0/S8"));
    EXPECT_TRUE(b0.bounded);
    EXPECT_EQ(speed_text(2, 0, 5), "2c/5 orthogonal");
    EXPECT_EQ(speed_text(-1, 2, 6), "(2,1)c/6 oblique");
}

TEST(CanonicalCode, SameInEveryOrientationAndPhase) {
    const Pattern glider = library("glider");
    Grid phase = glider.cells;
    const CompiledRule life = Rule().compile();
    for (int t = 0; t < 4; ++t) {
        for (int o = 0; o < 8; ++o) {
            const Identification i = identify(orient(phase, o), Rule());
            EXPECT_EQ(i.code, "xq4_153") << "orientation " << o << " phase " << t;
            EXPECT_EQ(std::abs(i.dx), 1);
            EXPECT_EQ(std::abs(i.dy), 1);
        }
        Grid big(12, 12);
        big.paste(phase, 4, 4);
        big = step_torus(big, life, 0, 0);
        phase = big.crop(big.bounding_box());
    }
    const Identification lwss = id_of("lwss");
    for (int o = 0; o < 8; ++o)
        EXPECT_EQ(identify(orient(library("lwss").cells, o), Rule()).code, lwss.code);
}

// Hexagonal rules: the 12 symmetries of the lattice, as lifelib codes them
// (python-lifelib 2.5.6 on b2s34h: all three dominoes are xp2_3, and the
// two oscillators below are one xp4_29).
TEST(CanonicalCode, HexagonalObjectsOverTheTwelveSymmetries) {
    const Rule hex = Rule::parse("B2/S34H");
    auto code = [&](const char* rle) {
        return identify(parse_pattern(rle, "<test>").cells, hex).code;
    };
    EXPECT_EQ(code("x = 1, y = 2\no$o!"), "xp2_3");
    EXPECT_EQ(code("x = 2, y = 1\n2o!"), "xp2_3");
    EXPECT_EQ(code("x = 2, y = 2\no$bo!"), "xp2_3");  // a sixth of a turn from upright
    EXPECT_EQ(code("x = 3, y = 3\n2o$2bo$2bo!"), "xp4_29");
    EXPECT_EQ(code("x = 3, y = 3\no$o$b2o!"), "xp4_29");
    // Six sixths of a turn are the identity, the transpose is its own
    // inverse, and the hexagon of a cell's six neighbours is fixed by all 12.
    Grid hexagon(3, 3);
    for (auto [x, y] : {std::pair{0, 0}, {1, 0}, {0, 1}, {2, 1}, {1, 2}, {2, 2}})
        hexagon.set(x, y, true);
    const Grid blob = parse_pattern("x = 4, y = 3\n3o$o2bo$bo!", "<test>").cells;
    for (int o = 0; o < 12; ++o) EXPECT_EQ(hex_orient(hexagon, o), hexagon) << o;
    Grid turned = blob;
    for (int r = 0; r < 6; ++r) turned = hex_orient(turned, 1);
    EXPECT_EQ(turned, blob);
    EXPECT_EQ(hex_orient(hex_orient(blob, 6), 6), blob);
    EXPECT_NE(hex_orient(blob, 1), blob);
}

TEST(CanonicalCode, ExtendedWechslerRunsOfZeros) {
    Grid g(8, 1);
    g.set(0, 0, true);
    g.set(3, 0, true);  // two empty columns: w
    g.set(7, 0, true);  // three empty columns: x
    EXPECT_EQ(wechsler(g), "1w1x1");
    Grid h(7, 6);
    h.set(0, 0, true);
    h.set(6, 5, true);  // second strip, four empty columns before... y2 is six zeros
    EXPECT_EQ(wechsler(h), "1zy21");
    EXPECT_EQ(canonical_wechsler({h}, Neighbourhood::Moore).size(), 5u);
}

}  // namespace
}  // namespace toroid
