// Host/device portability macros shared by the engine and the CUDA kernels.
//
// Everything that computes a cell update is written once, as small inline
// functions marked TOROID_HD. Under nvcc they become __host__ __device__, so
// the CPU backend, the CPU unit tests and the GPU kernels all run the same
// arithmetic; under a plain C++ compiler the macro is empty.
#pragma once

#include <cstdint>

// On the host the functions are always inlined: the CPU kernels are compiled
// once per instruction set (AVX-512, AVX2, portable), and an out-of-line copy
// emitted by an AVX-512 translation unit must never be the one the linker
// keeps for code that runs on a CPU without AVX-512.
#if defined(__CUDACC__)
#define TOROID_HD __host__ __device__ __forceinline__
#elif defined(__GNUC__)
#define TOROID_HD inline __attribute__((always_inline))
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
