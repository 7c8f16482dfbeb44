// The named-rule CPU backend (cpu/named_rule_backend.hpp): byte cells, the
// row loop over the thread pool, and the Backend interface over them.
#include "toroid/cpu/named_rule_backend.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include "toroid/core/grid_hash.hpp"
#include "toroid/core/grid_states.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

// The non-zero cells of a row lie in [lo, hi]; lo > hi when there are none.
struct Extent {
    std::int64_t lo = 1, hi = 0;
    bool empty() const { return lo > hi; }
};

// A torus of byte cells: row y holds cells -1..width (the ends wrapped),
// and the extent of its non-zero cells.
struct ByteTorus {
    std::int64_t width = 0, height = 0, stride = 0;
    std::vector<std::uint8_t> cells;
    std::vector<Extent> extent;

    void reset(std::int64_t w, std::int64_t h) {
        width = w;
        height = h;
        stride = w + 2;
        cells.assign(std::size_t(stride * h), 0);
        extent.assign(std::size_t(h), Extent{});
    }
    std::uint8_t* row(std::int64_t y) { return cells.data() + y * stride + 1; }
    const std::uint8_t* row(std::int64_t y) const { return cells.data() + y * stride + 1; }
    bool occupied(std::int64_t y) const { return !extent[std::size_t(y)].empty(); }
    // Copies the wrapped cells at both ends and finds the row's extent
    // within [lo, hi] (the cells outside it are known to be zero).
    void finish_row(std::int64_t y, std::int64_t lo = 0, std::int64_t hi = -1) {
        if (hi < lo) lo = 0, hi = width - 1;
        std::uint8_t* r = row(y);
        r[-1] = r[width - 1];
        r[width] = r[0];
        Extent e;
        while (lo <= hi && r[lo] == 0) ++lo;
        while (hi >= lo && r[hi] == 0) --hi;
        if (lo <= hi) e = Extent{lo, hi};
        extent[std::size_t(y)] = e;
    }
};

class NamedRuleCpuBackend final : public Backend {
  public:
    NamedRuleCpuBackend(const Rule& rule, const BackendOptions& options)
        : Backend(rule, options.seed),
          pool_(options.threads),
          cell_rule_(rule.state_rule()),
          skip_empty_(cell_rule_->quiescent()),
          planes_(Grid::planes_for_states(rule.states())) {}

    std::string name() const override { return "cpu"; }
    std::string describe() const override {
        return "cpu (named rule " + cell_rule_->name() + ", " + std::to_string(pool_.size()) +
               " threads)";
    }
    std::int64_t width() const override { return cur_.width; }
    std::int64_t height() const override { return cur_.height; }

    void check_fits(std::int64_t width, std::int64_t height, int caller_planes) const override {
        // Two byte planes, eight bit-planes each (and the caller's grid).
        check_torus_host_memory(width, height, caller_planes, 16,
                                double(width + 2) * double(height) / 8.0,
                                "the named-rule cpu backend (a byte per cell, twice)");
    }

    void reset(std::int64_t width, std::int64_t height, std::uint64_t generation) override {
        check_fits(width, height, 0);
        cur_.reset(width, height);
        next_.reset(width, height);
        generation_ = generation;
    }

    void load(const Grid& grid, std::uint64_t generation) override {
        check_grid_states(grid, rule_);
        reset(grid.width(), grid.height(), generation);
        const std::int64_t words = grid.words_per_row();
        for (std::int64_t y = 0; y < grid.height(); ++y) {
            std::uint8_t* r = cur_.row(y);
            for (std::int64_t j = 0; j < words; ++j) {
                const std::size_t i = std::size_t(y * words + j);
                const std::uint64_t live = grid.words()[i];
                std::uint64_t any = live;
                for (int p = 1; p <= grid.state_planes(); ++p) any |= grid.plane(p)[i];
                while (any) {
                    const int b = std::countr_zero(any);
                    any &= any - 1;
                    const std::uint64_t bit = std::uint64_t(1) << b;
                    int s = 1;
                    if (!(live & bit)) {
                        int k = 0;
                        for (int p = 1; p <= grid.state_planes(); ++p)
                            if (grid.plane(p)[i] & bit) k |= 1 << (p - 1);
                        s = k + 1;
                    }
                    r[j * 64 + b] = std::uint8_t(s);
                }
            }
            cur_.finish_row(y);
        }
    }

    Grid grid() const override {
        Grid g(cur_.width, cur_.height);
        g.set_state_planes(planes_);
        const std::int64_t words = g.words_per_row();
        for (std::int64_t y = 0; y < cur_.height; ++y) {
            if (!cur_.occupied(y)) continue;
            const std::uint8_t* r = cur_.row(y);
            for (std::int64_t x = 0; x < cur_.width; ++x) {
                const int s = r[x];
                if (s == 0) continue;
                const std::size_t i = std::size_t(y * words + x / 64);
                const std::uint64_t bit = std::uint64_t(1) << (x % 64);
                if (s == 1) {
                    g.words()[i] |= bit;
                } else {
                    for (int p = 0; p < planes_; ++p)
                        if (((s - 1) >> p) & 1) g.plane(p + 1)[i] |= bit;
                }
            }
        }
        return g;
    }

    bool get(std::int64_t x, std::int64_t y) const override { return state(x, y) != 0; }
    void set(std::int64_t x, std::int64_t y, bool alive) override {
        x = wrap(x, cur_.width);
        y = wrap(y, cur_.height);
        cur_.row(y)[x] = alive ? 1 : 0;
        cur_.finish_row(y);
    }
    int state(std::int64_t x, std::int64_t y) const {
        return cur_.row(wrap(y, cur_.height))[wrap(x, cur_.width)];
    }

