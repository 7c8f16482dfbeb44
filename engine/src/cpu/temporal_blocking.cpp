// Temporal blocking: bands of rows advanced several generations in cache
// (see temporal_blocking.hpp for the halo and wavefront argument).
#include "temporal_blocking.hpp"

#include <algorithm>
#include <vector>

namespace toroid::detail {

namespace {}  // namespace

void step_bands(const BandPass& pass, ThreadPool& pool) {
    const TileKernelArgs& base = pass.args;
    const std::int64_t height = base.height, stride = base.stride;
    const std::int64_t k = pass.gens;
    const std::int64_t bands = (height + pass.band_rows - 1) / pass.band_rows;
    const std::size_t halo_words = std::size_t(2 * k * stride);  // k rows above, k below
    // scratch[band][parity]: the band's halo rows at generations of that parity.
    std::vector<std::vector<std::uint64_t>> scratch(std::size_t(bands * 2));
    auto band_of = [&](std::int64_t b) {
        const std::int64_t y0 = b * pass.band_rows;
        return std::pair{y0, std::min(height, y0 + pass.band_rows)};
    };

    // Phase 1: snapshot generation 0 of every halo before any band writes.
    pool.run(std::size_t(bands), [&](std::size_t b) {
        const auto [y0, y1] = band_of(std::int64_t(b));
        for (int parity = 0; parity < 2; ++parity) scratch[b * 2 + parity].assign(halo_words, 0);
        std::uint64_t* halo = scratch[b * 2].data();
        for (std::int64_t i = 0; i < k; ++i) {
            const std::uint64_t* above = pass.plane[pass.cur] + wrap(y0 - k + i, height) * stride;
            const std::uint64_t* below = pass.plane[pass.cur] + wrap(y1 + i, height) * stride;
            std::copy(above, above + stride, halo + i * stride);
            std::copy(below, below + stride, halo + (k + i) * stride);
        }
    });

    // Phase 2: the wavefront of each band; populations per band, merged after.
    const std::int64_t tiles_x = pass.tiles_x;
    std::vector<std::vector<std::uint64_t>> band_pop(std::size_t(bands * 2));
    pool.run(std::size_t(bands), [&](std::size_t b) {
        // Plain variables, not a structured binding: the lambdas below capture
        // them, which clang before 16 refuses for bindings.
        const auto band = band_of(std::int64_t(b));
        const std::int64_t y0 = band.first, y1 = band.second;
        const std::int64_t ty0 = y0 / kTileRows, ty1 = (y1 - 1) / kTileRows + 1;
        auto& pop_last = band_pop[b * 2];
        auto& pop_before = band_pop[b * 2 + 1];
        pop_last.assign(std::size_t((ty1 - ty0) * tiles_x), 0);
        pop_before.assign(pop_last.size(), 0);
        auto row = [&](std::int64_t g, std::int64_t r) -> std::uint64_t* {
            if (r >= y0 && r < y1) return pass.plane[(pass.cur + g) & 1] + r * stride;
            std::uint64_t* halo = scratch[b * 2 + std::size_t(g & 1)].data();
            return r < y0 ? halo + (r - (y0 - k)) * stride : halo + (k + r - y1) * stride;
        };
        TileKernelArgs args = base;
        for (std::int64_t s = y0 - k + 1; s < y1 + k - 1; ++s) {
            for (std::int64_t g = 1; g <= k; ++g) {
                const std::int64_t r = s - (g - 1);
                if (r < y0 - k + g || r >= y1 + k - g) continue;
                args.generation = base.generation + std::uint64_t(g - 1);
                std::uint64_t* pop = nullptr;
                if (r >= y0 && r < y1 && g >= k - 1 && g >= 1) {
                    auto& counts = g == k ? pop_last : pop_before;
                    pop = counts.data() + (r / kTileRows - ty0) * tiles_x;
                }
                pass.kernels->row(args, row(g - 1, r - 1), row(g - 1, r), row(g - 1, r + 1),
                                  row(g, r), wrap(r, height), pop);
            }
        }
    });

    const std::int64_t tiles = tiles_x * ((height + kTileRows - 1) / kTileRows);
    std::fill(pass.pop_last, pass.pop_last + tiles, 0);
    if (k >= 2) std::fill(pass.pop_before, pass.pop_before + tiles, 0);
    for (std::int64_t b = 0; b < bands; ++b) {
        const std::int64_t first = (band_of(b).first / kTileRows) * tiles_x;
        for (std::size_t i = 0; i < band_pop[std::size_t(b * 2)].size(); ++i) {
            pass.pop_last[std::size_t(first) + i] += band_pop[std::size_t(b * 2)][i];
            if (k >= 2)
                pass.pop_before[std::size_t(first) + i] += band_pop[std::size_t(b * 2 + 1)][i];
        }
    }
}

}  // namespace toroid::detail
