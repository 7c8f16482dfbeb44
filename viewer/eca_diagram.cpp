#include "eca_diagram.hpp"

#include <algorithm>

namespace toroid::view {

EcaDiagram::EcaDiagram(int rule, std::int64_t width, std::int64_t height, const std::string& init,
                       const std::string& backend, int threads)
    : rule_(rule), backend_(create_eca_backend(backend, rule, {threads})) {
    // Kept here: the newest ring and `height` rows of the diagram. (Sizes
    // below 1 are refused by the ring and the grid, with their messages.)
    if (width >= 1 && height >= 1) backend_->check_fits(width, std::uint64_t(height) + 1);
    ring_ = eca_initial_ring(width, init);
    rows_ = Grid(width, height);
    backend_->load(ring_);
    // Start with the initial ring as the newest row, the rest empty (before time 0).
    head_ = 0;
    const auto src = ring_.words();
    auto dst = rows_.row(height - 1);
    std::copy(src.begin(), src.end(), dst.begin());
}

std::string EcaDiagram::describe() const {
    return backend_ ? backend_->describe() : "none";
}

void EcaDiagram::push_row() {
    // The oldest row becomes the newest.
    const auto src = ring_.words();
    auto dst = rows_.row(head_);
    std::copy(src.begin(), src.end(), dst.begin());
    head_ = (head_ + 1) % rows_.height();
}

void EcaDiagram::step(std::uint64_t generations) {
    const std::uint64_t kept = std::uint64_t(rows_.height());
    if (generations > kept) {  // only the last `kept` generations can be seen
        backend_->step(std::int64_t(generations - kept));
        generation_ += generations - kept;
        generations = kept;
    }
    for (std::uint64_t g = 0; g < generations; ++g) {
        backend_->step(1);
        backend_->read(ring_);
        ++generation_;
        push_row();
    }
}

}  // namespace toroid::view
