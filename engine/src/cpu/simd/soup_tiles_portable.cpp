// The census torus's tile stepper, portable build (GCC lowers the 512-bit vectors to what the
// target has) (select_soup_tiles).
#define TOROID_SOUP_TILES_NAME soup_tiles_portable
#include "soup_tiles.inl"
