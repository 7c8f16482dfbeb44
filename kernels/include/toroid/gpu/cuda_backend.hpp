// Host-only facade of the CUDA backend: no CUDA type crosses this header.
//
// The CUDA backend keeps both bit-planes in device memory in the CPU
// backend's row layout (left halo word, canonical words, edge bit W; see
// cpu_backend.hpp) and advances every word of the torus per generation:
// one thread per word column and strip of rows, rolling down the strip with
// the shared bitslice.hpp functions (the CPU unit tests run the very same
// arithmetic). Population and hash are Thrust reductions on the device.
//
// The backend is registered as "cuda" (usable when a device is present) by
// kernels/src/cuda_registrar.cpp; front ends ask the registry, never this
// header. Tests and benchmarks may construct it directly.
#pragma once

#include <memory>

#include "toroid/core/backend.hpp"

namespace toroid::gpu {

// Throws InputError when no CUDA device is present.
std::unique_ptr<Backend> make_cuda_backend(const Rule& rule, const BackendOptions& options);

}  // namespace toroid::gpu
