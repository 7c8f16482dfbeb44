// make_universe: the Universe view of a Backend, with the CPU backend's
// sparse paths (live words, incremental hash) where it is the backend.
#include "toroid/analysis/universe.hpp"

#include <bit>

#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {

namespace {

class BackendUniverse final : public Universe {
  public:
    BackendUniverse(std::unique_ptr<Backend> b, std::int64_t width, std::int64_t height)
        : b_(std::move(b)), cpu_(dynamic_cast<CpuBackend*>(b_.get())) {
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
    std::uint64_t signature() const override { return cpu_ ? cpu_->signature() : b_->hash(); }
    bool signature_is_hash() const override { return cpu_ == nullptr; }
    std::vector<Cell> cells() const override {
        std::vector<Cell> out;
        out.reserve(b_->population());
        auto add_word = [&](std::int64_t y, std::int64_t j, std::uint64_t w) {
            for (; w; w &= w - 1) out.push_back({j * 64 + std::countr_zero(w), y});
        };
        if (cpu_) {
            for (const auto& lw : cpu_->live_words()) add_word(lw.y, lw.j, lw.bits);
            return out;
        }
        const Grid g = b_->grid();
        for (std::int64_t y = 0; y < g.height(); ++y) {
            auto row = g.row(y);
            for (std::int64_t j = 0; j < g.words_per_row(); ++j)
                add_word(y, j, row[std::size_t(j)]);
        }
        return out;
    }
    void clear_cells(std::span<const Cell> cells) override {
        for (const Cell& c : cells) b_->set(c.x, c.y, false);
    }

  private:
    std::unique_ptr<Backend> b_;
    CpuBackend* cpu_ = nullptr;  // b_ when it is the CPU backend
};

}  // namespace

std::unique_ptr<Universe> make_universe(const std::string& backend, const Rule& rule,
                                        std::int64_t width, std::int64_t height,
                                        const BackendOptions& options) {
    const bool cpu = backend == "auto" || backend == "sparse" || backend == "cpu";
    return std::make_unique<BackendUniverse>(create_backend(cpu ? "cpu" : backend, rule, options),
                                             width, height);
}

}  // namespace toroid
