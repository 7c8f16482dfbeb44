// The compiled rule: plain data, passed by value to CPU loops and to kernels.
//
// For a neighbour count k (0..8) and the cell's own state, a transition is
//   certain    bit k of birth / survive is set,
//   random     bit k of birth_random / survive_random is set: it happens when
//              the cell's Philox draw u (uniform 32-bit) is < threshold[k],
//              i.e. with probability threshold[k] / 2^32 (exact to 2^-32),
//   absent     otherwise (a dead cell stays dead, a live cell dies).
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"

namespace toroid {

// Which cells are counted (rule.hpp): Moore counts 0..8, hexagonal
// 0..6, von Neumann 0..4. One byte, so CompiledRule stays plain kernel data.
enum class Neighbourhood : std::uint8_t { Moore = 0, Hexagonal = 1, VonNeumann = 2 };

struct CompiledRule {
    Neighbourhood neighbourhood = Neighbourhood::Moore;
    std::uint16_t birth = 0;
    std::uint16_t survive = 0;
    std::uint16_t birth_random = 0;
    std::uint16_t survive_random = 0;
    std::uint32_t birth_threshold[9] = {};
    std::uint32_t survive_threshold[9] = {};

    TOROID_HD bool stochastic() const { return (birth_random | survive_random) != 0; }
};

}  // namespace toroid
