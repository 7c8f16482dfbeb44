// The census torus's row stepper, AVX2 build: compiled with -mavx2; entered only when the CPU
// reports AVX2 (select_soup_rows).
#define TOROID_SOUP_ROWS_NAME soup_rows_avx2
#include "soup_rows.inl"
