#include "toroid/core/soup.hpp"

#include <cmath>
#include <string>

#include "toroid/core/philox.hpp"
#include "toroid/error.hpp"

namespace toroid {

void fill_soup(Grid& g, double density, std::uint64_t seed, std::optional<Rect> region) {
    if (!(density >= 0.0 && density <= 1.0))
        throw InputError("soup density " + std::to_string(density) +
                         " is out of range: expected 0 <= density <= 1");
    const Rect r = region.value_or(Rect{0, 0, g.width(), g.height()});
    if (r.width < 1 || r.height < 1 || r.width > g.width() || r.height > g.height())
        throw InputError("soup region " + std::to_string(r.width) + "x" + std::to_string(r.height) +
                         " does not fit the " + std::to_string(g.width()) + "x" +
                         std::to_string(g.height()) + " torus");
    const std::uint64_t threshold = std::uint64_t(std::llround(density * 4294967296.0));
    constexpr std::uint64_t kSoupTag = ~std::uint64_t(0);
    const bool whole_rows = r.x == 0 && r.width == g.width();
    for (std::int64_t ry = 0; ry < r.height; ++ry) {
        if (whole_rows) {
            // Fast path: build words directly.
            auto row = g.row((r.y + ry) % g.height());
            for (std::int64_t j = 0; j < g.words_per_row(); ++j) {
                std::uint64_t w = 0;
                Philox4x32 draws{};
                const std::int64_t bits = std::min<std::int64_t>(64, g.width() - j * 64);
                for (std::int64_t b = 0; b < bits; ++b) {
                    // One Philox call serves four consecutive cells (see cell_draw).
                    const std::uint64_t cell = std::uint64_t(ry * r.width + j * 64 + b);
                    if (b == 0 || (cell & 3) == 0) draws = cell_draws(seed, kSoupTag, cell >> 2);
                    if (draws.v[cell & 3] < threshold) w |= std::uint64_t(1) << b;
                }
                row[std::size_t(j)] = w;
            }
            continue;
        }
        for (std::int64_t rx = 0; rx < r.width; ++rx) {
            const std::uint64_t cell = std::uint64_t(ry * r.width + rx);
            g.set(r.x + rx, r.y + ry, cell_draw(seed, kSoupTag, cell) < threshold);
        }
    }
}

void fill_state_soup(Grid& g, double density, int states, std::uint64_t seed,
                     std::optional<Rect> region) {
    if (states < 2 || states > 256)
        throw InputError("a soup has 2 to 256 states, not " + std::to_string(states));
    fill_soup(g, density, seed, region);
    if (states == 2) return;
    const Rect r = region.value_or(Rect{0, 0, g.width(), g.height()});
    constexpr std::uint64_t kStateTag = ~std::uint64_t(0) - 1;
    for (std::int64_t ry = 0; ry < r.height; ++ry)
        for (std::int64_t rx = 0; rx < r.width; ++rx) {
            if (!g.get(r.x + rx, r.y + ry)) continue;
            const std::uint64_t cell = std::uint64_t(ry * r.width + rx);
            const std::uint32_t draw = cell_draw(seed, kStateTag, cell);
            g.set_state(r.x + rx, r.y + ry,
                        1 + int((std::uint64_t(draw) * std::uint64_t(states - 1)) >> 32));
        }
}

}  // namespace toroid
