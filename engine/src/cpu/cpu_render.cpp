// CpuBackend::render: draws straight from the current plane (no copy), bands
// of rows per worker, with the render body every backend shares.
#include <algorithm>
#include <stdexcept>

#include "cpu_state.hpp"
#include "toroid/core/render_body.hpp"

namespace toroid {

void CpuBackend::render(const RenderRequest& request, const RenderTarget& target) const {
    if (target.memory != RenderMemory::Host)
        throw std::invalid_argument("the cpu backend renders into host memory only");
    State& s = *s_;
    const detail::StripPlanes& planes = s.planes;
    const render::RenderParams p = render::make_render_params(
        request, rule_.neighbourhood() == Neighbourhood::Hexagonal, planes.width, planes.height);
    render::PlaneView v;
    v.words = planes.plane[s.cur].get();
    v.stride = planes.stride;
    if (planes.strips > 1) {
        v.strip_words = planes.strip_words;
        v.strip_skip = planes.strip_skip;
    }
    v.offset = kRowOffset;
    v.torus_width = v.width = planes.width;
    v.torus_height = v.height = planes.height;
    const std::int64_t rows = std::min<std::int64_t>(request.height, target.height);
    const std::int64_t cols = std::min<std::int64_t>(request.width, target.width);
    constexpr std::int64_t kBand = 16;
    s.pool.run(std::size_t((rows + kBand - 1) / kBand), [&](std::size_t band) {
        const std::int64_t y1 = std::min(rows, std::int64_t(band + 1) * kBand);
        for (std::int64_t py = std::int64_t(band) * kBand; py < y1; ++py)
            for (std::int64_t px = 0; px < cols; ++px)
                target.pixels[py * target.pitch + px] = render::render_pixel(p, v, px, py);
    });
}

}  // namespace toroid
