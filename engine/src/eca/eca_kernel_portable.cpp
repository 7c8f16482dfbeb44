// ECA block kernel, portable build (16-byte vectors: SSE2 on x86-64).
#define TOROID_ECA_VEC_BYTES 16
#define TOROID_ECA_SPECIALISE 1
#define TOROID_ECA_KERNEL_NAME eca_block_portable
#include "eca_kernel.ipp"
