// The multi-state CPU backend (cpu/multistate_backend.hpp): planes, the
// decay counter, and the Backend interface over them.
#include "toroid/cpu/multistate_backend.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "multistate_planes.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/grid_states.hpp"
#include "toroid/core/row_bits.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

using detail::StatePlanes;

// Occupied cells of `rows` rows from `first` (around the torus): the
// population. The baseline x86-64 build turns std::popcount into a libgcc
// call per word (a quarter of a growing Generations soup's census); the
// popcnt build of the same loop is chosen where the processor has it.
template <class Planes>
inline std::uint64_t count_rows(const Planes& cur, std::int64_t first, std::int64_t rows) {
    std::uint64_t n = 0;
    const std::int64_t h = cur.height, wpr = cur.words_per_row;
    for (std::int64_t k = 0; k < rows; ++k) {
        const std::size_t base = std::size_t((((first + k) % h + h) % h) * wpr);
        for (std::int64_t j = 0; j < wpr; ++j) {
            std::uint64_t any = cur.live[base + std::size_t(j)];
            for (const auto& plane : cur.counter) any |= plane[base + std::size_t(j)];
            n += std::uint64_t(std::popcount(any));
        }
    }
    return n;
}
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) std::uint64_t count_rows_popcnt(const StatePlanes& cur,
                                                                  std::int64_t first,
                                                                  std::int64_t rows) {
    return count_rows(cur, first, rows);
}
bool has_popcnt() {
    static const bool yes = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") != 0;
    }();
    return yes;
}
#endif

class MultiStateCpuBackend final : public Backend {
  public:
    MultiStateCpuBackend(const Rule& rule, const BackendOptions& options)
        : Backend(rule, options.seed),
          pool_(options.threads),
          decide_(rule.range_rule() ? detail::range_decision(rule)
                                    : detail::range1_decision(rule.two_state())),
          decay_(detail::decay_rows()),
          counter_planes_(Grid::planes_for_states(rule.states())),
          last_k_(rule.states() - 2),
          sparse_(!rule.births_on_zero()),
          reach_(rule.range_rule() ? rule.range().range : 1) {}

    std::string name() const override { return "cpu"; }
    std::string describe() const override {
        return "cpu (multi-state, " + std::to_string(pool_.size()) + " threads)";
    }
    std::int64_t width() const override { return cur_.width; }
    std::int64_t height() const override { return cur_.height; }

    void check_fits(std::int64_t width, std::int64_t height, int caller_planes) const override {
        // Two live planes (current and next) and the counter planes.
        check_torus_host_memory(width, height, caller_planes, 2 + counter_planes_,
                                canonical_plane_bytes(width, height),
                                "the multi-state cpu backend");
    }

    void reset(std::int64_t width, std::int64_t height, std::uint64_t generation) override {
        check_fits(width, height, 0);
        for (StatePlanes* p : {&cur_, &next_}) {
            p->width = width;
            p->height = height;
            p->words_per_row = (width + 63) / 64;
            const std::size_t words = std::size_t(p->words_per_row * height);
            p->live.assign(words, 0);
            if (p == &cur_)  // in place (multistate_planes.hpp: DecayRows)
                p->counter.assign(std::size_t(counter_planes_),
                                  std::vector<std::uint64_t>(words, 0));
        }
        band_ = next_band_ = Band{};
        generation_ = generation;
    }

    void load(const Grid& grid, std::uint64_t generation) override {
        check_grid_states(grid, rule_);
        reset(grid.width(), grid.height(), generation);
        cur_.live = grid.words();
        for (int p = 0; p < counter_planes_; ++p)
            if (p < grid.state_planes()) cur_.counter[std::size_t(p)] = grid.plane(p + 1);
        band_ = occupied_rows(Band{0, cur_.height});
    }

    Grid grid() const override {
        Grid g(cur_.width, cur_.height);
        g.set_state_planes(counter_planes_);
        g.words() = cur_.live;
        for (int p = 0; p < counter_planes_; ++p) g.plane(p + 1) = cur_.counter[std::size_t(p)];
        return g;
    }

