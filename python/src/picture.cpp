#include "picture.hpp"

#include <algorithm>
#include <vector>

#include "toroid/error.hpp"
#include "toroid/io/png_writer.hpp"

namespace toroid::python {

namespace {

constexpr int kMaxZoom = 5;  // 32 pixels per cell, as the viewer

// Pixels a side of `cells` cells takes at zoom z (log2 pixels per cell).
std::int64_t side_pixels(std::int64_t cells, int z) {
    return z >= 0 ? cells << z : (cells + (std::int64_t(1) << -z) - 1) >> -z;
}

std::string render_png(const RenderRequest& q, const auto& draw) {
    std::vector<std::uint32_t> pixels(std::size_t(q.width) * std::size_t(q.height));
    RenderTarget target{pixels.data(), q.width, q.height, q.width, RenderMemory::Host};
    draw(target);
    return encode_rgba_png(pixels.data(), q.width, q.height, q.width);
}

}  // namespace

RenderRequest whole_torus_request(std::int64_t torus_width, std::int64_t torus_height,
                                  int max_side) {
    if (max_side < 1 || max_side > 16384)
        throw InputError("max_side " + std::to_string(max_side) +
                         " is out of range: expected 1 .. 16384 pixels");
    const std::int64_t longest = std::max(torus_width, torus_height);
    int z = kMaxZoom;
    while (z > -62 && side_pixels(longest, z) > max_side) --z;
    RenderRequest q;
    q.width = std::int32_t(side_pixels(torus_width, z));
    q.height = std::int32_t(side_pixels(torus_height, z));
    q.step = z >= 0 ? kSubcell >> z : kSubcell << std::min(-z, 40);
    // Pixel 0 starts at cell 0: the centre is half the image from there.
    q.centre_x = std::int64_t(q.width / 2) * q.step;
    q.centre_y = std::int64_t(q.height / 2) * q.step;
    q.grid_lines = true;  // the renderer draws them from 4 pixels per cell
    return q;
}

std::string backend_png(const Backend& backend, int max_side) {
    const RenderRequest q = whole_torus_request(backend.width(), backend.height(), max_side);
    return render_png(q, [&](const RenderTarget& t) { backend.render(q, t); });
}

std::string grid_png(const Grid& cells, bool hexagonal, int max_side) {
    const RenderRequest q = whole_torus_request(cells.width(), cells.height(), max_side);
    return render_png(q, [&](const RenderTarget& t) {
        const Rect r = visible_cells(q, cells.width(), cells.height(), hexagonal);
        render_cells_on_host(q, hexagonal, cells.width(), cells.height(), cells.crop(r), r.x, r.y,
                             nullptr, t);
    });
}

}  // namespace toroid::python
