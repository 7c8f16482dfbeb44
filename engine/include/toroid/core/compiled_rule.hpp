// The compiled rule: plain data, passed by value to CPU loops and to kernels.
//
// Rules written with counts (B/S, maybe stochastic): for a neighbour count k
// (0..8) and the cell's own state, a transition is
//   certain    bit k of birth / survive is set,
//   random     bit k of birth_random / survive_random is set: it happens when
//              the cell's Philox draw u (uniform 32-bit) is < threshold[k],
//              i.e. with probability threshold[k] / 2^32 (exact to 2^-32),
//   absent     otherwise (a dead cell stays dead, a live cell dies).
// Rules given as a table (isotropic letters, MAP): `circuit` is their table
// compiled into a decision diagram (rule_circuit.hpp) and `uses_circuit`
// is set; the count fields are unused. Those close to a count rule (a few
// Hensel letters off) also get `corrections` (count_corrections.hpp), set
// `count_corrected`, and run as the count rule plus those corrections;
// those whose diagram is large run as a fixed multiplexer tree on the
// table (table_tree.hpp) instead, `uses_tree` set.
#pragma once

#include <cstdint>

#include "toroid/core/count_corrections.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/rule_circuit.hpp"
#include "toroid/core/table_tree.hpp"

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
    bool uses_circuit = false;
    bool circuit_births_on_empty = false;  // the table's entry for an empty block
    RuleCircuit circuit;
    bool count_corrected = false;  // a table rule that runs as `corrections`
    CountCorrections corrections;
    bool uses_tree = false;  // a table rule that runs as `tree`
    TableTree tree;

    TOROID_HD bool stochastic() const { return (birth_random | survive_random) != 0; }
    // A dead cell with no live neighbour may come alive: empty space does
    // not stay empty (such rules compute every tile).
    TOROID_HD bool births_on_empty() const {
        return uses_circuit ? circuit_births_on_empty : ((birth | birth_random) & 1u) != 0;
    }
};

}  // namespace toroid
