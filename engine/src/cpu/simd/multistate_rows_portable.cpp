// The multi-state range-1 decision (multistate_rows.inl), 1 x 64-bit lanes.
#define TOROID_LANES 1
#define TOROID_MULTISTATE_NAME multistate_rows_portable
#define TOROID_MULTISTATE_DECAY multistate_decay_portable
#include "multistate_rows.inl"
#define TOROID_MULTISTATE_RANGE_NAME multistate_range_portable
#include "multistate_range.inl"
