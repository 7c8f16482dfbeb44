// ECA block kernel, AVX2 build (32-byte vectors); compiled with -mavx2 on
// x86-64 (engine/CMakeLists.txt), a portable copy elsewhere.
#if defined(__AVX2__) || !defined(__x86_64__)
#define TOROID_ECA_VEC_BYTES 32
#define TOROID_ECA_SPECIALISE 1
#define TOROID_ECA_KERNEL_NAME eca_block_avx2
#include "eca_kernel.ipp"
#else
#error "eca_kernel_avx2.cpp must be compiled with -mavx2 on x86-64"
#endif
