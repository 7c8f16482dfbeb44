// The named-rule CPU backend: rule tables, rule trees and Golly's built-in
// multi-state families (core/state_rule.hpp) on one torus.
//
// One byte per cell, rows stored with one wrapped cell at each end so that a
// rule's step_row reads x - 1 and x + 1 without tests; two buffers (current
// and next). Rows are split into bands over the thread pool; results do not
// depend on the thread count. A row whose three rows (above, itself, below)
// are all zero is not computed when the rule keeps zeros zero (every rule
// without births from nothing), so sparse patterns on large tori (loops,
// turmites) cost little more than their live rows. The "cpu" entry of the
// backend registry creates it for RuleKind::Named rules, and "auto" sends
// them to "cpu".
#pragma once

#include <memory>

#include "toroid/core/backend.hpp"

namespace toroid {

std::unique_ptr<Backend> make_named_rule_cpu_backend(const Rule& rule,
                                                     const BackendOptions& options = {});

}  // namespace toroid
