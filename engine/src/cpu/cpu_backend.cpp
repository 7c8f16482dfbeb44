// CpuBackend: plane storage, edge bits, the active-tile scheduler.
#include "toroid/cpu/cpu_backend.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "cpu_tiles.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/kernels/render.hpp"

namespace toroid {

using detail::kRowOffset;
using detail::kTileRows;
using detail::kTileWords;

namespace {

struct AlignedFree {
    void operator()(std::uint64_t* p) const { std::free(p); }
};
using Plane = std::unique_ptr<std::uint64_t[], AlignedFree>;

Plane make_plane(std::size_t words) {
    const std::size_t bytes = ((words * 8 + 63) / 64) * 64;
    auto* p = static_cast<std::uint64_t*>(std::aligned_alloc(64, bytes));
    if (!p) throw std::bad_alloc();
    std::fill(p, p + words, 0);
    return Plane(p);
}

}  // namespace

struct CpuBackend::State {
    std::int64_t width = 0, height = 0;
    std::int64_t words = 0;   // canonical words per row
    std::int64_t padded = 0;  // words rounded up to whole tiles
    std::int64_t stride = 0;  // stored words per row
    std::int64_t tiles_x = 0, tiles_y = 0;
    Plane plane[2];
    int cur = 0;
    std::vector<std::uint64_t> word_mask;     // padded + 1 entries
    std::vector<std::uint64_t> tile_pop[2];   // per plane
    std::vector<std::uint8_t> tile_changed;   // last step
    std::vector<std::uint8_t> tile_edges;     // last step: kEdge* bits
    std::vector<std::uint32_t> changed_list;  // tiles changed in the last step
    std::vector<std::uint32_t> active;        // scratch
    std::vector<std::uint32_t> stamp;         // scratch for de-duplication
    std::uint32_t stamp_now = 0;
    // Steps after a load or an edit during which the "next" plane does not yet
    // hold the previous generation of this history (see schedule()).
    int warmup_steps = 2;
    detail::TileKernel kernel = nullptr;
    std::string isa;
    CompiledRule rule;
    ThreadPool pool;
    std::uint64_t tiles_computed = 0;

    bool skip_unchanged = true;

    explicit State(int threads) : pool(threads) {}

    std::uint64_t* row(int p, std::int64_t y) { return plane[p].get() + y * stride; }
    const std::uint64_t* row(int p, std::int64_t y) const { return plane[p].get() + y * stride; }
    std::int64_t tile_count() const { return tiles_x * tiles_y; }

    bool cell(int p, std::int64_t x, std::int64_t y) const {
        return (row(p, y)[kRowOffset + x / 64] >> (x % 64)) & 1;
    }

    // Writes the two edge bits of row y (see the layout in cpu_backend.hpp).
    void fix_edges(int p, std::int64_t y) {
        std::uint64_t* r = row(p, y);
        r[kRowOffset - 1] = std::uint64_t(cell(p, width - 1, y)) << 63;
        const std::int64_t e = width / 64;
        std::uint64_t& w = r[kRowOffset + e];
        w = (w & word_mask[std::size_t(e)]) | (std::uint64_t(cell(p, 0, y)) << (width % 64));
    }

    void fix_all_edges(int p) {
        for (std::int64_t y = 0; y < height; ++y) fix_edges(p, y);
    }

    std::uint64_t count_tile(int p, std::int64_t tx, std::int64_t ty) const {
        std::uint64_t n = 0;
        const std::int64_t y1 = std::min(height, (ty + 1) * kTileRows);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y)
            for (std::int64_t j = tx * kTileWords; j < (tx + 1) * kTileWords; ++j)
                n += std::uint64_t(
                    std::popcount(row(p, y)[kRowOffset + j] & word_mask[std::size_t(j)]));
        return n;
    }

    void recount(int p) {
        for (std::int64_t ty = 0; ty < tiles_y; ++ty)
            for (std::int64_t tx = 0; tx < tiles_x; ++tx)
                tile_pop[p][std::size_t(ty * tiles_x + tx)] = count_tile(p, tx, ty);
    }

