// The check every multi-state backend makes when it loads a grid: no cell in
// a state the rule lacks (InputError naming the state and the rule).
#pragma once

#include <string>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/error.hpp"

namespace toroid {

inline void check_grid_states(const Grid& grid, const Rule& rule) {
    if (grid.max_state() >= rule.states())
        throw InputError("the grid holds state " + std::to_string(grid.max_state()) + " but rule " +
                         rule.to_string() + " has states 0.." + std::to_string(rule.states() - 1));
}

}  // namespace toroid
