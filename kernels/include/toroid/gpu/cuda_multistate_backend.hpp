// The CUDA backend of Generations rules (range 1: Moore, hexagonal, von
// Neumann, letters, MAP) and range-r rules (Larger than Life, HROT): see
// kernels/src/cuda_multistate_backend.cu. Named rules have their own
// (cuda_named_rule_backend.hpp); two-state range-1 rules the bit-plane one.
#pragma once

#include <memory>

#include "toroid/core/backend.hpp"

namespace toroid::gpu {

std::unique_ptr<Backend> make_cuda_multistate_backend(const Rule& rule,
                                                      const BackendOptions& options);

}  // namespace toroid::gpu