    void add_with_neighbours(std::uint32_t t) {
        const std::int64_t tx = t % tiles_x, ty = t / tiles_x;
        for (std::int64_t dy = -1; dy <= 1; ++dy) {
            const std::int64_t ny = (ty + dy + tiles_y) % tiles_y;
            for (std::int64_t dx = -1; dx <= 1; ++dx) {
                const std::int64_t nx = (tx + dx + tiles_x) % tiles_x;
                add(std::uint32_t(ny * tiles_x + nx));
            }
        }
    }
    // A changed tile, and the neighbours that see one of its changed borders.
    void add_affected(std::uint32_t t) {
        const std::uint8_t e = tile_edges[t];
        const std::int64_t tx = t % tiles_x, ty = t / tiles_x;
        const int dy_lo = (e & detail::kEdgeTop) ? -1 : 0,
                  dy_hi = (e & detail::kEdgeBottom) ? 1 : 0;
        const int dx_lo = (e & detail::kEdgeLeft) ? -1 : 0,
                  dx_hi = (e & detail::kEdgeRight) ? 1 : 0;
        for (int dy = dy_lo; dy <= dy_hi; ++dy) {
            const std::int64_t ny = (ty + dy + tiles_y) % tiles_y;
            for (int dx = dx_lo; dx <= dx_hi; ++dx) {
                const std::int64_t nx = (tx + dx + tiles_x) % tiles_x;
                add(std::uint32_t(ny * tiles_x + nx));
            }
        }
    }
    void add(std::uint32_t t) {
        if (stamp[t] == stamp_now) return;
        stamp[t] = stamp_now;
        active.push_back(t);
    }

    void schedule(const CompiledRule& r) {
        active.clear();
        if (++stamp_now == 0) {  // wrapped: reset stamps
            std::fill(stamp.begin(), stamp.end(), 0);
            stamp_now = 1;
        }
        const std::uint32_t n = std::uint32_t(tile_count());
        const bool empty_stays_empty = (r.birth & 1u) == 0 && (r.birth_random & 1u) == 0;
        if (!empty_stays_empty || !skip_unchanged) {
            for (std::uint32_t t = 0; t < n; ++t) active.push_back(t);
            return;
        }
        if (warmup_steps > 0 || r.stochastic()) {
            // Only empty neighbourhoods are predictable here (the "next" plane
            // may not hold state(t-1) of this history): compute every tile
            // near life, and every tile whose old content must be cleared.
            for (std::uint32_t t = 0; t < n; ++t) {
                if (tile_pop[cur][t])
                    add_with_neighbours(t);
                else if (tile_pop[1 - cur][t])
                    add(t);
            }
            return;
        }
        for (std::uint32_t t : changed_list) add_affected(t);
    }
};

CpuBackend::CpuBackend(const Rule& rule, const BackendOptions& options)
    : Backend(rule, options.seed), s_(std::make_unique<State>(options.threads)) {
    s_->rule = rule.compile();
    s_->skip_unchanged = options.skip_unchanged;
    s_->kernel = detail::select_tile_kernel(s_->rule, &s_->isa);
    load(Grid(1, 1));
}

CpuBackend::~CpuBackend() = default;

std::int64_t CpuBackend::width() const {
    return s_->width;
}
std::int64_t CpuBackend::height() const {
    return s_->height;
}
std::string CpuBackend::instruction_set() const {
    return s_->isa;
}
int CpuBackend::threads() const {
    return s_->pool.size();
}
std::uint64_t CpuBackend::tiles_computed() const {
    return s_->tiles_computed;
}

