// Drawing multi-state cells (Backend::render, render_cells_on_host with a
// state palette): zoomed in, each state in Golly's default colour (red for
// state 1 through to yellow for the last); zoomed out, the density of cells
// in any state but 0. Two-state rules keep their live and dead colours.
#include <gtest/gtest.h>

#include <vector>

#include "toroid/core/backend.hpp"
#include "toroid/core/render_body.hpp"
#include "toroid/core/state_palette.hpp"
#include "toroid/core/state_rule.hpp"

namespace toroid {
namespace {

std::vector<std::uint32_t> draw(const Backend& b, const RenderRequest& q) {
    std::vector<std::uint32_t> pixels(std::size_t(q.width * q.height), 0);
    b.render(q, RenderTarget{pixels.data(), q.width, q.height, q.width, RenderMemory::Host});
    return pixels;
}

// A 16 x 16 torus at 8 pixels a cell, its centre (8, 8) at the image's
// centre: cell (x, y) covers pixels 64 + 8 (x - 8) .. + 7.
RenderRequest zoom8() {
    RenderRequest q;
    q.width = q.height = 128;
    q.centre_x = q.centre_y = 8 * kSubcell;
    q.step = kSubcell / 8;
    return q;
}

std::uint32_t pixel_of_cell(const std::vector<std::uint32_t>& px, int x, int y) {
    return px[std::size_t((64 + 8 * (y - 8) + 4) * 128 + 64 + 8 * (x - 8) + 4)];
}

TEST(MultiStateRender, StatesInGollysColours) {
    const Rule rule = Rule::parse("/2/4");
    Grid g(16, 16);
    g.set_state(2, 3, 1);
    g.set_state(5, 5, 2);
    g.set_state(7, 1, 3);
    auto b = create_backend("auto", rule);
    b->load(g);
    const RenderRequest q = zoom8();
    const std::vector<std::uint32_t> px = draw(*b, q);
    const std::vector<StateColour> golly = default_state_colours(4);
    auto colour = [&](int s) { return rgba(golly[s].r, golly[s].g, golly[s].b); };
    EXPECT_EQ(pixel_of_cell(px, 2, 3), rgba(255, 0, 0));  // firing: red
    EXPECT_EQ(pixel_of_cell(px, 5, 5), colour(2));
    EXPECT_EQ(pixel_of_cell(px, 7, 1), rgba(255, 255, 0));  // the last state: yellow
    EXPECT_EQ(pixel_of_cell(px, 9, 9), q.palette.dead);
    EXPECT_EQ(state_palette(rule, q.palette).size(), 4u);
    // Two-state rules: no palette, the live colour.
    EXPECT_TRUE(state_palette(Rule(), q.palette).empty());
    auto life = create_backend("auto", Rule());
    Grid one(16, 16);
    one.set(2, 3, true);
    life->load(one);
    EXPECT_EQ(pixel_of_cell(draw(*life, q), 2, 3), q.palette.live);
}

// A named rule draws its own colours (WireWorld's file: heads blue).
TEST(MultiStateRender, NamedRulesDrawTheirOwnColours) {
    const Rule rule = Rule::parse("WireWorld");
    Grid g(16, 16);
    g.set_state(2, 3, 1);
    g.set_state(5, 5, 3);
    auto b = create_backend("auto", rule);
    b->load(g);
    const std::vector<std::uint32_t> px = draw(*b, zoom8());
    const std::vector<StateColour> own = rule.state_rule()->colours();
    EXPECT_EQ(pixel_of_cell(px, 2, 3), rgba(own[1].r, own[1].g, own[1].b));
    EXPECT_EQ(pixel_of_cell(px, 5, 5), rgba(own[3].r, own[3].g, own[3].b));
    EXPECT_NE(own[1], default_state_colours(4)[1]);  // not Golly's defaults
}

// Zoomed out to one pixel for the whole torus, the three cells count, the
// dying ones too (the live plane alone holds one).
TEST(MultiStateRender, ZoomedOutCountsEveryNonZeroState) {
    Grid g(16, 16);
    g.set_state(2, 3, 1);
    g.set_state(5, 5, 2);
    g.set_state(7, 1, 3);
    auto b = create_backend("auto", Rule::parse("/2/4"));
    b->load(g);
    RenderRequest q;
    q.width = q.height = 1;
    q.centre_x = q.centre_y = 8 * kSubcell;
    q.step = 16 * kSubcell;
    EXPECT_EQ(draw(*b, q)[0], render::density_colour(q, 3, 256));
    EXPECT_NE(render::density_colour(q, 3, 256), render::density_colour(q, 1, 256));
}

}  // namespace
}  // namespace toroid
