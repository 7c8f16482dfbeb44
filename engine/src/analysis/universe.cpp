// make_universe: the Universe view of a Backend, through its sparse paths
// (signature, live words) where it has them.
#include "toroid/analysis/universe.hpp"

#include <algorithm>
#include <bit>

#include "cell_groups.hpp"

namespace toroid {

Rect Universe::live_box() const {
    return detail::box_of(cells());
}

namespace {

class BackendUniverse final : public Universe {
  public:
    BackendUniverse(std::unique_ptr<Backend> b, std::int64_t width, std::int64_t height)
        : b_(std::move(b)) {
        b_->reset(width, height);  // no Grid of the torus's size
    }
    std::string name() const override { return b_->name(); }
    std::int64_t width() const override { return b_->width(); }
    std::int64_t height() const override { return b_->height(); }
    std::uint64_t generation() const override { return b_->generation(); }
    void load(const Grid& g, std::uint64_t generation) override { b_->load(g, generation); }
    void start(std::span<const Cell> cells, std::uint64_t generation) override {
        if (std::any_of(cells.begin(), cells.end(), [](const Cell& c) { return c.state != 1; })) {
            // Other states: the backends take them through a grid.
            Grid g(b_->width(), b_->height());
            for (const Cell& c : cells) g.set_state(c.x, c.y, c.state);
            b_->load(g, generation);
            return;
        }
        b_->reset(b_->width(), b_->height(), generation);
        for (const Cell& c : cells) b_->set(c.x, c.y, true);
    }
    Grid grid() const override { return b_->grid(); }
    void step(std::uint64_t n) override { b_->step(n); }
    std::uint64_t population() const override { return b_->population(); }
    std::uint64_t hash() const override { return b_->hash(); }
    std::uint64_t signature() const override { return b_->signature(); }
    bool signature_is_hash() const override { return b_->signature_is_hash(); }
    std::vector<Cell> cells() const override {
        std::vector<Cell> out;
        out.reserve(b_->population());
        auto add_word = [&](std::int64_t y, std::int64_t j, std::uint64_t w) {
            for (; w; w &= w - 1) out.push_back({j * 64 + std::countr_zero(w), y});
        };
        for (const auto& lw : b_->live_words()) add_word(lw.y, lw.j, lw.bits);
        return out;
    }
    std::vector<Cell> occupied() const override {
        if (!b_->rule().multi_state()) return cells();
        // The multi-state backends list no live words: their occupied
        // rectangle read back, scanned by words of any state.
        const Rect r = b_->occupied_rect();
        if (r.empty()) return {};
        const Grid g = b_->read_region(r);
        const std::int64_t w = b_->width(), h = b_->height();
        std::vector<Cell> out;
        for (std::int64_t y = 0; y < g.height(); ++y)
            for (std::int64_t j = 0; j < g.words_per_row(); ++j) {
                const std::size_t i = std::size_t(y * g.words_per_row() + j);
                std::uint64_t any = g.words()[i];
                for (int p = 1; p <= g.state_planes(); ++p) any |= g.plane(p)[i];
                for (; any; any &= any - 1) {
                    const std::int64_t x = j * 64 + std::countr_zero(any);
                    out.push_back({(r.x + x) % w, (r.y + y) % h, std::uint8_t(g.state(x, y))});
                }
            }
        // A rectangle across the torus's edge lists its rows out of order.
        if (r.x + r.width > w || r.y + r.height > h) std::sort(out.begin(), out.end());
        return out;
    }
    void clear_cells(std::span<const Cell> cells) override {
        for (const Cell& c : cells) b_->set(c.x, c.y, false);
    }

  private:
    std::unique_ptr<Backend> b_;
};

}  // namespace

std::unique_ptr<Universe> make_universe(const std::string& backend, const Rule& rule,
                                        std::int64_t width, std::int64_t height,
                                        const BackendOptions& options) {
    return std::make_unique<BackendUniverse>(
        create_backend(backend, rule, options, Workload::Sparse), width, height);
}

}  // namespace toroid
