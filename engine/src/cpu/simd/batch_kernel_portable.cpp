#define TOROID_BATCH_KERNEL_NAME batch_group_portable
#include "batch_kernel.inl"
