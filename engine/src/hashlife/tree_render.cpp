// HashLifeBackend::render: views of a torus drawn from its tree (contract in
// toroid/hashlife/hashlife_backend.hpp and core/render_request.hpp).
//
// Small views go through Backend::render (the visible cells, then the render
// body every backend shares), so they are the same pixels as on the CPU.
// Wide views sample node squares: the pixel arithmetic (clipping to one copy,
// the density colour) is the render body's own; only the count of live
// cells comes from a node's memoised population instead of the cells.
#include <bit>

#include "toroid/core/render_body.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"

namespace toroid {

namespace {

// The node of level `level` holding square-tiling cell (x, y) (0 <= x, y <
// the square's side).
hashlife::NodeId node_at(const hashlife::NodeStore& s, hashlife::NodeId n, int from, int level,
                         std::int64_t x, std::int64_t y) {
    for (int l = from; l > level; --l) {
        const std::int64_t half = std::int64_t(1) << (l - 1);
        n = s[n].child[std::size_t((x >= half) + 2 * (y >= half))];
        x &= half - 1;
        y &= half - 1;
    }
    return n;
}

}  // namespace

void HashLifeBackend::render(const RenderRequest& q, const RenderTarget& target) const {
    const hashlife::TorusTree& t = torus();
    const bool hex = rule_.neighbourhood() == Neighbourhood::Hexagonal;
    const Rect visible = visible_cells(q, t.width(), t.height(), hex);
    const std::int64_t step = q.step < 1 ? 1 : q.step;
    if (hex || step < kSubcell ||
        double(visible.width) * double(visible.height) <= double(direct_render_cells_)) {
        Backend::render(q, target);
        return;
    }
    if (target.memory != RenderMemory::Host)
        throw std::invalid_argument("hashlife renders to host memory only");
    const render::RenderParams p = render::make_render_params(q, false, t.width(), t.height());
    // The largest power-of-two square not wider than a pixel, within the square.
    const int level = std::min(t.level(), 63 - std::countl_zero(std::uint64_t(step / kSubcell)));
    const hashlife::NodeStore& s = t.store();
    for (std::int64_t py = 0; py < q.height && py < target.height; ++py) {
        std::int64_t y0 = q.centre_y + (py - q.height / 2) * step, y1 = y0 + step;
        const bool row_inside = render::clip_span(y0, y1, p.clip_y, p.clip_lo_y, t.height());
        const std::int64_t cy = wrap(render::floor_cells(y0 + (y1 - y0) / 2), t.height());
        for (std::int64_t px = 0; px < q.width && px < target.width; ++px) {
            std::uint32_t& pixel = target.pixels[py * target.pitch + px];
            std::int64_t x0 = q.centre_x + (px - q.width / 2) * step, x1 = x0 + step;
            if (!row_inside || !render::clip_span(x0, x1, p.clip_x, p.clip_lo_x, t.width())) {
                pixel = q.palette.outside;
                continue;
            }
            const std::int64_t cx = wrap(render::floor_cells(x0 + (x1 - x0) / 2), t.width());
            const std::int64_t mask = ~((std::int64_t(1) << level) - 1);
            const std::int64_t sx = cx & mask, sy = cy & mask;
            WideCount live, area = WideCount(1) << (2 * level);
            if (level >= hashlife::kLeafLevel) {
                live = t.node_population(node_at(s, t.root(), t.level(), level, sx, sy));
            } else {  // a square inside a leaf
                const hashlife::NodeId leaf =
                    node_at(s, t.root(), t.level(), hashlife::kLeafLevel, sx, sy);
                const std::uint64_t cells = s.leaf_cells(leaf);
                const int side = 1 << level, lx = int(sx & 7), ly = int(sy & 7);
                const std::uint64_t row = ((std::uint64_t(1) << side) - 1) << lx;
                std::uint64_t bits = 0;
                for (int r = 0; r < side; ++r) bits |= cells & (row << (8 * (ly + r)));
                live = WideCount(std::popcount(bits));
            }
            while (area >
                   WideCount(kMaxNarrowCount) / 2) {  // squares of 2^32 and more cells a side
                live = live > 0 && live < 4 ? 1 : live >> 2;
                area >>= 2;
            }
            pixel = render::density_colour(q, std::uint64_t(live), std::uint64_t(area));
        }
    }
}

}  // namespace toroid
