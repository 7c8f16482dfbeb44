// Byte cells to and from grids (core/state_bytes.hpp) against the
// cell-by-cell definition (state_bytes, Grid::state): widths around word
// boundaries, 2 to 256 states, empty and full grids.
#include <gtest/gtest.h>

#include <vector>

#include "reference_multistate.hpp"
#include "toroid/core/grid.hpp"
#include "toroid/core/state_bytes.hpp"
#include "toroid/core/table_reference.hpp"

namespace toroid {
namespace {

TEST(StateBytes, WordByWordEqualsCellByCellBothWays) {
    std::uint64_t seed = 1;
    for (int states : {2, 3, 4, 17, 256})
        for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{1, 1},
                            {63, 2},
                            {64, 3},
                            {65, 4},
                            {130, 5},
                            {200, 1}})
            for (double density : {0.0, 0.5, 1.0}) {
                SCOPED_TRACE(std::to_string(states) + " states, " + std::to_string(w) + "x" +
                             std::to_string(h) + ", density " + std::to_string(density));
                Grid g = testing::random_state_grid(w, h, states, density, seed++);
                g.set_state_planes(std::max(g.state_planes(), Grid::planes_for_states(states)));
                std::vector<std::uint8_t> bytes(std::size_t(w * h), 0xab);
                grid_to_state_bytes(g, bytes.data());
                EXPECT_EQ(bytes, state_bytes(g));
                const Grid back = grid_from_state_bytes(bytes.data(), w, h, states);
                EXPECT_EQ(back, g);
                EXPECT_EQ(back.hash(), g.hash());
            }
}

TEST(StateBytes, AStateBeyondTheRulesPlanesAddsPlanes) {
    const std::vector<std::uint8_t> bytes{0, 1, 2, 200};
    const Grid g = grid_from_state_bytes(bytes.data(), 2, 2, 3);
    EXPECT_EQ(g.state(0, 0), 0);
    EXPECT_EQ(g.state(1, 0), 1);
    EXPECT_EQ(g.state(0, 1), 2);
    EXPECT_EQ(g.state(1, 1), 200);
    EXPECT_EQ(g.state_planes(), 8);
}

}  // namespace
}  // namespace toroid
