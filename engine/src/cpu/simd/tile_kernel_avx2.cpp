// AVX2 tile kernel: 4 x 64-bit lanes. Compiled with -mavx2; entered only
// when the CPU reports AVX2 (see select_tile_kernel).
#define TOROID_LANES 4
#define TOROID_KERNEL_NAME tile_kernel_avx2
#include "tile_kernel.inl"
