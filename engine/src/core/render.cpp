// Host side of rendering: the visible cells of a view, the host renderer over
// a copy of them, and Backend::render's default (read the cells, draw them).
// The pixel arithmetic itself is the render kernel's body
// (toroid/core/render_body.hpp), shared with the CUDA kernel.
#include <stdexcept>

#include "toroid/core/backend.hpp"
#include "toroid/core/render_body.hpp"
#include "toroid/core/render_request.hpp"
#include "toroid/core/state_palette.hpp"
namespace toroid {

namespace {

// Cells [lo, hi) an axis of the image touches (generously: one more on each
// side), clipped to one copy of the torus; the whole axis when that is wider.
void axis_range(std::int64_t centre, std::int64_t pixels, std::int64_t step, std::int64_t size,
                std::int64_t extra_lo, std::int64_t extra_hi, std::int64_t& lo,
                std::int64_t& count) {
    const std::int64_t a0 = centre - (pixels / 2) * step;
    const std::int64_t a1 = centre + (pixels - pixels / 2) * step;
    const std::int64_t first = floor_div(a0, kSubcell) - 1 + extra_lo;
    const std::int64_t last = ceil_div(a1, kSubcell) + 1 + extra_hi;  // exclusive
    if (last - first >= size) {
        lo = 0;
        count = size;
    } else {
        lo = first;
        count = last - first;
    }
}

// Zoomed in: the state of the cell under pixel (px, py), found as
// render_pixel finds it (the pixel's span, clipped, its centre).
int cell_state(const render::RenderParams& p, const Grid& cells, std::int64_t origin_x,
               std::int64_t origin_y, std::int64_t px, std::int64_t py) {
    const RenderRequest& q = p.request;
    std::int64_t x0 = q.centre_x + (px - q.width / 2) * q.step, x1 = x0 + q.step;
    std::int64_t y0 = q.centre_y + (py - q.height / 2) * q.step, y1 = y0 + q.step;
    render::clip_span(x0, x1, p.clip_x, p.clip_lo_x, p.torus_width);
    render::clip_span(y0, y1, p.clip_y, p.clip_lo_y, p.torus_height);
    const render::PlaneCell c =
        render::cell_at(x0 + (x1 - x0) / 2, y0 + (y1 - y0) / 2, p.hexagonal);
    return cells.state(wrap(c.x - origin_x, p.torus_width), wrap(c.y - origin_y, p.torus_height));
}

}  // namespace

Rect visible_cells(const RenderRequest& q, std::int64_t torus_width, std::int64_t torus_height,
                   bool hexagonal) {
    const std::int64_t step = q.step < 1 ? 1 : q.step;
    Rect r;
    axis_range(q.centre_y, q.height, step, torus_height, 0, 0, r.y, r.height);
    std::int64_t shift_lo = 0, shift_hi = 0;
    if (hexagonal) {  // row y is read from x + y/2 on
        const std::int64_t row0 = floor_div(q.centre_y - (q.height / 2) * step, kSubcell) - 1;
        const std::int64_t row1 =
            ceil_div(q.centre_y + (q.height - q.height / 2) * step, kSubcell) + 1;
        shift_lo = floor_div(row0, 2);
        shift_hi = ceil_div(row1, 2);
    }
    axis_range(q.centre_x, q.width, step, torus_width, shift_lo, shift_hi, r.x, r.width);
    return r;
}

void render_cells_on_host(const RenderRequest& q, bool hexagonal, std::int64_t torus_width,
                          std::int64_t torus_height, const Grid& cells, std::int64_t origin_x,
                          std::int64_t origin_y, const std::uint16_t* ages,
                          const RenderTarget& target, const std::uint32_t* state_colours) {
    if (target.memory != RenderMemory::Host)
        throw std::invalid_argument("render_cells_on_host: the target is device memory");
    const render::RenderParams p =
        render::make_render_params(q, hexagonal, torus_width, torus_height);
    // Multi-state cells: the pixels are drawn from the cells in any state but
    // 0 (zoomed out, their density), then a cell drawn live takes its state's
    // colour.
    std::vector<std::uint64_t> occupied;
    if (state_colours) {
        occupied = cells.words();
        for (int plane = 1; plane <= cells.state_planes(); ++plane)
            for (std::size_t i = 0; i < occupied.size(); ++i) occupied[i] |= cells.plane(plane)[i];
    }
    render::PlaneView v;
    v.words = state_colours ? occupied.data() : cells.words().data();
    v.stride = cells.words_per_row();
    v.offset = 0;
    v.torus_width = torus_width;
    v.torus_height = torus_height;
    v.origin_x = origin_x;
    v.origin_y = origin_y;
    v.width = cells.width();
    v.height = cells.height();
    v.ages = ages;
    for (std::int64_t py = 0; py < q.height && py < target.height; ++py)
        for (std::int64_t px = 0; px < q.width && px < target.width; ++px) {
            std::uint32_t colour = render::render_pixel(p, v, px, py);
            if (state_colours && p.request.step < kSubcell && colour == q.palette.live)
                colour = state_colours[cell_state(p, cells, origin_x, origin_y, px, py)];
            target.pixels[py * target.pitch + px] = colour;
        }
}

void Backend::render(const RenderRequest& request, const RenderTarget& target) const {
    const bool hex = rule_.neighbourhood() == Neighbourhood::Hexagonal;
    const Rect r = visible_cells(request, width(), height(), hex);
    const Grid cells = read_region(r);
    const std::vector<std::uint32_t> colours = state_palette(rule_, request.palette);
    render_cells_on_host(request, hex, width(), height(), cells, r.x, r.y, nullptr, target,
                         colours.empty() ? nullptr : colours.data());
}

}  // namespace toroid
