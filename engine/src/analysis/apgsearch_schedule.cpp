#include "apgsearch_schedule.hpp"

#include <algorithm>
#include <regex>
#include <unordered_map>

#include "toroid/analysis/haul.hpp"

namespace toroid::detail {

LifelibTiling lifelib_tiling(const Rule& rule) {
    // apgsearch's mkparams.py: VTile28 for these names, else the universal
    // leaf iterator's UTile.
    static const std::regex outer_totalistic("b1?2?3?4?5?6?7?8?s0?1?2?3?4?5?6?7?8?");
    LifelibTiling t;
    t.vtile = std::regex_match(catagolue_rule(rule), outer_totalistic);
    t.side = t.vtile ? 28 : 16;
    return t;
}

std::int64_t apgsearch_v4_soup_shift(std::string_view symmetry) {
    return symmetry == "C1" || symmetry == "D2_x" ? -8 : 0;
}

namespace {

std::int64_t floor_mod(std::int64_t a, std::int64_t m) {
    return ((a % m) + m) % m;
}

// One tile's cells as lifelib stores them: VTile28 rows 2..29 of 32-bit
// words, cell x at bit x + 2; UTile four 8 x 8 leaves (a: north-west,
// b: north-east, c: south-west, d: south-east), cell (x, y) at bit 8y + x.
struct TileCells {
    std::uint32_t rows[28] = {};
    std::uint64_t leaves[4] = {};
};

// VTile<28, 2>::hashTile: over the rows it owns, its 28 middle bits.
std::uint32_t vtile_hash(const TileCells& c) {
    std::uint32_t h = 0;
    for (std::uint32_t i = 2; i < 30; ++i) h = h * (h + 77232917u) + i * c.rows[i - 2];
    return h;
}

// UTile<2, 1>::hashTile (one layer).
std::uint64_t utile_hash(const TileCells& c) {
    std::uint64_t h = 0;
    h = h * (h + 447840759955ull);
    h += c.leaves[0] ^ (1093 * c.leaves[1]);
    h += (641 * c.leaves[3]) ^ (3511 * c.leaves[2]);
    return h;
}

}  // namespace

std::uint64_t lifelib_total_hash(const LifelibTiling& tiling, std::span<const Cell> cells,
                                 std::int64_t radius) {
    const std::int64_t w = tiling.side, h = tiling.side;
    std::unordered_map<std::uint64_t, TileCells> tiles;
    // Cells come in (y, x) order: a run of them often shares a tile.
    std::uint64_t last = 0;
    TileCells* tile = nullptr;
    for (const Cell& cell : cells) {
        // upattern::emplace_uint64's arithmetic, cell by cell.
        const std::int64_t dy = floor_mod(cell.y, h), ay = cell.y - dy;
        const std::int64_t ax = cell.x - (ay / h) * (w / 2);
        const std::int64_t dx = floor_mod(ax, w);
        const std::int64_t tx = (ax - dx) / w, tw = -(ay / h);
        if (tx * tx + tw * tw - tx * tw >= radius * radius) continue;
        const std::uint64_t coords =
            std::uint64_t(tx + 0x80000000ll) + (std::uint64_t(tw + 0x80000000ll) << 32);
        if (!tile || coords != last) {
            tile = &tiles[coords];
            last = coords;
        }
        if (tiling.vtile)
            tile->rows[dy] |= std::uint32_t(1) << (dx + 2);
        else
            tile->leaves[(dx / 8) + (dy / 8) * 2] |= std::uint64_t(1) << (8 * (dy % 8) + dx % 8);
    }
    std::uint64_t total = 0;
    for (const auto& [coords, t] : tiles) {
        const std::uint64_t tile_hash = tiling.vtile ? vtile_hash(t) : utile_hash(t);
        total += tile_hash * (coords ^ 3141592653589793ull);
    }
    return total;
}

void ApgsearchSchedule::begin_iteration() {
    if (i_ >= 1000) {
        // naivestab_awesome failed: the hash stage.
        stage_ = Stage::Hashes;
        next_ = now_ + 30;
        return;
    }
    if (i_ == 25) security_ = 20;
    if (i_ == 50) security_ = 25;
    if (i_ == 75) security_ = 30;
    if (i_ == 200) period_ = 12;
    if (i_ == 400) period_ = 30;
    next_ = now_ + std::uint64_t(period_);
}

void ApgsearchSchedule::decide(std::uint64_t start, std::uint64_t window, bool periodic) {
    stage_ = Stage::Done;
    decision_ = Decision{start, window, periodic};
}

void ApgsearchSchedule::observe(std::int64_t population, std::uint64_t hash) {
    now_ = next_;
    switch (stage_) {
        case Stage::Naive: {
            if (population == previous_) {
                ++depth_;
            } else {
                depth_ = 0;
                if (period_ < 30) {
                    ++i_;
                    now_ += 12;
                }
            }
            previous_ = population;
            if (depth_ == security_) return decide(now_, std::uint64_t(period_), true);
            ++i_;
            begin_iteration();
            return;
        }
        case Stage::Hashes: {
            ++samples_;
            // stabilise3's list: ascending; a smaller hash truncates the
            // entries from its place on, an equal one ends the search.
            std::size_t pos = 0;
            while (pos < hashes_.size() && hash > hashes_[pos]) ++pos;
            if (pos < hashes_.size() && hash == hashes_[pos]) {
                check_period_ = now_ - generations_[pos];
                previous_ = population;
                checks_ = 0;
                stage_ = Stage::Check;
                next_ = now_ + check_period_;
                return;
            }
            hashes_.resize(pos);
            generations_.resize(pos);
            hashes_.push_back(hash);
            generations_.push_back(now_);
            if (samples_ == 4000) return decide(now_ + 1280, 1280, false);
            next_ = now_ + 30;
            return;
        }
        case Stage::Check: {
            ++checks_;
            if (population != previous_)
                return decide(now_, std::max<std::uint64_t>(check_period_, 1280), false);
            previous_ = population;
            if (checks_ == 20) return decide(now_, check_period_, false);
            next_ = now_ + check_period_;
            return;
        }
        case Stage::Done:
            return;
    }
}

}  // namespace toroid::detail
