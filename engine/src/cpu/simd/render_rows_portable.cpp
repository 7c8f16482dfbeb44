// The drawing loop in plain C++ (any processor).
#define TOROID_RENDER_ROWS_NAME render_rows_portable
#include "render_rows.inl"