    // The occupied rows, copied with their states (no grid of the torus).
    Grid read_region(const Rect& r) const override {
        Grid g(r.width, r.height);
        g.set_state_planes(counter_planes_);
        for (int p = 0; p <= counter_planes_; ++p) {
            const std::vector<std::uint64_t>& plane =
                p == 0 ? cur_.live : cur_.counter[std::size_t(p - 1)];
            for (std::int64_t y = 0; y < r.height; ++y)
                crop_row_wrapped(g.plane(p).data() + y * g.words_per_row(), r.width,
                                 plane.data() + row_of(r.y + y) * cur_.words_per_row, cur_.width,
                                 r.x);
        }
        return g;
    }
    Rect occupied_rect() const override {
        if (!sparse_ || band_.count >= cur_.height) return Rect{0, 0, cur_.width, cur_.height};
        return Rect{0, row_of(band_.first), cur_.width, band_.count};
    }

    bool get(std::int64_t x, std::int64_t y) const override { return state(x, y) != 0; }
    void set(std::int64_t x, std::int64_t y, bool alive) override {
        const auto [i, bit] = locate(x, y);
        cur_.live[i] = alive ? (cur_.live[i] | bit) : (cur_.live[i] & ~bit);
        for (auto& plane : cur_.counter) plane[i] &= ~bit;
        if (alive) band_ = band_.with_row(std::int64_t(i) / cur_.words_per_row, cur_.height);
    }
    int state(std::int64_t x, std::int64_t y) const {
        const auto [i, bit] = locate(x, y);
        if (cur_.live[i] & bit) return 1;
        int k = 0;
        for (int p = 0; p < counter_planes_; ++p)
            if (cur_.counter[std::size_t(p)][i] & bit) k |= 1 << p;
        return k == 0 ? 0 : k + 1;
    }

    void step(std::uint64_t generations) override {
        for (std::uint64_t g = 0; g < generations; ++g) {
            if (sparse_ && band_.count == 0) {  // empty stays empty
                generation_ += generations - g;
                break;
            }
            step_once();
            std::swap(cur_.live, next_.live);  // counters were updated in place
            if (sparse_) band_ = occupied_rows(pending_window_);
            ++generation_;
        }
    }

    std::uint64_t population() const override {
        const std::int64_t first = sparse_ ? band_.first : 0;
        const std::int64_t rows = sparse_ ? band_.count : cur_.height;
#if defined(__x86_64__) && defined(__GNUC__)
        if (has_popcnt()) return count_rows_popcnt(cur_, first, rows);
#endif
        return count_rows(cur_, first, rows);
    }
    // Grid::hash() of the same state, from the planes in place: analysers
    // (methuselah, identify) hash every generation, and a grid() copy a
    // generation costs more than the sum.
    std::uint64_t hash() const override {
        // Words outside the band are zero and hash to 0.
        std::uint64_t sum = 0;
        const std::size_t n = cur_.live.size();
        for_band_words([&](std::size_t i) {
            sum += hash_word(i, cur_.live[i]);
            for (std::size_t p = 0; p < cur_.counter.size(); ++p)
                sum += hash_word((p + 1) * n + i, cur_.counter[p][i]);
        });
        return hash_finish(cur_.width, cur_.height, sum);
    }

  private:
    std::pair<std::size_t, std::uint64_t> locate(std::int64_t x, std::int64_t y) const {
        x = ((x % cur_.width) + cur_.width) % cur_.width;
        y = ((y % cur_.height) + cur_.height) % cur_.height;
        return {std::size_t(y * cur_.words_per_row + x / 64), std::uint64_t(1) << (x % 64)};
    }

