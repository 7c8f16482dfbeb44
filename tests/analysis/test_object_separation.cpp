// Object separation as apgsearch's classifier does it: multi-island still
// lifes and oscillators whole, pseudo-objects split, islands placed by hand
// (decoded from their apgcodes) anywhere on a torus, across its edges too.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "toroid/analysis/identify.hpp"
#include "toroid/analysis/object_separation.hpp"
#include "toroid/analysis/plane.hpp"
#include "toroid/analysis/soup_run.hpp"
#include "toroid/core/rule.hpp"
#include "wechsler_decode.hpp"

namespace toroid {
namespace {

// `parts` placed on a w x h torus at (x, y) each (wrapping).
Grid torus_with(std::int64_t w, std::int64_t h,
                const std::vector<std::tuple<Grid, std::int64_t, std::int64_t>>& parts) {
    Grid t(w, h);
    for (const auto& [g, px, py] : parts)
        for (std::int64_t y = 0; y < g.height(); ++y)
            for (std::int64_t x = 0; x < g.width(); ++x)
                if (g.get(x, y)) t.set(((px + x) % w + w) % w, ((py + y) % h + h) % h, true);
    return t;
}

std::vector<std::string> codes_of(const Grid& torus, std::uint64_t period) {
    const AshCensus ash = analyse_ash(torus, Rule::parse("B3/S23"), period);
    EXPECT_TRUE(ash.all_periodic);
    return ash.codes;
}

TEST(ObjectSeparation, DecoderRoundTripsThroughIdentify) {
    // The test's decoder agrees with the engine's coder on known objects.
    for (const char* code : {"xs4_33", "xs6_696", "xs7_2596", "xp2_7", "xq4_153", "xs6_39c"}) {
        const Identification id = identify(from_apgcode(code), Rule::parse("B3/S23"));
        EXPECT_EQ(id.code, code);
    }
}

Grid from_rows(const std::vector<std::string>& rows) {
    Grid g(std::int64_t(rows[0].size()), std::int64_t(rows.size()));
    for (std::size_t y = 0; y < rows.size(); ++y)
        for (std::size_t x = 0; x < rows[y].size(); ++x)
            if (rows[y][x] == 'o') g.set(std::int64_t(x), std::int64_t(y), true);
    return g;
}

TEST(ObjectSeparation, MultiIslandObjectsStayWhole) {
    // The pulsar, drawn by hand (its 48-cell phase: 4 islands).
    const Grid pulsar = from_rows(
        {"..ooo...ooo..", ".............", "o....o.o....o", "o....o.o....o", "o....o.o....o",
         "..ooo...ooo..", ".............", "..ooo...ooo..", "o....o.o....o", "o....o.o....o",
         "o....o.o....o", ".............", "..ooo...ooo.."});
    const Identification alone = identify(pulsar, Rule::parse("B3/S23"));
    ASSERT_EQ(alone.kind, "oscillator");
    ASSERT_EQ(alone.period, 3u);
    struct Case {
        Grid cells;
        std::string code;
        std::uint64_t period;
    };
    for (const Case& c :
         {Case{from_apgcode("xs6_39c"), "xs6_39c", 1}, Case{pulsar, alone.code, 3}}) {
        for (auto [x, y] : {std::pair<int, int>{20, 20}, {60, 61}, {-3, 5}}) {
            SCOPED_TRACE(c.code + " at " + std::to_string(x) + "," + std::to_string(y));
            EXPECT_EQ(codes_of(torus_with(64, 64, {{c.cells, x, y}}), c.period),
                      std::vector<std::string>{c.code});
        }
    }
}

TEST(ObjectSeparation, TableOnTableIsOneStillLife) {
    Grid t(4, 5);
    for (int x = 0; x < 4; ++x) {
        t.set(x, 1, true);
        t.set(x, 3, true);
    }
    for (int x : {0, 3}) {
        t.set(x, 0, true);
        t.set(x, 4, true);
    }
    const auto codes = codes_of(torus_with(48, 48, {{t, 10, 10}}), 1);
    ASSERT_EQ(codes.size(), 1u);
    EXPECT_EQ(codes[0], identify(t, Rule::parse("B3/S23")).code);
    EXPECT_EQ(codes[0].rfind("xs12_", 0), 0u);
}

TEST(ObjectSeparation, PseudoObjectsSplit) {
    const Grid block = from_apgcode("xs4_33");
    // Bi-block: two blocks one column apart; and two blocks two apart.
    for (int gap : {1, 2})
        EXPECT_EQ(codes_of(torus_with(32, 32, {{block, 5, 5}, {block, 7 + gap, 5}}), 1),
                  (std::vector<std::string>{"xs4_33", "xs4_33"}));
    // Honey farm: four beehives around an empty centre.
    const Grid hive_v = from_apgcode("xs6_696");  // 3 wide, 4 high
    Grid hive_h(4, 3);
    for (std::int64_t y = 0; y < 4; ++y)
        for (std::int64_t x = 0; x < 3; ++x)
            if (hive_v.get(x, y)) hive_h.set(y, x, true);
    const Grid farm = torus_with(
        40, 40, {{hive_v, 15, 10}, {hive_v, 15, 19}, {hive_h, 10, 15}, {hive_h, 19, 15}});
    EXPECT_EQ(identify(farm.crop(farm.bounding_box()), Rule::parse("B3/S23")).kind, "still");
    EXPECT_EQ(codes_of(farm, 1), std::vector<std::string>(4, "xs6_696"));
    // Traffic light: four blinkers, period 2.
    Grid bar_h(3, 1), bar_v(1, 3);
    for (int k = 0; k < 3; ++k) {
        bar_h.set(k, 0, true);
        bar_v.set(0, k, true);
    }
    const Grid light =
        torus_with(40, 40, {{bar_h, 12, 10}, {bar_h, 12, 16}, {bar_v, 10, 12}, {bar_v, 16, 12}});
    const Identification whole = identify(light.crop(light.bounding_box()), Rule::parse("B3/S23"));
    EXPECT_EQ(whole.kind, "oscillator");
    EXPECT_EQ(whole.period, 2u);
    EXPECT_EQ(codes_of(light, 2), std::vector<std::string>(4, "xp2_7"));
}

}  // namespace
}  // namespace toroid
