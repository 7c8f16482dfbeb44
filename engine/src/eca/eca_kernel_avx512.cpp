// ECA block kernel, AVX-512F build (64-byte vectors); compiled with
// -mavx512f on x86-64 (engine/CMakeLists.txt), a portable copy elsewhere.
#if defined(__AVX512F__) || !defined(__x86_64__)
#define TOROID_ECA_VEC_BYTES 64
#define TOROID_ECA_SPECIALISE 1
#define TOROID_ECA_KERNEL_NAME eca_block_avx512
#include "eca_kernel.ipp"
#else
#error "eca_kernel_avx512.cpp must be compiled with -mavx512f on x86-64"
#endif
