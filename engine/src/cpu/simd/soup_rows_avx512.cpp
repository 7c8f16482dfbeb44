// The census torus's row stepper, AVX-512 build (256-bit vectors with VL's ternary logic): entered
// only when the CPU reports the project's AVX-512 level (select_soup_rows).
#define TOROID_SOUP_ROWS_NAME soup_rows_avx512
#include "soup_rows.inl"
