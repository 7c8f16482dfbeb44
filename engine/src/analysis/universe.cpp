// make_universe, and BackendUniverse: the Universe view of any Backend.
#include "toroid/analysis/universe.hpp"

#include <algorithm>
#include <bit>

#include "toroid/analysis/sparse_life.hpp"
#include "toroid/error.hpp"

namespace toroid {

namespace {

class BackendUniverse final : public Universe {
  public:
    BackendUniverse(std::unique_ptr<Backend> b, std::int64_t width, std::int64_t height)
        : b_(std::move(b)) {
        b_->load(Grid(width, height), 0);
    }
    std::string name() const override { return b_->name(); }
    std::int64_t width() const override { return b_->width(); }
    std::int64_t height() const override { return b_->height(); }
    std::uint64_t generation() const override { return b_->generation(); }
    void load(const Grid& g, std::uint64_t generation) override { b_->load(g, generation); }
    Grid grid() const override { return b_->grid(); }
    void step(std::uint64_t n) override { b_->step(n); }
    std::uint64_t population() const override { return b_->population(); }
    std::uint64_t hash() const override { return b_->hash(); }
    std::vector<Cell> cells() const override {
        const Grid g = b_->grid();
        std::vector<Cell> out;
        for (std::int64_t y = 0; y < g.height(); ++y) {
            auto row = g.row(y);
            for (std::int64_t j = 0; j < g.words_per_row(); ++j)
                for (std::uint64_t w = row[std::size_t(j)]; w; w &= w - 1)
                    out.push_back({j * 64 + std::countr_zero(w), y});
        }
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
    if (backend == "sparse" || (backend == "auto" && sparse_life_supports(rule, width, height)))
        return std::make_unique<SparseLife>(rule, width, height);
    return std::make_unique<BackendUniverse>(create_backend(backend, rule, options), width, height);
}

}  // namespace toroid
