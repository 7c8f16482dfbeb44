// Portable tile kernel: 2-lane vectors (SSE2 on x86-64, generic elsewhere).
#define TOROID_LANES 2
#define TOROID_KERNEL_NAME tile_kernel_portable
#include "tile_kernel.inl"
