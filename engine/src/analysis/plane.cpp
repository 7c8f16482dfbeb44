#include "toroid/analysis/plane.hpp"

#include <algorithm>
#include <vector>

#include "toroid/core/torus_step.hpp"

namespace toroid {

Grid step_torus(const Grid& g, const CompiledRule& rule, std::uint64_t seed,
                std::uint64_t generation) {
    const TorusShape s = TorusShape::of(g.width(), g.height());
    Grid next(g.width(), g.height());
    const std::uint64_t* in = g.words().data();
    std::uint64_t* out = next.words().data();
    with_step_variant(rule, [&]<class V>(V) {
        for (std::int64_t y = 0; y < s.height; ++y)
            for (std::int64_t j = 0; j < s.words; ++j)
                out[y * s.words + j] =
                    torus_next_word_exact<V>(in, s, rule, seed, generation, y, j);
    });
    return next;
}

namespace {

// Start and length of the shortest cyclic interval covering the occupied
// positions of `used` (size n): the complement of the longest empty run.
std::pair<std::int64_t, std::int64_t> cyclic_cover(const std::vector<char>& used) {
    const std::int64_t n = std::int64_t(used.size());
    std::int64_t best_gap = 0, best_end = 0;  // the gap ends just before best_end
    std::int64_t first_used = -1;
    for (std::int64_t i = 0; i < n; ++i)
        if (used[std::size_t(i)]) {
            first_used = i;
            break;
        }
    if (first_used < 0) return {0, 0};
    std::int64_t run = 0;
    for (std::int64_t k = 1; k <= n; ++k) {
        const std::int64_t i = (first_used + k) % n;
        if (!used[std::size_t(i)]) {
            ++run;
        } else {
            if (run > best_gap) {
                best_gap = run;
                best_end = i;
            }
            run = 0;
        }
    }
    if (best_gap == 0) return {0, n};
    return {best_end, n - best_gap};
}

}  // namespace

Rect torus_bounding_box(const Grid& g) {
    std::vector<char> rows(std::size_t(g.height()), 0), cols(std::size_t(g.width()), 0);
    std::vector<std::uint64_t> column_or(std::size_t(g.words_per_row()), 0);
    bool any = false;
    const std::int64_t wpr = g.words_per_row();
    for (int p = 0; p <= g.state_planes(); ++p)  // every state but 0
        for (std::int64_t y = 0; y < g.height(); ++y) {
            const std::uint64_t* row = g.plane(p).data() + y * wpr;
            for (std::int64_t j = 0; j < wpr; ++j) {
                if (row[j]) {
                    rows[std::size_t(y)] = 1;
                    any = true;
                }
                column_or[std::size_t(j)] |= row[j];
            }
        }
    if (!any) return Rect{};
    for (std::int64_t x = 0; x < g.width(); ++x)
        cols[std::size_t(x)] = char((column_or[std::size_t(x / 64)] >> (x % 64)) & 1);
    const auto [x0, w] = cyclic_cover(cols);
    const auto [y0, h] = cyclic_cover(rows);
    return Rect{x0, y0, w, h};
}

Plane::Plane(const Grid& pattern, const Rule& rule, std::uint64_t seed)
    : rule_(rule),
      reach_(rule.range_rule() ? rule.range().range : 1),
      seed_(seed),
      bounded_(rule.births_on_zero()) {
    if (rule.needs_multistate_backend()) {
        BackendOptions options;
        options.threads = 1;
        options.seed = seed;
        backend_ = create_backend("cpu", rule, options);  // one thread, small grids
    } else {
        compiled_ = rule.compile();
    }
    const std::int64_t pad = std::max<std::int64_t>(bounded_ ? 16 : 8, 2 * reach_ + 2);
    grid_ = Grid(pattern.width() + 2 * pad, pattern.height() + 2 * pad);
    grid_.paste(pattern, pad, pad);
    origin_x_ = -pad;
    origin_y_ = -pad;
    if (backend_) {  // the backend's own form of the cells (its state planes)
        backend_->load(grid_, 0);
        grid_ = backend_->grid();
    }
}

void Plane::ensure_margin() {
    if (bounded_) return;
    const Rect b = grid_.bounding_box();
    if (b.empty()) return;
    const std::int64_t w = grid_.width(), h = grid_.height();
    // Cells reach_ + 1 from the edge cannot meet their wrapped images in one
    // generation (they reach reach_ cells; images are 2 reach_ + 2 apart).
    const std::int64_t m = reach_ + 1;
    if (b.x >= m && b.y >= m && b.x + b.width <= w - m && b.y + b.height <= h - m) return;
    const std::int64_t pad =
        std::max({std::int64_t(8), 2 * reach_ + 2, std::max(b.width, b.height) / 2});
    Grid bigger(b.width + 2 * pad, b.height + 2 * pad);
    bigger.paste(grid_.crop(b), pad, pad);
    origin_x_ += b.x - pad;
    origin_y_ += b.y - pad;
    grid_ = std::move(bigger);
}

void Plane::step() {
    ensure_margin();
    if (backend_) {
        backend_->load(grid_, generation_);
        backend_->step(1);
        grid_ = backend_->grid();
    } else {
        grid_ = step_torus(grid_, compiled_, seed_, generation_);
    }
    ++generation_;
}

Rect Plane::bounding_box() const {
    Rect b = bounded_ ? torus_bounding_box(grid_) : grid_.bounding_box();
    if (b.empty()) return b;
    b.x += origin_x_;
    b.y += origin_y_;
    return b;
}

Grid Plane::cells() const {
    Rect b = bounded_ ? torus_bounding_box(grid_) : grid_.bounding_box();
    if (b.empty()) return Grid(1, 1);
    return grid_.crop(b);
}

int Plane::state(std::int64_t x, std::int64_t y) const {
    const std::int64_t gx = x - origin_x_, gy = y - origin_y_;
    if (!bounded_ && (gx < 0 || gy < 0 || gx >= grid_.width() || gy >= grid_.height())) return 0;
    return grid_.state(gx, gy);
}

}  // namespace toroid
