// The multi-state range-1 decision (multistate_rows.inl), 8 x 64-bit lanes.
#define TOROID_LANES 8
#define TOROID_MULTISTATE_NAME multistate_rows_avx512
#define TOROID_MULTISTATE_DECAY multistate_decay_avx512
#include "multistate_rows.inl"
#define TOROID_MULTISTATE_RANGE_NAME multistate_range_avx512
#include "multistate_range.inl"
