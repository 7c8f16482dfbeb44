// View: where the grid view looks and how close, and the mapping between
// window pixels and torus cells (the render contract is render_request.hpp).
//
// The view is a plane position at the window's centre (fixed point, 1/2^20
// cell) and a zoom as log2(pixels per cell): 3 is 8 pixels per cell (1:8),
// -3 is 8 cells per pixel (8:1). Zoom steps are powers of two (Golly's),
// and the shown zoom glides towards the asked one (smooth zoom). The centre
// always stays inside the torus' first copy, so panning wraps across seams.
#pragma once

#include <cstdint>

#include "toroid/core/render_request.hpp"

namespace toroid::view {

inline constexpr double kMaxZoom = 5.0;  // 1:32

struct ViewState {
    std::int32_t width = 1, height = 1;  // pixels of the grid view
    std::int64_t torus_width = 1, torus_height = 1;
    bool hexagonal = false;
    std::int64_t centre_x = 0, centre_y = 0;  // plane position (1/kSubcell)
    double zoom = 0;                          // log2 pixels per cell, as drawn now
    double target_zoom = 0;                   // as asked (powers of two from keys and wheel)
    double anchor_x = 0, anchor_y = 0;        // window point kept fixed while zooming
    bool grid_lines = false;
    DensityMode density = DensityMode::LogDensity;
};

struct CellXY {
    std::int64_t x = 0, y = 0;  // torus cell, 0 <= x < width, 0 <= y < height
};

// Most zoomed-out level that is still useful: the whole torus in one pixel.
double min_zoom(const ViewState& v);
std::int64_t step_of(double zoom);  // cells per pixel, fixed point
RenderRequest make_request(const ViewState& v, const RenderPalette& palette = {});

// Plane position (fixed point) of window point (sx, sy) (pixels, may be fractional).
void window_to_plane(const ViewState& v, double sx, double sy, std::int64_t& px, std::int64_t& py);
// The torus cell drawn at window point (sx, sy) (hexagons for H rules).
CellXY cell_at_window(const ViewState& v, double sx, double sy);
// Window position of the top-left corner of plane cell (x, y) (square cells).
void cell_to_window(const ViewState& v, std::int64_t x, std::int64_t y, double& sx, double& sy);

// Centre on the torus, zoomed to the largest power of two that fits it (<= 1:32).
void fit(ViewState& v);
void centre_on_torus(ViewState& v);
void pan_pixels(ViewState& v, double dx, double dy);  // content moves by (dx, dy) pixels
void wrap_centre(ViewState& v);
// Asks for zoom z (clamped), keeping window point (sx, sy) fixed when it is reached.
void zoom_about(ViewState& v, double z, double sx, double sy, bool immediately);
// Moves the drawn zoom towards the asked one; dt in seconds (<= 0: jump there).
void animate(ViewState& v, double dt);

// "8" -> 3, "1/8" -> -3, "1" -> 0; InputError otherwise (positive integers).
double parse_zoom(const char* option, const char* text);

}  // namespace toroid::view
