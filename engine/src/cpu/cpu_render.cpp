// CpuBackend::render: draws straight from the current plane (no copy), bands
// of rows per worker, with the render body every backend shares, in the
// build of the drawing loop for the backend's instruction set.
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "cpu_render_rows.hpp"
#include "cpu_state.hpp"
#include "toroid/core/render_body.hpp"

namespace toroid {

namespace detail {

SweepPlan plan_sweep(const render::RenderParams& p, std::vector<std::uint32_t>& table) {
    const std::int64_t step = p.request.step;
    SweepPlan plan;
    if (step < kSubcell) {
        if (!p.hexagonal) plan.mode = SweepPlan::Mode::ZoomedIn;
        return plan;
    }
    if (step % kSubcell != 0) return plan;  // a smooth zoom's frame
    plan.mode = SweepPlan::Mode::ZoomedOut;
    plan.cells = step / kSubcell;
    if (plan.cells <= 64) {
        const std::int64_t area = plan.cells * plan.cells;
        table.resize(std::size_t(area + 1));
        for (std::int64_t live = 0; live <= area; ++live)
            table[std::size_t(live)] = render::density_colour(
                p.request, render::Count{std::uint64_t(live), std::uint64_t(area)});
        plan.colours = table.data();
    }
    return plan;
}

}  // namespace detail

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
    std::vector<std::uint32_t> table;
    const detail::SweepPlan plan = detail::plan_sweep(p, table);
    const detail::RenderRows draw =
        s.isa == "portable" ? detail::render_rows_portable : detail::render_rows_avx2;
    constexpr std::int64_t kBand = 16;
    s.pool.run(std::size_t((rows + kBand - 1) / kBand), [&](std::size_t band) {
        const std::int64_t y0 = std::int64_t(band) * kBand;
        draw(p, v, plan, target, y0, std::min(rows, y0 + kBand), cols);
    });
}

}  // namespace toroid
