// cairo, loaded the first time a chart is drawn (dlopen of libcairo.so.2).
//
// Why not linked: libcairo pulls in pixman, fontconfig, freetype, X11 and
// xcb, and the dynamic loader's work for them was 1.7 ms of every toroid
// process (3.6 ms in all) although only --plot and sweep charts draw. The
// functions chart.cpp calls are resolved here once, with cairo's own
// prototypes (decltype of the declarations in <cairo.h>), so a mismatch
// does not compile.
#pragma once

#include <cairo-svg.h>
#include <cairo.h>

namespace toroid::detail {

// clang-format off
#define TOROID_CAIRO_FUNCTIONS(X)                                                 \
    X(create) X(destroy) X(paint) X(save) X(restore) X(move_to) X(line_to)      \
    X(rectangle) X(stroke) X(fill) X(rotate) X(set_source_rgb) X(set_line_width) \
    X(set_dash) X(select_font_face) X(set_font_size) X(text_extents)            \
    X(show_text) X(image_surface_create) X(svg_surface_create)                  \
    X(surface_status) X(surface_destroy) X(surface_finish)                      \
    X(surface_write_to_png) X(status_to_string)
// clang-format on

struct CairoLibrary {
#define TOROID_CAIRO_POINTER(name) decltype(&::cairo_##name) name = nullptr;
    TOROID_CAIRO_FUNCTIONS(TOROID_CAIRO_POINTER)
#undef TOROID_CAIRO_POINTER
};

// The loaded library; std::runtime_error saying what is missing (and which
// Debian package has it) when it cannot be loaded.
const CairoLibrary& cairo_library();

}  // namespace toroid::detail
