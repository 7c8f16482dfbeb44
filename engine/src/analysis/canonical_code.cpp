#include "toroid/analysis/canonical_code.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace toroid {
namespace {

constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

void put_zero_run(std::string& out, std::int64_t zeros) {
    while (zeros > 0) {
        const std::int64_t n = std::min<std::int64_t>(zeros, 39);
        if (n == 1)
            out += '0';
        else if (n == 2)
            out += 'w';
        else if (n == 3)
            out += 'x';
        else {
            out += 'y';
            out += kDigits[n - 4];
        }
        zeros -= n;
    }
}

}  // namespace

std::string wechsler(const Grid& input) {
    const Rect b = input.bounding_box();
    if (b.empty()) return "0";
    const Grid cells = input.crop(b);
    std::string out;
    for (std::int64_t strip = 0; strip * 5 < cells.height(); ++strip) {
        if (strip > 0) out += 'z';
        std::int64_t zeros = 0;
        for (std::int64_t x = 0; x < cells.width(); ++x) {
            int column = 0;
            for (int r = 0; r < 5; ++r) {
                const std::int64_t y = strip * 5 + r;
                if (y < cells.height() && cells.get(x, y)) column |= 1 << r;
            }
            if (column == 0) {
                ++zeros;
                continue;
            }
            put_zero_run(out, zeros);
            zeros = 0;
            out += kDigits[column];
        }
    }
    return out;
}

Grid orient(const Grid& cells, int o) {
    const bool transpose = (o & 4) != 0;
    const std::int64_t w = transpose ? cells.height() : cells.width();
    const std::int64_t h = transpose ? cells.width() : cells.height();
    Grid out(w, h);
    for (std::int64_t y = 0; y < cells.height(); ++y)
        for (std::int64_t x = 0; x < cells.width(); ++x) {
            if (!cells.get(x, y)) continue;
            std::int64_t nx = transpose ? y : x, ny = transpose ? x : y;
            if (o & 1) nx = w - 1 - nx;
            if (o & 2) ny = h - 1 - ny;
            out.set(nx, ny, true);
        }
    return out;
}

Grid hex_orient(const Grid& cells, int o) {
    // Cells as (x, y) lattice points; r turns of (x, y) -> (x - y, x), then
    // the transpose when o >= 6.
    std::vector<std::pair<std::int64_t, std::int64_t>> points;
    std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (std::int64_t y = 0; y < cells.height(); ++y)
        for (std::int64_t x = 0; x < cells.width(); ++x) {
            if (!cells.get(x, y)) continue;
            std::int64_t px = x, py = y;
            for (int r = 0; r < o % 6; ++r) {
                const std::int64_t t = px - py;
                py = px;
                px = t;
            }
            if (o >= 6) std::swap(px, py);
            if (points.empty()) x0 = x1 = px, y0 = y1 = py;
            x0 = std::min(x0, px), x1 = std::max(x1, px), y0 = std::min(y0, py),
            y1 = std::max(y1, py);
            points.push_back({px, py});
        }
    Grid out(points.empty() ? 1 : x1 - x0 + 1, points.empty() ? 1 : y1 - y0 + 1);
    for (auto [px, py] : points) out.set(px - x0, py - y0, true);
    return out;
}

std::string canonical_wechsler(const std::vector<Grid>& phases, Neighbourhood n) {
    const bool hexagonal = n == Neighbourhood::Hexagonal;
    std::string best;
    for (const Grid& phase : phases) {
        const Rect b = phase.bounding_box();
        const Grid cropped = b.empty() ? phase : phase.crop(b);
        for (int o = 0; o < (hexagonal ? 12 : 8); ++o) {
            const std::string repr =
                wechsler(hexagonal ? hex_orient(cropped, o) : orient(cropped, o));
            if (best.empty() || repr.size() < best.size() ||
                (repr.size() == best.size() && repr < best))
                best = repr;
        }
    }
    return best;
}

std::string object_code(ObjectKind kind, std::uint64_t period, std::uint64_t population,
                        const std::vector<Grid>& phases, Neighbourhood n) {
    const std::string repr = canonical_wechsler(phases, n);
    switch (kind) {
        case ObjectKind::Still:
            return "xs" + std::to_string(population) + "_" + repr;
        case ObjectKind::Oscillator:
            return "xp" + std::to_string(period) + "_" + repr;
        case ObjectKind::Ship:
            return "xq" + std::to_string(period) + "_" + repr;
    }
    return repr;
}

}  // namespace toroid