    void step(std::uint64_t generations) override {
        for (std::uint64_t g = 0; g < generations; ++g) {
            step_once();
            std::swap(cur_, next_);
            ++generation_;
        }
    }

    std::uint64_t population() const override {
        std::uint64_t n = 0;
        for (std::int64_t y = 0; y < cur_.height; ++y) {
            const Extent e = cur_.extent[std::size_t(y)];
            const std::uint8_t* r = cur_.row(y);
            std::uint64_t row_n = 0;
            for (std::int64_t x = e.lo; x <= e.hi; ++x) row_n += r[x] != 0;
            n += row_n;
        }
        return n;
    }
    // Grid::hash() of grid(), from the bytes in place (analysers hash every
    // generation): the canonical words of each row's extent, built on the fly.
    std::uint64_t hash() const override {
        const std::int64_t words = (cur_.width + 63) / 64;
        const std::uint64_t n = std::uint64_t(words * cur_.height);
        std::uint64_t sum = 0;
        for (std::int64_t y = 0; y < cur_.height; ++y) {
            const Extent e = cur_.extent[std::size_t(y)];
            if (e.empty()) continue;
            const std::uint8_t* r = cur_.row(y);
            for (std::int64_t j = e.lo / 64; j <= e.hi / 64; ++j) {
                std::uint64_t live = 0, plane[8] = {};
                const std::int64_t end = std::min(cur_.width, j * 64 + 64);
                for (std::int64_t x = j * 64; x < end; ++x) {
                    const int s = r[x];
                    const std::uint64_t bit = std::uint64_t(1) << (x - j * 64);
                    if (s == 1)
                        live |= bit;
                    else if (s > 1)
                        for (int p = 0; p < planes_; ++p)
                            if (((s - 1) >> p) & 1) plane[p] |= bit;
                }
                const std::uint64_t i = std::uint64_t(y * words + j);
                sum += hash_word(i, live);
                for (int p = 0; p < planes_; ++p)
                    sum += hash_word(std::uint64_t(p + 1) * n + i, plane[p]);
            }
        }
        return hash_finish(cur_.width, cur_.height, sum);
    }

  private:
    static std::int64_t wrap(std::int64_t v, std::int64_t n) { return ((v % n) + n) % n; }

    void step_once() {
        const std::int64_t h = cur_.height, w = cur_.width;
        const std::int64_t band =
            std::max<std::int64_t>(4, h / (std::int64_t(pool_.size()) * 8) + 1);
        const std::size_t bands = std::size_t((h + band - 1) / band);
        pool_.run(bands, [&](std::size_t b) {
            const std::int64_t y0 = std::int64_t(b) * band;
            const std::int64_t y1 = std::min(h, y0 + band);
            for (std::int64_t y = y0; y < y1; ++y) {
                const std::int64_t up = y == 0 ? h - 1 : y - 1, down = y + 1 == h ? 0 : y + 1;
                std::uint8_t* out = next_.row(y);
                const Extent old = next_.extent[std::size_t(y)];
                if (!skip_empty_) {
                    cell_rule_->step_row(cur_.row(up), cur_.row(y), cur_.row(down), w, out);
                    next_.finish_row(y);
                    continue;
                }
                // Zeros stay zero: only the cells next to the non-zero cells
                // of the three rows can become non-zero (the whole row when
                // they reach an end, where the row wraps).
                std::int64_t lo = w, hi = -1;
                for (std::int64_t r : {up, y, down}) {
                    const Extent e = cur_.extent[std::size_t(r)];
                    if (!e.empty()) lo = std::min(lo, e.lo), hi = std::max(hi, e.hi);
                }
                if (hi < lo) {
                    if (!old.empty())
                        std::memset(out + old.lo, 0, std::size_t(old.hi - old.lo + 1));
                    out[-1] = out[w - 1];
                    out[w] = out[0];
                    next_.extent[std::size_t(y)] = Extent{};
                    continue;
                }
                lo = lo <= 1 ? 0 : lo - 1;
                hi = hi >= w - 2 ? w - 1 : hi + 1;
                if (lo == 0 || hi == w - 1) lo = 0, hi = w - 1;
                // Stale cells of two generations ago outside the new range.
                if (!old.empty()) {
                    if (old.lo < lo)
                        std::memset(out + old.lo, 0,
                                    std::size_t(std::min(old.hi + 1, lo) - old.lo));
                    if (old.hi > hi) {
                        const std::int64_t from = std::max(old.lo, hi + 1);
                        std::memset(out + from, 0, std::size_t(old.hi - from + 1));
                    }
                }
                cell_rule_->step_row(cur_.row(up) + lo, cur_.row(y) + lo, cur_.row(down) + lo,
                                     hi - lo + 1, out + lo);
                next_.finish_row(y, lo, hi);
            }
        });
    }

    mutable ThreadPool pool_;
    std::shared_ptr<const StateRule> cell_rule_;
    bool skip_empty_ = true;
    int planes_ = 0;
    ByteTorus cur_, next_;
};

}  // namespace

std::unique_ptr<Backend> make_named_rule_cpu_backend(const Rule& rule,
                                                     const BackendOptions& options) {
    if (!rule.named())
        throw InputError(
            "the named-rule cpu backend runs named rules (tables, trees, Golly's "
            "multi-state families), not " +
            rule.to_string());
    return std::make_unique<NamedRuleCpuBackend>(rule, options);
}

}  // namespace toroid
