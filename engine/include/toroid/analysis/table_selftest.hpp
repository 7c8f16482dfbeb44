// Self-test of named rules: random rule tables, compiled and run on every
// 2-D backend that runs named rules, against the plain matcher
// (core/table_reference.hpp) cell by cell (`toroid selftest --rules tables`).
//
// Each table is random: a neighbourhood (Moore, von Neumann, hexagonal,
// one-dimensional), a symmetry of that neighbourhood (none, the rotations
// and reflections, permute), 2..8 states, 4..30 transitions whose inputs are
// states or variables (a variable named twice is bound, as in Golly) and
// whose next state is a state or a bound variable. Tori of awkward sizes
// (1x1 up to 65x5) start from a soup of every state and are compared every
// generation.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "toroid/analysis/selftest.hpp"
#include "toroid/core/state_rule.hpp"

namespace toroid {

// A random table's @TABLE text (see above), `states` 2..256, for tests too.
std::string random_rule_table_text(std::mt19937_64& rng, CellNeighbourhood n,
                                   const std::string& symmetries, int states, int transitions);

// `tables` random tables from `options.seed`; failures name the table by
// its seed ("table #<k> of seed <s>: <neighbourhood> <symmetries> <states>").
SelftestReport run_table_selftest(std::uint64_t tables, const SelftestOptions& options,
                                  const std::function<void(std::uint64_t done)>& progress = {});

}  // namespace toroid
