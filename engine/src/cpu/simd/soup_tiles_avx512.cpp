// The census torus's tile stepper, AVX-512 build (512-bit vectors: eight rows of a tile's column):
// entered only when the CPU reports the project's AVX-512 level (select_soup_tiles).
#define TOROID_SOUP_TILES_NAME soup_tiles_avx512
#include "soup_tiles.inl"
