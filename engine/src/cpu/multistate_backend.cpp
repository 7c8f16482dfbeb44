// The multi-state CPU backend (cpu/multistate_backend.hpp): planes, the
// decay counter, and the Backend interface over them.
#include "toroid/cpu/multistate_backend.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "multistate_planes.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/grid_states.hpp"
#include "toroid/cpu/thread_pool.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

using detail::StatePlanes;

class MultiStateCpuBackend final : public Backend {
  public:
    MultiStateCpuBackend(const Rule& rule, const BackendOptions& options)
        : Backend(rule, options.seed),
          pool_(options.threads),
          decide_(rule.range_rule() ? detail::range_decision(rule)
                                    : detail::range1_decision(rule.two_state())),
          decay_(detail::decay_rows()),
          counter_planes_(Grid::planes_for_states(rule.states())),
          last_k_(rule.states() - 2) {}

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
        generation_ = generation;
    }

    void load(const Grid& grid, std::uint64_t generation) override {
        check_grid_states(grid, rule_);
        reset(grid.width(), grid.height(), generation);
        cur_.live = grid.words();
        for (int p = 0; p < counter_planes_; ++p)
            if (p < grid.state_planes()) cur_.counter[std::size_t(p)] = grid.plane(p + 1);
    }

    Grid grid() const override {
        Grid g(cur_.width, cur_.height);
        g.set_state_planes(counter_planes_);
        g.words() = cur_.live;
        for (int p = 0; p < counter_planes_; ++p) g.plane(p + 1) = cur_.counter[std::size_t(p)];
        return g;
    }

    bool get(std::int64_t x, std::int64_t y) const override { return state(x, y) != 0; }
    void set(std::int64_t x, std::int64_t y, bool alive) override {
        const auto [i, bit] = locate(x, y);
        cur_.live[i] = alive ? (cur_.live[i] | bit) : (cur_.live[i] & ~bit);
        for (auto& plane : cur_.counter) plane[i] &= ~bit;
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
            step_once();
            std::swap(cur_.live, next_.live);  // counters were updated in place
            ++generation_;
        }
    }

    std::uint64_t population() const override {
        std::uint64_t n = 0;
        for (std::size_t i = 0; i < cur_.live.size(); ++i) {
            std::uint64_t any = cur_.live[i];
            for (const auto& plane : cur_.counter) any |= plane[i];
            n += std::uint64_t(std::popcount(any));
        }
        return n;
    }
    // Grid::hash() of the same state, from the planes in place: analysers
    // (methuselah, identify) hash every generation, and a grid() copy a
    // generation costs more than the sum.
    std::uint64_t hash() const override {
        std::uint64_t sum = 0;
        const std::size_t n = cur_.live.size();
        for (std::size_t i = 0; i < n; ++i) sum += hash_word(i, cur_.live[i]);
        for (std::size_t p = 0; p < cur_.counter.size(); ++p)
            for (std::size_t i = 0; i < n; ++i)
                sum += hash_word((p + 1) * n + i, cur_.counter[p][i]);
        return hash_finish(cur_.width, cur_.height, sum);
    }

  private:
    std::pair<std::size_t, std::uint64_t> locate(std::int64_t x, std::int64_t y) const {
        x = ((x % cur_.width) + cur_.width) % cur_.width;
        y = ((y % cur_.height) + cur_.height) % cur_.height;
        return {std::size_t(y * cur_.words_per_row + x / 64), std::uint64_t(1) << (x % 64)};
    }

    // Rows in bands over the pool: each band decides into next_.live, then
    // applies the decay to its own words.
    void step_once() {
        const std::int64_t band =
            std::max<std::int64_t>(8, cur_.height / (std::int64_t(pool_.size()) * 8) + 1);
        const std::size_t bands = std::size_t((cur_.height + band - 1) / band);
        pool_.run(bands, [&](std::size_t b) {
            const std::int64_t y0 = std::int64_t(b) * band;
            const std::int64_t y1 = std::min(cur_.height, y0 + band);
            decide_(cur_, y0, y1, next_.live.data() + y0 * cur_.words_per_row);
            decay_(cur_, next_, y0, y1, last_k_);
        });
    }

    mutable ThreadPool pool_;
    detail::DecideRows decide_;
    detail::DecayRows decay_;
    int counter_planes_ = 0;
    int last_k_ = 0;  // the counter of the last dying state, states - 2
    StatePlanes cur_, next_;
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