void CpuBackend::load(const Grid& g, std::uint64_t generation) {
    State& s = *s_;
    const bool same_shape = s.width == g.width() && s.height == g.height();
    if (!same_shape) {
        const std::int64_t words = g.words_per_row();
        const std::int64_t padded = (words + kTileWords - 1) / kTileWords * kTileWords;
        const std::int64_t stride = padded + 2 * kRowOffset;
        check_grid_fits(stride * 64, g.height(), 2);
        s.width = g.width();
        s.height = g.height();
        s.words = words;
        s.padded = padded;
        s.stride = stride;
        s.tiles_x = padded / kTileWords;
        s.tiles_y = (g.height() + kTileRows - 1) / kTileRows;
        for (auto& p : s.plane) p = make_plane(std::size_t(stride * s.height));
        s.word_mask.assign(std::size_t(padded + 1), 0);
        for (std::int64_t j = 0; j < words; ++j) s.word_mask[std::size_t(j)] = ~std::uint64_t(0);
        s.word_mask[std::size_t(words - 1)] = g.last_word_mask();
        const std::size_t tiles = std::size_t(s.tile_count());
        for (auto& tp : s.tile_pop) tp.assign(tiles, 0);
        s.tile_changed.assign(tiles, 0);
        s.tile_edges.assign(tiles, 0);
        s.stamp.assign(tiles, 0);
        s.stamp_now = 0;
    } else {
        std::fill(s.plane[1 - s.cur].get(), s.plane[1 - s.cur].get() + s.stride * s.height, 0);
    }
    for (std::int64_t y = 0; y < s.height; ++y) {
        auto src = g.row(y);
        std::copy(src.begin(), src.end(), s.row(s.cur, y) + kRowOffset);
    }
    s.fix_all_edges(s.cur);
    s.recount(s.cur);
    std::fill(s.tile_pop[1 - s.cur].begin(), s.tile_pop[1 - s.cur].end(), 0);
    s.changed_list.clear();
    s.warmup_steps = 2;
    s.tiles_computed = 0;
    generation_ = generation;
}

Grid CpuBackend::grid() const {
    const State& s = *s_;
    Grid g(s.width, s.height);
    for (std::int64_t y = 0; y < s.height; ++y) {
        const std::uint64_t* r = s.row(s.cur, y) + kRowOffset;
        auto dst = g.row(y);
        std::copy(r, r + s.words, dst.begin());
    }
    g.mask_padding();
    return g;
}

bool CpuBackend::get(std::int64_t x, std::int64_t y) const {
    const State& s = *s_;
    x %= s.width;
    y %= s.height;
    if (x < 0) x += s.width;
    if (y < 0) y += s.height;
    return s.cell(s.cur, x, y);
}

void CpuBackend::set(std::int64_t x, std::int64_t y, bool alive) {
    State& s = *s_;
    x %= s.width;
    y %= s.height;
    if (x < 0) x += s.width;
    if (y < 0) y += s.height;
    if (s.cell(s.cur, x, y) == alive) return;
    std::uint64_t& w = s.row(s.cur, y)[kRowOffset + x / 64];
    w ^= std::uint64_t(1) << (x % 64);
    s.fix_edges(s.cur, y);
    const std::size_t t = std::size_t((y / kTileRows) * s.tiles_x + (x / 64) / kTileWords);
    s.tile_pop[s.cur][t] += alive ? 1 : std::uint64_t(-1);
    s.warmup_steps = 2;  // the "next" plane no longer holds state(t-1) of an unedited past
}

Grid CpuBackend::read_region(const Rect& r) const {
    return copy_region(r, [this](std::int64_t x, std::int64_t y) { return get(x, y); });
}

