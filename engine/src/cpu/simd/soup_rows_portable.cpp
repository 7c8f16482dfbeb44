// The census torus's row stepper, portable build (GCC lowers the 256-bit vectors to what the target
// has) (select_soup_rows).
#define TOROID_SOUP_ROWS_NAME soup_rows_portable
#include "soup_rows.inl"
