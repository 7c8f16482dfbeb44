// Checkpoint: a whole run's state as data (the file format that stores it is
// io/checkpoint.hpp's). Backends make and restore them (Backend::checkpoint,
// Backend::restore); analysers put what they need to resume in `metadata`
// (the pattern's name, their own counters).
#pragma once

#include <cstdint>
#include <string>

#include "toroid/core/grid.hpp"
#include "toroid/core/rule.hpp"

namespace toroid {

struct Checkpoint {
    Grid grid;
    Rule rule;
    std::uint64_t seed = 0;
    std::uint64_t generation = 0;
    std::string metadata;
};

}  // namespace toroid
