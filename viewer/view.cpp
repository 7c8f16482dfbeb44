#include "view.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "toroid/core/render_body.hpp"
#include "toroid/error.hpp"

namespace toroid::view {

double min_zoom(const ViewState& v) {
    const double largest = double(std::max(v.torus_width, v.torus_height));
    return -std::ceil(std::log2(std::max(1.0, largest)));
}

std::int64_t step_of(double zoom) {
    const double s = std::ldexp(double(kSubcell), 0) * std::exp2(-zoom);
    return std::max<std::int64_t>(1, std::llround(s));
}

RenderRequest make_request(const ViewState& v, const RenderPalette& palette) {
    RenderRequest q;
    q.width = v.width;
    q.height = v.height;
    q.centre_x = v.centre_x;
    q.centre_y = v.centre_y;
    q.step = step_of(v.zoom);
    q.density = v.density;
    q.grid_lines = v.grid_lines;
    q.palette = palette;
    return q;
}

void window_to_plane(const ViewState& v, double sx, double sy, std::int64_t& px, std::int64_t& py) {
    const double step = double(step_of(v.zoom));
    px = v.centre_x + std::llround((sx - double(v.width / 2)) * step);
    py = v.centre_y + std::llround((sy - double(v.height / 2)) * step);
}

void window_to_unwrapped(const ViewState& v, double sx, double sy, std::int64_t& px,
                         std::int64_t& py) {
    window_to_plane(v, sx, sy, px, py);
    px += v.unwrapped_x;
    py += v.unwrapped_y;
}

CellXY cell_at_window(const ViewState& v, double sx, double sy) {
    std::int64_t px = 0, py = 0;
    window_to_plane(v, sx, sy, px, py);
    const render::PlaneCell c = render::cell_at(px, py, v.hexagonal);
    return {wrap(c.x, v.torus_width), wrap(c.y, v.torus_height)};
}

render::PlaneCell unwrapped_cell(const ViewState& v, std::int64_t px, std::int64_t py) {
    return render::cell_at(px, py, v.hexagonal);
}

void frame_to_window(const ViewState& v, std::int64_t fx, std::int64_t fy, double& sx, double& sy) {
    const double step = double(step_of(v.zoom));
    const std::int64_t plane_x = fx - (v.hexagonal ? fy / 2 : 0);
    sx = double(v.width / 2) + double(plane_x - v.centre_x) / step;
    sy = double(v.height / 2) + double(fy - v.centre_y) / step;
}

render::PlaneCell nearest_frame_cell(const ViewState& v, std::int64_t x, std::int64_t y) {
    // Row-frame cells are the torus' modulo its size: take the copy of the
    // row nearest the centre, then the copy of the cell in that row nearest it.
    auto nearest = [](std::int64_t cell, std::int64_t centre_cell, std::int64_t size) {
        return centre_cell + wrap(cell - centre_cell + size / 2, size) - size / 2;
    };
    const std::int64_t ny = nearest(y, floor_div(v.centre_y, kSubcell), v.torus_height);
    const std::int64_t row_centre =
        floor_div(v.centre_x + (v.hexagonal ? ny * (kSubcell / 2) : 0), kSubcell);
    return {nearest(x, row_centre, v.torus_width), ny};
}

void cell_to_window(const ViewState& v, std::int64_t x, std::int64_t y, double& sx, double& sy) {
    const render::PlaneCell c = nearest_frame_cell(v, x, y);
    frame_to_window(v, c.x * kSubcell, c.y * kSubcell, sx, sy);
}

bool on_torus(const ViewState& v, double sx, double sy) {
    std::int64_t px = 0, py = 0;
    window_to_plane(v, sx, sy, px, py);
    const render::RenderParams p =
        render::make_render_params(make_request(v), v.hexagonal, v.torus_width, v.torus_height);
    return render::on_drawn_torus(p, px, py);
}

void clamp_to_torus(const ViewState& v, double& sx, double& sy) {
    const render::RenderParams p =
        render::make_render_params(make_request(v), v.hexagonal, v.torus_width, v.torus_height);
    const double step = double(p.request.step);
    // The one copy's window span along an axis, half a pixel inside its edges.
    auto clamp_axis = [&](double& s, bool clip, std::int64_t lo_cell, std::int64_t size,
                          std::int64_t centre, std::int32_t pixels) {
        if (!clip) return;
        const double lo = double(pixels / 2) + double(lo_cell * kSubcell - centre) / step;
        const double hi = lo + double(size * kSubcell) / step;
        s = std::clamp(s, lo + 0.5, hi - 0.5);
    };
    clamp_axis(sx, p.clip_x, p.clip_lo_x, v.torus_width, v.centre_x, v.width);
    clamp_axis(sy, p.clip_y, p.clip_lo_y, v.torus_height, v.centre_y, v.height);
}

void centre_on_torus(ViewState& v) {
    v.centre_y = v.torus_height * kSubcell / 2;
    // The centre cell's plane x: W/2 - y/2 with y = H/2 on hexagonal rules.
    v.centre_x = v.torus_width * kSubcell / 2 - (v.hexagonal ? v.torus_height * kSubcell / 4 : 0);
    wrap_centre(v);
}

void fit(ViewState& v) {
    centre_on_torus(v);
    v.anchor_x = double(v.width) / 2;
    v.anchor_y = double(v.height) / 2;
    const double fits = std::min(double(v.width) / double(v.torus_width),
                                 double(v.height) / double(v.torus_height));
    const double z = std::clamp(std::floor(std::log2(fits)), min_zoom(v), kMaxZoom);
    v.zoom = v.target_zoom = z;
}

void set_hexagonal(ViewState& v, bool hexagonal) {
    if (v.hexagonal == hexagonal) return;
    // The centre's row keeps its cell: plane x = frame x - row/2 (hexagonal).
    const std::int64_t shift = floor_div(v.centre_y, kSubcell) * (kSubcell / 2);
    v.centre_x += hexagonal ? -shift : shift;
    v.hexagonal = hexagonal;
    wrap_centre(v);
}

void wrap_centre(ViewState& v) {
    const std::int64_t period_x = v.torus_width * kSubcell, period_y = v.torus_height * kSubcell;
    // A whole torus height down the plane is half a height to the right in
    // hexagonal frames: the picture repeats along (-H/2, H), not (0, H).
    const std::int64_t y = wrap(v.centre_y, period_y);
    const std::int64_t periods = (v.centre_y - y) / period_y;
    v.centre_y = y;
    v.unwrapped_y += periods * period_y;
    if (v.hexagonal) {
        v.centre_x += periods * (period_y / 2);
        v.unwrapped_x -= periods * (period_y / 2);
    }
    const std::int64_t x = wrap(v.centre_x, period_x);
    v.unwrapped_x += v.centre_x - x;
    v.centre_x = x;
}

void pan_pixels(ViewState& v, double dx, double dy) {
    const double step = double(step_of(v.zoom));
    v.centre_x -= std::llround(dx * step);
    v.centre_y -= std::llround(dy * step);
    wrap_centre(v);
}

void zoom_about(ViewState& v, double z, double sx, double sy, bool immediately) {
    z = std::clamp(z, min_zoom(v), kMaxZoom);
    v.target_zoom = z;
    v.anchor_x = sx;
    v.anchor_y = sy;
    if (!immediately) return;
    std::int64_t before_x = 0, before_y = 0, after_x = 0, after_y = 0;
    window_to_plane(v, sx, sy, before_x, before_y);
    v.zoom = z;
    window_to_plane(v, sx, sy, after_x, after_y);
    v.centre_x += before_x - after_x;
    v.centre_y += before_y - after_y;
    wrap_centre(v);
}

void animate(ViewState& v, double dt) {
    if (v.zoom == v.target_zoom) return;
    const double gap = v.target_zoom - v.zoom;
    // Half the remaining way every 1/15 s; snap when within 1%.
    const double moved = dt <= 0 ? gap : gap * (1.0 - std::exp2(-dt * 15.0));
    const double z = std::abs(gap - moved) < 0.01 ? v.target_zoom : v.zoom + moved;
    const double keep = v.target_zoom;
    zoom_about(v, z, v.anchor_x, v.anchor_y, true);
    v.target_zoom = keep;
}

double parse_zoom(const char* option, const char* text) {
    const std::string s(text);
    const bool inverse = s.rfind("1/", 0) == 0;
    const std::string digits = inverse ? s.substr(2) : s;
    long long n = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec != std::errc() || end != digits.data() + digits.size() || n < 1 || n > (1 << 20))
        throw InputError(std::string(option) + " '" + s +
                         "' is not a zoom: expected N pixels per cell (1, 2, 4, ... 32) or "
                         "1/N cells per pixel (1/2, 1/4, ...)");
    const double z = std::log2(double(n));
    if (!inverse && z > kMaxZoom)
        throw InputError(std::string(option) + " '" + s +
                         "' is too close: at most 32 pixels per cell");
    return inverse ? -z : z;
}

}  // namespace toroid::view