    // The rows that may hold cells of any state other than 0: rows first,
    // first + 1, ..., first + count - 1 (0 <= first < height), taken around
    // the torus. Without birth on 0 a step changes only the band and
    // `reach_` rows around it, so a pattern in a large torus (the census's
    // growing soups, identify's and linear growth's planes) costs its rows,
    // not the torus's.
    struct Band {
        std::int64_t first = 0, count = 0;
        // The band grown (the shorter way round) to hold row y.
        Band with_row(std::int64_t y, std::int64_t height) const {
            if (count == 0) return {y, 1};
            if (count >= height) return *this;
            const std::int64_t last = first + count - 1;
            std::int64_t best_first = first, best_count = height;
            for (const std::int64_t yy : {y - height, y, y + height}) {
                const std::int64_t f = std::min(first, yy), l = std::max(last, yy);
                if (l - f + 1 < best_count) best_first = f, best_count = l - f + 1;
            }
            return {((best_first % height) + height) % height, std::min(best_count, height)};
        }
    };
    std::int64_t row_of(std::int64_t y) const {
        return ((y % cur_.height) + cur_.height) % cur_.height;
    }
    template <class F>
    void for_band_words(F&& f) const {
        const std::int64_t rows = sparse_ ? band_.count : cur_.height;
        const std::int64_t first = sparse_ ? band_.first : 0;
        for (std::int64_t k = 0; k < rows; ++k) {
            const std::size_t base = std::size_t(row_of(first + k) * cur_.words_per_row);
            for (std::int64_t j = 0; j < cur_.words_per_row; ++j) f(base + std::size_t(j));
        }
    }
    // The rows of `window` that hold cells, as a band (empty when none).
    Band occupied_rows(const Band& window) const {
        std::int64_t lo = -1, hi = -1;
        for (std::int64_t k = 0; k < window.count; ++k) {
            const std::size_t base = std::size_t(row_of(window.first + k) * cur_.words_per_row);
            std::uint64_t any = 0;
            for (std::int64_t j = 0; j < cur_.words_per_row; ++j) {
                any |= cur_.live[base + std::size_t(j)];
                for (const auto& plane : cur_.counter) any |= plane[base + std::size_t(j)];
            }
            if (any) {
                if (lo < 0) lo = k;
                hi = k;
            }
        }
        return lo < 0 ? Band{} : Band{row_of(window.first + lo), hi - lo + 1};
    }

    // Rows in bands over the pool: each band decides into next_.live, then
    // applies the decay to its own words. Only the window of rows that can
    // change is stepped; next_.live's rows outside it (the live plane of the
    // generation before) are cleared first, so that it holds zero there
    // after the swap. (With a decay, a live cell's row is still occupied
    // one generation on; a two-state range rule's rows empty at once.)
    void step_once() {
        Band window{0, cur_.height};
        if (sparse_) {
            if (band_.count == 0) return;  // nothing, and nothing is born
            if (band_.count + 2 * reach_ < cur_.height)
                window = Band{band_.first - reach_, band_.count + 2 * reach_};
        }
        const std::int64_t wpr = cur_.words_per_row;
        for (std::int64_t k = 0; k < next_band_.count; ++k) {
            const std::int64_t y = row_of(next_band_.first + k);
            if (window.count < cur_.height && row_of(y - window.first) >= window.count)
                std::fill_n(next_.live.begin() + y * wpr, wpr, 0);
        }
        // The window as at most two runs of rows [y0, y1) of the torus.
        const std::int64_t start = row_of(window.first);
        const std::int64_t first_run = std::min(window.count, cur_.height - start);
        const std::int64_t runs[2][2] = {{start, start + first_run}, {0, window.count - first_run}};
        const std::int64_t chunk =
            std::max<std::int64_t>(8, window.count / (std::int64_t(pool_.size()) * 8) + 1);
        for (const auto& run : runs) {
            const std::int64_t r0 = run[0], r1 = run[1];
            if (r1 <= r0) continue;
            const std::size_t chunks = std::size_t((r1 - r0 + chunk - 1) / chunk);
            pool_.run(chunks, [&](std::size_t b) {
                const std::int64_t y0 = r0 + std::int64_t(b) * chunk;
                const std::int64_t y1 = std::min(r1, y0 + chunk);
                decide_(cur_, y0, y1, next_.live.data() + y0 * wpr);
                decay_(cur_, next_, y0, y1, last_k_);
            });
        }
        // After the swap (step()), next_.live holds this generation's live
        // plane, whose rows are in band_.
        next_band_ = band_;
        if (sparse_) pending_window_ = window;
    }

    mutable ThreadPool pool_;
    detail::DecideRows decide_;
    detail::DecayRows decay_;
    int counter_planes_ = 0;
    int last_k_ = 0;          // the counter of the last dying state, states - 2
    bool sparse_ = true;      // no birth on 0: only the band changes
    std::int64_t reach_ = 1;  // the neighbourhood's range
    StatePlanes cur_, next_;
    Band band_;            // rows of cur_ that may hold cells
    Band next_band_;       // rows of next_.live that may hold cells
    Band pending_window_;  // the rows the last step computed
};

}  // namespace

std::unique_ptr<Backend> make_multistate_cpu_backend(const Rule& rule,
                                                     const BackendOptions& options) {
    if (!rule.needs_multistate_backend())
        throw InputError("the multi-state cpu backend runs rules of more than two states, not " +
                         rule.to_string());
    return std::make_unique<MultiStateCpuBackend>(rule, options);
}

}  // namespace toroid
