#include "eca_diagram.hpp"

#include <algorithm>
#include <charconv>

#include "toroid/core/soup.hpp"
#include "toroid/error.hpp"

namespace toroid::view {

EcaDiagram::EcaDiagram(int rule, std::int64_t width, std::int64_t height, const std::string& init,
                       const std::string& backend, int threads)
    : rule_(rule), backend_(create_eca_backend(backend, rule, {threads})) {
    // Kept here: the newest ring and `height` rows of the diagram. (Sizes
    // below 1 are refused by the ring and the grid, with their messages.)
    if (width >= 1 && height >= 1) backend_->check_fits(width, std::uint64_t(height) + 1);
    ring_ = eca_start_ring(width, init);
    rows_ = Grid(width, height);
    backend_->load(ring_);
    push_row();  // generation 0, in the top row
}

EcaRing eca_start_ring(std::int64_t width, const std::string& spec) {
    if (spec.rfind("soup:", 0) != 0) return eca_initial_ring(width, spec);
    // soup:DENSITY:SEED
    const std::string rest = spec.substr(5);
    const std::size_t colon = rest.find(':');
    double density = -1;
    std::uint64_t seed = 0;
    const char* end = rest.data() + rest.size();
    const bool ok =
        colon != std::string::npos &&
        std::from_chars(rest.data(), rest.data() + colon, density).ptr == rest.data() + colon &&
        std::from_chars(rest.data() + colon + 1, end, seed).ptr == end && colon + 1 < rest.size();
    if (!ok || !(density >= 0 && density <= 1))
        throw InputError("1-D start '" + spec +
                         "' is not understood: expected soup:DENSITY:SEED with DENSITY in 0..1 "
                         "and SEED a whole number (e.g. soup:0.5:1)");
    if (width < 1)
        throw InputError("a 1-D ring of " + std::to_string(width) + " cells: expected at least 1");
    Grid row(width, 1);
    fill_soup(row, density, seed);
    EcaRing ring(width);
    const auto src = row.row(0);
    std::copy(src.begin(), src.end(), ring.words().begin());
    return ring;
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
    if (filled_ < rows_.height()) ++filled_;
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
