// View: where the grid view looks and how close, and the mapping between
// window pixels and torus cells (the render contract is render_request.hpp).
//
// The view is a plane position at the window's centre (fixed point, 1/2^20
// cell) and a zoom as log2(pixels per cell): 3 is 8 pixels per cell (1:8),
// -3 is 8 cells per pixel (8:1). Zoom steps are powers of two (Golly's),
// and the shown zoom glides towards the asked one (smooth zoom). The centre
// always stays inside the torus' first copy, so panning wraps across seams.
//
// Hexagonal rules are drawn sheared: row y shifted left by y/2 cells. In a
// row's own frame (x + y/2) the cells are the torus' modulo its size, so
// "row-frame" coordinates (render::PlaneCell) name cells without wrapping;
// the plane x of a row-frame point is x - y/2 (render::cell_plane_x). Fit,
// centring, the drawn selection and wrapping all use that geometry: the
// torus' centre cell (W/2, H/2) is at plane (W/2 - H/4, H/2), and a whole
// torus height down the plane is H/2 to the right.
#pragma once

#include <cstdint>

#include "toroid/core/render_body.hpp"
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
    // What wrap_centre has taken off the centre so far (1/kSubcell, whole
    // periods of the torus): a plane position plus these is "unwrapped", so a
    // gesture that lasts across a wrap of the centre keeps its geometry.
    std::int64_t unwrapped_x = 0, unwrapped_y = 0;
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
// The same plus what wrapping took off (see unwrapped_x).
void window_to_unwrapped(const ViewState& v, double sx, double sy, std::int64_t& px,
                         std::int64_t& py);
// The torus cell drawn at window point (sx, sy) (hexagons for H rules).
CellXY cell_at_window(const ViewState& v, double sx, double sy);
// The row-frame cell (not wrapped) at an unwrapped plane position.
render::PlaneCell unwrapped_cell(const ViewState& v, std::int64_t px, std::int64_t py);
// Window position of row-frame point (fx, fy) (1/kSubcell; hexagonal: sheared).
void frame_to_window(const ViewState& v, std::int64_t fx, std::int64_t fy, double& sx, double& sy);
// The row-frame cell of torus cell (x, y) nearest the view's centre.
render::PlaneCell nearest_frame_cell(const ViewState& v, std::int64_t x, std::int64_t y);
// Window position of the top-left corner of torus cell (x, y), the copy
// nearest the view's centre (hexagonal rules: of its row band, sheared).
void cell_to_window(const ViewState& v, std::int64_t x, std::int64_t y, double& sx, double& sy);
// Whether window point (sx, sy) shows the torus (not the outside colour
// around its one copy when the torus is smaller than the window).
bool on_torus(const ViewState& v, double sx, double sy);
// The nearest point of the drawn torus to window point (sx, sy).
void clamp_to_torus(const ViewState& v, double& sx, double& sy);

// Centre on the torus, zoomed to the largest power of two that fits it (<= 1:32).
void fit(ViewState& v);
// The torus' centre cell at the window's centre (hexagonal: sheared).
void centre_on_torus(ViewState& v);
// Switches between square and hexagonal drawing keeping the cell under the
// window's centre where it is (a rule change must not make the picture jump).
void set_hexagonal(ViewState& v, bool hexagonal);
void pan_pixels(ViewState& v, double dx, double dy);  // content moves by (dx, dy) pixels
void wrap_centre(ViewState& v);
// Asks for zoom z (clamped), keeping window point (sx, sy) fixed when it is reached.
void zoom_about(ViewState& v, double z, double sx, double sy, bool immediately);
// Moves the drawn zoom towards the asked one; dt in seconds (<= 0: jump there).
void animate(ViewState& v, double dt);

// "8" -> 3, "1/8" -> -3, "1" -> 0; InputError otherwise (positive integers).
double parse_zoom(const char* option, const char* text);

}  // namespace toroid::view
