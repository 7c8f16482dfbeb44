// The multi-state CPU backend: rules whose cells have more than two states
// (Generations: Rule::states() > 2) on one torus.
//
// Its cells are bit planes (cpu/multistate_planes.hpp, docs/architecture.md
// "Multi-state cells"): the live plane, stepped by the two-state rule's own
// word functions, and a bit-sliced counter of the dying states. Every cell
// is computed every generation (no active tiles); rows are split over the
// thread pool, and results do not depend on the thread count. The "cpu"
// entry of the backend registry creates it for multi-state rules, and
// create_backend() sends "auto" to it for them (the CUDA backend and the
// tile engine refuse such rules through Rule::compile()).
#pragma once

#include <memory>

#include "toroid/core/backend.hpp"

namespace toroid {

std::unique_ptr<Backend> make_multistate_cpu_backend(const Rule& rule,
                                                     const BackendOptions& options = {});

}  // namespace toroid
