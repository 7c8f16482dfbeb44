#include "age_map.hpp"

#include <algorithm>

namespace toroid::view {

void refresh_ages(AgeMap& m, const Backend& backend, const Rect& region) {
    const std::uint64_t now = backend.generation();
    if (m.valid && m.region == region && m.generation == now) return;
    Grid cells = backend.read_region(region);
    const bool restart = !m.valid || !(m.region == region) || now < m.generation;
    const std::uint64_t passed = restart ? 0 : now - m.generation;
    m.ages.resize(std::size_t(region.width * region.height));
    for (std::int64_t y = 0; y < region.height; ++y)
        for (std::int64_t x = 0; x < region.width; ++x) {
            std::uint16_t& age = m.ages[std::size_t(y * region.width + x)];
            if (!cells.get(x, y))
                age = 0;
            else if (restart || !m.cells.get(x, y))
                age = 1;
            else
                age = std::uint16_t(std::min<std::uint64_t>(65535, age + passed));
        }
    m.cells = std::move(cells);
    m.region = region;
    m.generation = now;
    m.valid = true;
}

}  // namespace toroid::view
