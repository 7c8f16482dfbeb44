// ShipCatalog: isolated evolution, shape keys, names.
#include "toroid/analysis/ship_catalog.hpp"

#include <algorithm>
#include <limits>

#include "toroid/core/bitslice.hpp"

namespace toroid {

namespace {

constexpr std::int64_t kScratch = 128;
constexpr std::int64_t kOrigin = 44;

std::string shape_key(const std::vector<Cell>& cells) {
    std::string key;
    key.reserve(cells.size() * 2);
    for (const Cell& c : cells) {
        key.push_back(char(c.x));
        key.push_back(char(c.y));
    }
    return key;
}

// Cells moved so that the smallest x and y are 0; returns the offset removed.
Cell normalise(std::vector<Cell>& cells) {
    std::int64_t mx = std::numeric_limits<std::int64_t>::max(), my = mx;
    for (const Cell& c : cells) mx = std::min(mx, c.x), my = std::min(my, c.y);
    for (Cell& c : cells) c.x -= mx, c.y -= my;
    std::sort(cells.begin(), cells.end());
    return {mx, my};
}

std::string ship_name(const Rule& rule, std::int64_t dx, std::int64_t dy, int period,
                      std::size_t min_pop) {
    const std::int64_t ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    if (is_life(rule.compile())) {
        if (ax == 1 && ay == 1 && period == 4 && min_pop == 5) return "glider";
        if (ax + ay == 2 && (ax == 0 || ay == 0) && period == 4) {
            if (min_pop == 9) return "LWSS";
            if (min_pop == 11) return "MWSS";
            if (min_pop == 13) return "HWSS";
        }
    }
    return "(" + std::to_string(std::max(ax, ay)) + "," + std::to_string(std::min(ax, ay)) + ")c/" +
           std::to_string(period) + " ship";
}

}  // namespace

ShipCatalog::ShipCatalog(const Rule& rule) : rule_(rule) {
    if (!rule.stochastic() && !rule.births_on_zero())
        scratch_ = make_universe("auto", rule, kScratch, kScratch, {1, 0});
}

ShipCatalog::~ShipCatalog() = default;

int ShipCatalog::add(ShipKind kind) {
    kinds_.push_back(std::move(kind));
    const int index = int(kinds_.size()) - 1;
    memo_[shape_key(kinds_.back().phases[0])] = index;
    return index;
}

int ShipCatalog::classify(const std::vector<Cell>& cells) {
    if (!scratch_ || cells.empty() || cells.size() > kMaxCells) return -1;
    const std::string key = shape_key(cells);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    int result = -1;
    std::int64_t w = 0, h = 0;
    for (const Cell& c : cells) w = std::max(w, c.x + 1), h = std::max(h, c.y + 1);
    if (w <= kMaxSize && h <= kMaxSize) {
        std::vector<Cell> placed = cells;
        for (Cell& c : placed) c.x += kOrigin, c.y += kOrigin;
        scratch_->start(placed, 0);
        ShipKind k;
        k.phases.push_back(cells);
        std::size_t min_pop = cells.size();
        for (int q = 1; q <= kMaxPeriod; ++q) {
            scratch_->step(1);
            std::vector<Cell> now = scratch_->cells();
            if (now.empty()) break;
            std::vector<Cell> shape = now;
            const Cell off = normalise(shape);
            if (shape == cells) {
                const std::int64_t dx = off.x - kOrigin, dy = off.y - kOrigin;
                if (dx == 0 && dy == 0) break;  // an oscillator or still life
                k.dx = dx, k.dy = dy, k.period = q;
                k.name = ship_name(rule_, dx, dy, q, min_pop);
                kinds_.push_back(std::move(k));
                result = int(kinds_.size()) - 1;
                break;
            }
            // Too big, or near the scratch torus edge: not a ship we can follow.
            if (shape.back().y >= kMaxSize || off.x < 8 || off.y < 8 ||
                off.x > kScratch - kMaxSize - 8 || off.y > kScratch - kMaxSize - 8)
                break;
            bool wide = false;
            for (const Cell& c : shape) wide |= c.x >= kMaxSize;
            if (wide) break;
            min_pop = std::min(min_pop, now.size());
            for (Cell& c : now) c.x -= kOrigin, c.y -= kOrigin;
            k.phases.push_back(std::move(now));
        }
    }
    memo_[key] = result;
    return result;
}

std::vector<Cell> ShipCatalog::cells_at(const ShipKind& k, std::int64_t ox, std::int64_t oy,
                                        std::int64_t r, std::int64_t t) {
    const std::int64_t q = k.period;
    const std::int64_t n = t - r;
    const std::int64_t phase = ((n % q) + q) % q;
    const std::int64_t periods = (n - phase) / q;  // exact division
    std::vector<Cell> out = k.phases[std::size_t(phase)];
    for (Cell& c : out) c.x += ox + periods * k.dx, c.y += oy + periods * k.dy;
    return out;
}

}  // namespace toroid
