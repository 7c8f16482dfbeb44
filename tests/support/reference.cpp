#include "reference.hpp"

#include <fstream>
#include <random>
#include <utility>
#include <vector>

#include "toroid/core/philox.hpp"

namespace toroid::testing {
namespace {

std::vector<std::pair<int, int>> offsets(Neighbourhood n) {
    switch (n) {
        case Neighbourhood::Moore:
            return {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
        case Neighbourhood::Hexagonal:
            return {{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}};
        case Neighbourhood::VonNeumann:
            return {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
    }
    return {};
}

std::int64_t wrap(std::int64_t v, std::int64_t n) {
    return ((v % n) + n) % n;
}

// The cell's 32-bit random number (stochastic.hpp's contract, written out
// here from the definition): digit l, most significant first, is bit x % 64 of
// the random word of level l of the cell's canonical word, and level l is
// half of the Philox call for level pair l / 2.
std::uint32_t cell_random_number(std::uint64_t seed, std::uint64_t generation, std::uint64_t word,
                                 int bit) {
    std::uint32_t u = 0;
    for (int level = 0; level < 32; ++level) {
        const std::uint32_t pair = std::uint32_t(level / 2);
        const Philox4x32 counter{{std::uint32_t(word), std::uint32_t(word >> 32) | (pair << 28),
                                  std::uint32_t(generation), std::uint32_t(generation >> 32)}};
        const Philox4x32 out =
            philox4x32_10(counter, std::uint32_t(seed), std::uint32_t(seed >> 32));
        const std::uint64_t random =
            level % 2 == 0 ? std::uint64_t(out.v[0]) | (std::uint64_t(out.v[1]) << 32)
                           : std::uint64_t(out.v[2]) | (std::uint64_t(out.v[3]) << 32);
        u |= std::uint32_t((random >> bit) & 1) << (31 - level);
    }
    return u;
}

bool happens(Probability p, std::uint64_t seed, std::uint64_t generation, std::uint64_t word,
             int bit) {
    if (p.absent()) return false;
    if (p.certain()) return true;
    // threshold = floor(p * 2^32); the transition happens when U < threshold.
    const std::uint64_t threshold = (std::uint64_t(p.num) << 32) / p.den;
    return cell_random_number(seed, generation, word, bit) < threshold;
}

}  // namespace

Grid reference_step(const Grid& g, const Rule& rule, std::uint64_t seed, std::uint64_t generation) {
    const std::int64_t w = g.width(), h = g.height();
    Grid next(w, h);
    const auto offs = offsets(rule.neighbourhood());
    const Range1Table table =
        rule.kind() == RuleKind::Totalistic ? Range1Table{} : rule.range1_table();
    // (x + dx) mod W and (y + dy) mod H, tabulated once per offset.
    std::vector<std::vector<std::int64_t>> wx(3), wy(3);
    for (int d = -1; d <= 1; ++d) {
        for (std::int64_t x = 0; x < w; ++x) wx[std::size_t(d + 1)].push_back(wrap(x + d, w));
        for (std::int64_t y = 0; y < h; ++y) wy[std::size_t(d + 1)].push_back(wrap(y + d, h));
    }
    auto cell = [&](std::int64_t x, std::int64_t y) {
        return (g.row(y)[std::size_t(x / 64)] >> (x % 64)) & 1;
    };
    for (std::int64_t y = 0; y < h; ++y) {
        for (std::int64_t x = 0; x < w; ++x) {
            int count = 0;
            for (auto [dx, dy] : offs)
                count += int(cell(wx[std::size_t(dx + 1)][std::size_t(x)],
                                  wy[std::size_t(dy + 1)][std::size_t(y)]));
            const bool alive = cell(x, y) != 0;
            if (rule.kind() != RuleKind::Totalistic) {
                // The general form: the 3x3 block, row by row from the top
                // left, as an index into the rule's table.
                unsigned index = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx)
                        index =
                            index << 1 | unsigned(cell(wx[std::size_t(dx + 1)][std::size_t(x)],
                                                       wy[std::size_t(dy + 1)][std::size_t(y)]));
                if (table.next(index)) next.set(x, y, true);
                continue;
            }
            const Probability p = alive ? rule.survival(count) : rule.birth(count);
            if (p.absent()) continue;
            const std::uint64_t word =
                std::uint64_t(y) * std::uint64_t(g.words_per_row()) + std::uint64_t(x / 64);
            if (happens(p, seed, generation, word, int(x % 64))) next.set(x, y, true);
        }
    }
    return next;
}

Grid reference_run(Grid g, const Rule& rule, std::uint64_t seed, std::uint64_t first_generation,
                   std::uint64_t generations) {
    for (std::uint64_t i = 0; i < generations; ++i)
        g = reference_step(g, rule, seed, first_generation + i);
    return g;
}

Grid random_grid(std::int64_t width, std::int64_t height, double density, std::uint64_t seed) {
    Grid g(width, height);
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution alive(density);
    for (std::int64_t y = 0; y < height; ++y)
        for (std::int64_t x = 0; x < width; ++x)
            if (alive(rng)) g.set(x, y, true);
    return g;
}

std::int64_t first_difference_from_reference(Backend& backend, Grid start, const Rule& rule,
                                             std::uint64_t seed, std::uint64_t first, int chunks,
                                             int gens) {
    for (int chunk = 0; chunk < chunks; ++chunk) {
        backend.step(std::uint64_t(gens));
        const std::uint64_t from = first + std::uint64_t(chunk) * std::uint64_t(gens);
        start = reference_run(std::move(start), rule, seed, from, std::uint64_t(gens));
        if (backend.grid() != start || backend.population() != start.population())
            return std::int64_t(from) + gens;
    }
    return -1;
}

double resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    double pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * 4096.0;
}

void place_glider(Grid& g, std::int64_t x0, std::int64_t y0, int sx, int sy) {
    const int glider[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};  // flies +x +y
    for (auto [dx, dy] : glider) g.set(x0 + sx * dx, y0 + sy * dy, true);
}

}  // namespace toroid::testing