void CpuBackend::step(std::uint64_t generations) {
    State& s = *s_;
    for (std::uint64_t g = 0; g < generations; ++g) {
        s.schedule(s.rule);
        if (s.warmup_steps > 0) --s.warmup_steps;
        const int nxt = 1 - s.cur;
        detail::TileKernelArgs args;
        args.src = s.plane[s.cur].get();
        args.dst = s.plane[nxt].get();
        args.stride = s.stride;
        args.width = s.width;
        args.height = s.height;
        args.word_mask = s.word_mask.data();
        args.rule = s.rule;
        args.seed = seed_;
        args.generation = generation_;

        const std::size_t n = s.active.size();
        auto run_tiles = [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                const std::uint32_t t = s.active[i];
                const detail::TileOutcome o = s.kernel(args, t % s.tiles_x, t / s.tiles_x);
                s.tile_pop[nxt][t] = o.population;
                s.tile_changed[t] = o.changed;
                s.tile_edges[t] = o.edges;
            }
        };
        // A few tiles (a small pattern) take microseconds: waking the pool
        // would cost more than it saves.
        constexpr std::size_t kInlineTiles = 16;
        if (n <= kInlineTiles) {
            run_tiles(0, n);
        } else {
            const std::size_t per_task =
                std::max<std::size_t>(4, n / (std::size_t(s.pool.size()) * 16));
            const std::size_t tasks = (n + per_task - 1) / per_task;
            s.pool.run(tasks, [&](std::size_t task) {
                run_tiles(task * per_task, std::min(n, (task + 1) * per_task));
            });
        }
        s.tiles_computed += n;

        // Edge bits of rows whose first or last tile was recomputed; the
        // changed list feeds the next schedule.
        s.changed_list.clear();
        for (std::uint32_t t : s.active) {
            const std::int64_t tx = t % s.tiles_x, ty = t / s.tiles_x;
            if (s.tile_changed[t]) s.changed_list.push_back(t);
            if (tx == 0 || tx == s.tiles_x - 1) {
                const std::int64_t y1 = std::min(s.height, (ty + 1) * kTileRows);
                for (std::int64_t y = ty * kTileRows; y < y1; ++y) s.fix_edges(nxt, y);
            }
        }
        s.cur = nxt;
        ++generation_;
    }
}

std::uint64_t CpuBackend::population() const {
    std::uint64_t n = 0;
    for (std::uint64_t p : s_->tile_pop[s_->cur]) n += p;
    return n;
}

std::uint64_t CpuBackend::hash() const {
    const State& s = *s_;
    std::uint64_t sum = 0;
    for (std::int64_t t = 0; t < s.tile_count(); ++t) {
        if (!s.tile_pop[s.cur][std::size_t(t)]) continue;
        const std::int64_t tx = t % s.tiles_x, ty = t / s.tiles_x;
        const std::int64_t y1 = std::min(s.height, (ty + 1) * kTileRows);
        const std::int64_t j1 = std::min(s.words, (tx + 1) * kTileWords);
        for (std::int64_t y = ty * kTileRows; y < y1; ++y) {
            const std::uint64_t* r = s.row(s.cur, y) + kRowOffset;
            for (std::int64_t j = tx * kTileWords; j < j1; ++j)
                sum +=
                    hash_word(std::uint64_t(y * s.words + j), r[j] & s.word_mask[std::size_t(j)]);
        }
    }
    return hash_finish(s.width, s.height, sum);
}

// Draws straight from the current plane (no copy), bands of rows per worker.
void CpuBackend::render(const RenderRequest& request, const RenderTarget& target) const {
    if (target.memory != RenderMemory::Host)
        throw std::invalid_argument("the cpu backend renders into host memory only");
    State& s = *s_;
    const kernels::RenderParams p = kernels::make_render_params(
        request, rule_.neighbourhood() == Neighbourhood::Hexagonal, s.width, s.height);
    kernels::PlaneView v;
    v.words = s.plane[s.cur].get();
    v.stride = s.stride;
    v.offset = kRowOffset;
    v.torus_width = v.width = s.width;
    v.torus_height = v.height = s.height;
    const std::int64_t rows = std::min<std::int64_t>(request.height, target.height);
    const std::int64_t cols = std::min<std::int64_t>(request.width, target.width);
    constexpr std::int64_t kBand = 16;
    s.pool.run(std::size_t((rows + kBand - 1) / kBand), [&](std::size_t band) {
        const std::int64_t y1 = std::min(rows, std::int64_t(band + 1) * kBand);
        for (std::int64_t py = std::int64_t(band) * kBand; py < y1; ++py)
            for (std::int64_t px = 0; px < cols; ++px)
                target.pixels[py * target.pitch + px] = kernels::render_pixel(p, v, px, py);
    });
}

}  // namespace toroid
