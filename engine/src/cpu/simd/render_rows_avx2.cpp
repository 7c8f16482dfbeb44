// The drawing loop with AVX2's companions POPCNT and BMI (compiled with
// -mavx2 -mbmi -mbmi2 -mpopcnt): entered only on processors of the avx2
// level or better (cpu_render.cpp).
#define TOROID_RENDER_ROWS_NAME render_rows_avx2
#include "render_rows.inl"
