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

CellXY cell_at_window(const ViewState& v, double sx, double sy) {
    std::int64_t px = 0, py = 0;
    window_to_plane(v, sx, sy, px, py);
    const render::PlaneCell c = render::cell_at(px, py, v.hexagonal);
    return {wrap(c.x, v.torus_width), wrap(c.y, v.torus_height)};
}

void cell_to_window(const ViewState& v, std::int64_t x, std::int64_t y, double& sx, double& sy) {
    const double step = double(step_of(v.zoom));
    // The copy of (x, y) nearest the centre.
    auto nearest = [](std::int64_t cell, std::int64_t centre, std::int64_t size) {
        const std::int64_t c = floor_div(centre, kSubcell);
        return c + wrap(cell - c + size / 2, size) - size / 2;
    };
    const std::int64_t nx = nearest(x, v.centre_x, v.torus_width);
    const std::int64_t ny = nearest(y, v.centre_y, v.torus_height);
    sx = double(v.width / 2) + double(nx * kSubcell - v.centre_x) / step;
    sy = double(v.height / 2) + double(ny * kSubcell - v.centre_y) / step;
}

void centre_on_torus(ViewState& v) {
    v.centre_x = v.torus_width * kSubcell / 2;
    v.centre_y = v.torus_height * kSubcell / 2;
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

void wrap_centre(ViewState& v) {
    v.centre_x = wrap(v.centre_x, v.torus_width * kSubcell);
    v.centre_y = wrap(v.centre_y, v.torus_height * kSubcell);
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
