#include "toroid/analysis/canonical_code.hpp"

#include <algorithm>
#include <bit>
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
    return wechsler_of_box(input.crop(b));
}

std::string wechsler_of_box(const Grid& cells) {
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
    // Empty strips at the bottom (a layer whose cells lie higher in the box).
    while (!out.empty() && out.back() == 'z') out.pop_back();
    return out.empty() ? "0" : out;
}

unsigned generations_layer_bits(int state, int states) {
    if (state == 0) return 0;
    if (state == 1) return 1;
    // Dying: layer 1, and the generations left before it dies from layer 2.
    return 2u | unsigned(states - 1 - state) << 2;
}

std::vector<Grid> generations_layers(const Grid& cells, int states) {
    const int counter_bits = states > 3 ? int(std::bit_width(unsigned(states - 3))) : 0;
    std::vector<Grid> layers(std::size_t(2 + counter_bits), Grid(cells.width(), cells.height()));
    for (std::int64_t y = 0; y < cells.height(); ++y)
        for (std::int64_t x = 0; x < cells.width(); ++x)
            for (unsigned bits = generations_layer_bits(cells.state(x, y), states); bits;
                 bits &= bits - 1)
                layers[std::size_t(std::countr_zero(bits))].set(x, y, true);
    while (layers.size() > 1 && layers.back().population() == 0) layers.pop_back();
    return layers;
}

Grid orient(const Grid& cells, int o) {
    const bool transpose = (o & 4) != 0;
    const std::int64_t w = transpose ? cells.height() : cells.width();
    const std::int64_t h = transpose ? cells.width() : cells.height();
    const bool states = cells.state_planes() > 0;
    Grid out(w, h);
    for (std::int64_t y = 0; y < cells.height(); ++y)
        for (std::int64_t x = 0; x < cells.width(); ++x) {
            const int state = states ? cells.state(x, y) : int(cells.get(x, y));
            if (state == 0) continue;
            std::int64_t nx = transpose ? y : x, ny = transpose ? x : y;
            if (o & 1) nx = w - 1 - nx;
            if (o & 2) ny = h - 1 - ny;
            out.set_state(nx, ny, state);
        }
    return out;
}

Grid hex_orient(const Grid& cells, int o) {
    // Cells as (x, y) lattice points; r turns of (x, y) -> (x - y, x), then
    // the transpose when o >= 6.
    struct Point {
        std::int64_t x, y;
        int state;
    };
    const bool states = cells.state_planes() > 0;
    std::vector<Point> points;
    std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (std::int64_t y = 0; y < cells.height(); ++y)
        for (std::int64_t x = 0; x < cells.width(); ++x) {
            const int state = states ? cells.state(x, y) : int(cells.get(x, y));
            if (state == 0) continue;
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
            points.push_back({px, py, state});
        }
    Grid out(points.empty() ? 1 : x1 - x0 + 1, points.empty() ? 1 : y1 - y0 + 1);
    for (const Point& p : points) out.set_state(p.x - x0, p.y - y0, p.state);
    return out;
}

std::string canonical_wechsler(const std::vector<Grid>& phases, Neighbourhood n, int states) {
    return canonical_form(phases, n, states).repr;
}

CanonicalForm canonical_form(const std::vector<Grid>& phases, Neighbourhood n, int states) {
    const bool hexagonal = n == Neighbourhood::Hexagonal;
    CanonicalForm form;
    std::string& best = form.repr;
    for (std::size_t k = 0; k < phases.size(); ++k) {
        const Grid& phase = phases[k];
        const Rect b = phase.bounding_box();
        const Grid cropped = b.empty() ? phase : phase.crop(b);
        for (int o = 0; o < (hexagonal ? 12 : 8); ++o) {
            const Grid turned = hexagonal ? hex_orient(cropped, o) : orient(cropped, o);
            std::string repr;
            if (states <= 2) {
                repr = wechsler(turned);
            } else {
                // lifelib's layers, each over the box of them all.
                for (const Grid& layer : generations_layers(turned, states)) {
                    if (!repr.empty()) repr += '_';
                    repr += wechsler_of_box(layer);
                }
            }
            if (best.empty() || repr.size() < best.size() ||
                (repr.size() == best.size() && repr < best)) {
                best = repr;
                form.phase = k;
                form.orientation = o;
            }
        }
    }
    return form;
}

std::string object_code(ObjectKind kind, std::uint64_t period, std::uint64_t population,
                        const std::vector<Grid>& phases, Neighbourhood n, int states) {
    const std::string repr = canonical_wechsler(phases, n, states);
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
