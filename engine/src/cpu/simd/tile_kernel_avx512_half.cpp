// The tile kernel on 256-bit AVX-512VL vectors (4 lanes): half a tile per
// column. The AVX-512 backend steps a tile whose live cells lie in one half
// with it (see CpuBackend's scheduler): a 512-bit row is the whole tile, so
// the full kernel would spend its work on the dead half. Entered only when
// the CPU has AVX-512 (same check as tile_kernel_avx512.cpp).
#define TOROID_LANES 4
#define TOROID_KERNEL_NAME tile_kernel_avx512_half
#include "tile_kernel.inl"
