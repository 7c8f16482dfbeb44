// Host-only facade of the CUDA batch backend (toroid/core/batch_backend.hpp):
// many small tori per kernel launch, each with its own rule, seed and
// generation; bit-identical to the CPU batch backend (same torus_step.hpp
// arithmetic, run by the bodies in toroid/kernels/batch_step.hpp).
#pragma once

#include <memory>

#include "toroid/core/batch_backend.hpp"

namespace toroid::gpu {

std::unique_ptr<BatchBackend> make_cuda_batch_backend(const BatchOptions& options);

}  // namespace toroid::gpu
