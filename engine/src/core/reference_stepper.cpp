#include "toroid/core/reference_stepper.hpp"

#include <array>
#include <utility>
#include <vector>

#include "toroid/core/philox.hpp"
#include "toroid/core/stochastic.hpp"

namespace toroid {
namespace {

struct Offsets {
    std::array<std::pair<int, int>, 8> d{};
    int n = 0;
};

Offsets offsets_of(Neighbourhood n) {
    switch (n) {
        case Neighbourhood::Hexagonal:
            return {{{{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}}}, 6};
        case Neighbourhood::VonNeumann:
            return {{{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}}, 4};
        case Neighbourhood::Moore:
        default:
            return {{{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}}, 8};
    }
}

// The cell's 32-bit random number, one digit per level, most significant first
// (stochastic.hpp's contract, cell by cell instead of 64 lanes at once).
std::uint32_t cell_random_number(std::uint64_t seed, std::uint64_t generation, std::uint64_t word,
                                 int bit) {
    std::uint32_t u = 0;
    for (int level = 0; level < kStochasticLevels; ++level)
        u |= std::uint32_t((random_level_word(seed, generation, word, level) >> bit) & 1)
             << (31 - level);
    return u;
}

// A deterministic rule through its table form: the 3x3 block's index.
Grid table_step(const Grid& g, const Range1Table& table) {
    const std::int64_t w = g.width(), h = g.height();
    Grid next(w, h);
    for (std::int64_t y = 0; y < h; ++y)
        for (std::int64_t x = 0; x < w; ++x) {
            unsigned index = 0;
            for (std::int64_t dy = -1; dy <= 1; ++dy)
                for (std::int64_t dx = -1; dx <= 1; ++dx)
                    index = index << 1 |
                            unsigned(g.get(((x + dx) % w + w) % w, ((y + dy) % h + h) % h));
            if (table.next(index)) next.set(x, y, true);
        }
    return next;
}

}  // namespace

Grid reference_step(const Grid& g, const Rule& rule, std::uint64_t seed, std::uint64_t generation) {
    if (rule.needs_multistate_backend()) return reference_multistate_step(g, rule);
    if (!rule.stochastic()) return table_step(g, rule.range1_table());
    const std::int64_t w = g.width(), h = g.height();
    const Offsets offs = offsets_of(rule.neighbourhood());
    Grid next(w, h);
    for (std::int64_t y = 0; y < h; ++y)
        for (std::int64_t x = 0; x < w; ++x) {
            int count = 0;
            for (int k = 0; k < offs.n; ++k) {
                const std::int64_t nx = ((x + offs.d[std::size_t(k)].first) % w + w) % w;
                const std::int64_t ny = ((y + offs.d[std::size_t(k)].second) % h + h) % h;
                count += g.get(nx, ny) ? 1 : 0;
            }
            const Probability p = g.get(x, y) ? rule.survival(count) : rule.birth(count);
            if (p.absent()) continue;
            bool alive = true;
            if (!p.certain()) {
                const std::uint64_t threshold = (std::uint64_t(p.num) << 32) / p.den;
                const std::uint64_t word =
                    std::uint64_t(y) * std::uint64_t(g.words_per_row()) + std::uint64_t(x / 64);
                alive = cell_random_number(seed, generation, word, int(x % 64)) < threshold;
            }
            if (alive) next.set(x, y, true);
        }
    return next;
}

}  // namespace toroid
