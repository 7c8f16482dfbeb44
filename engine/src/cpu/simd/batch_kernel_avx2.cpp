#define TOROID_BATCH_KERNEL_NAME batch_group_avx2
#include "batch_kernel.inl"
