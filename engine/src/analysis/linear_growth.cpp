#include "toroid/analysis/linear_growth.hpp"

#include <algorithm>
#include <limits>

#include "toroid/core/md5.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

// The smallest lag s in [1, m) with seq[i] == seq[i + s] for every i < m,
// or 0 (seq holds at least 2m values).
int repeat_lag(std::span<const std::int64_t> seq, int m) {
    for (int s = 1; s < m; ++s) {
        bool same = true;
        for (int i = 0; i < m && same; ++i) same = seq[std::size_t(i)] == seq[std::size_t(i + s)];
        if (same) return s;
    }
    return 0;
}

}  // namespace

std::string linear_growth_code(std::span<const std::int64_t> pops, int max_period) {
    const int m = max_period;
    if (m < 2 || pops.size() < 3 * std::size_t(m))
        throw InputError("linear growth: expected at least 3 * " + std::to_string(m) +
                         " populations, got " + std::to_string(pops.size()));
    // p: the lag at which the growth over p generations, D, repeats with lag p.
    std::vector<std::int64_t> growth(2 * std::size_t(m));
    int p = 0;
    for (int lag = 1; lag < m && !p; ++lag) {
        bool same = true;
        for (int i = 0; i < m && same; ++i)
            same = pops[std::size_t(i + lag)] - pops[std::size_t(i)] ==
                   pops[std::size_t(i + 2 * lag)] - pops[std::size_t(i + lag)];
        if (same) p = lag;
    }
    if (!p) return "";
    for (int i = 0; i < 2 * m; ++i)
        growth[std::size_t(i)] = pops[std::size_t(i + p)] - pops[std::size_t(i)];
    const int q = repeat_lag(growth, m);
    if (!q) return "";
    std::int64_t m0 = 0, m1 = 0, m2 = 0;
    for (int i = 0; i < p; ++i) {
        const std::int64_t d = pops[std::size_t(i + q)] - pops[std::size_t(i)];
        m0 += d;
        m1 += d * d;
        m2 += d * d * d;
    }
    if (m0 == 0) return "";
    return "yl" + std::to_string(p) + "_" + std::to_string(q) + "_" + std::to_string(m0) + "_" +
           md5_hex(std::to_string(m1) + "#" + std::to_string(m2));
}

std::string linearlyse(const Rule& rule, const std::vector<Cell>& cells,
                       const LinearGrowthOptions& options) {
    if (cells.empty()) return "";
    // Light travels one cell a generation: between two looks at the box
    // (every kLook generations) the cells reach at most kLook cells farther.
    constexpr std::int64_t kLook = 64, kGuard = kLook + 8;
    auto box = [](const std::vector<Cell>& list) {
        std::int64_t x0 = std::numeric_limits<std::int64_t>::max(), y0 = x0, x1 = 0, y1 = 0;
        x1 = y1 = std::numeric_limits<std::int64_t>::min();
        for (const Cell& c : list)
            x0 = std::min(x0, c.x), y0 = std::min(y0, c.y), x1 = std::max(x1, c.x),
            y1 = std::max(y1, c.y);
        return Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    };
    BackendOptions bo;
    bo.threads = 1;  // the census runs one soup per thread
    std::unique_ptr<Universe> u;
    // The torus: each side a power of two from 256 that doubles on its own,
    // so that growth along one axis (a puffer's trail; Generations' c/1
    // puffers outrun 16384 cells in 3 * M generations) takes a long thin
    // torus; at most max_torus^2 cells in all.
    std::int64_t tw = 0, th = 0;
    auto side_for = [](std::int64_t side, std::int64_t need) {
        std::int64_t s = std::max<std::int64_t>(side, 256);
        while (s < need) s *= 2;
        return s;
    };
    // (Re)places `list` centred on a torus of at least need_w x need_h cells.
    auto place = [&](std::vector<Cell> list, const Rect& b, std::int64_t need_w,
                     std::int64_t need_h) {
        const std::int64_t w = side_for(tw, need_w), h = side_for(th, need_h);
        if (double(w) * double(h) > double(options.max_torus) * double(options.max_torus))
            return false;
        if (w != tw || h != th || !u) {
            u = make_universe("auto", rule, w, h, bo);
            tw = w, th = h;
        }
        const std::int64_t dx = w / 2 - (b.x + b.width / 2), dy = h / 2 - (b.y + b.height / 2);
        for (Cell& c : list) c.x += dx, c.y += dy;
        u->start(list, 0);
        return true;
    };
    Rect b = box(cells);
    if (!place(cells, b, b.width + 2 * kGuard, b.height + 2 * kGuard)) return "";
    const int m = options.max_period;
    std::vector<std::int64_t> pops(3 * std::size_t(m));
    for (std::size_t i = 0; i < pops.size(); ++i) {
        u->step(1);
        pops[i] = std::int64_t(u->population());
        if (std::uint64_t(pops[i]) > options.max_population) return "";
        if (pops[i] == 0) return "";
        if ((i + 1) % kLook == 0) {
            std::vector<Cell> now = u->occupied();
            b = box(now);
            if (b.x < kGuard || b.y < kGuard || b.x + b.width > tw - kGuard ||
                b.y + b.height > th - kGuard) {
                // A side twice as long where the cells need more than half of
                // it, else the same side re-centred (a ship carrying the
                // object along).
                const std::int64_t need_w = b.width + 2 * kGuard, need_h = b.height + 2 * kGuard;
                if (!place(std::move(now), b, need_w <= tw / 2 ? tw : 2 * tw,
                           need_h <= th / 2 ? th : 2 * th))
                    return "";
            }
        }
    }
    return linear_growth_code(pops, m);
}

}  // namespace toroid
