// Host/device portability macros shared by the engine and the CUDA kernels.
//
// Everything that computes a cell update is written once, as small inline
// functions marked TOROID_HD. Under nvcc they become __host__ __device__, so
// the CPU backend, the CPU unit tests and the GPU kernels all run the same
// arithmetic; under a plain C++ compiler the macro is empty.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define TOROID_HD __host__ __device__ __forceinline__
#else
#define TOROID_HD inline
#endif

namespace toroid {

TOROID_HD int popcount64(std::uint64_t x) {
#if defined(__CUDA_ARCH__)
    return __popcll(x);
#else
    return __builtin_popcountll(x);
#endif
}

}  // namespace toroid
