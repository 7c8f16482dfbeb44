// make_universe: the Universe view of a Backend, through its sparse paths
// (signature, live words) where it has them.
#include "toroid/analysis/universe.hpp"

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
