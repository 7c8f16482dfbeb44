// The census torus's tile stepper, AVX2 build: compiled with -mavx2; entered only when the CPU
// reports AVX2 (select_soup_tiles).
#define TOROID_SOUP_TILES_NAME soup_tiles_avx2
#include "soup_tiles.inl"
