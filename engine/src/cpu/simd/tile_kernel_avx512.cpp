// AVX-512 tile kernel: 8 x 64-bit lanes, one tile column per vector, with
// ternary-logic and vector popcount. Compiled with -mavx512*; entered only
// when the CPU reports those extensions (see select_tile_kernel).
#define TOROID_LANES 8
#define TOROID_KERNEL_NAME tile_kernel_avx512
#include "tile_kernel.inl"
