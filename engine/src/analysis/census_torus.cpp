#include "census_torus.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <vector>

#include "../cpu/soup_tiles.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/tile_signature.hpp"

namespace toroid::detail {
namespace {

// Bit r set where row r of a tile's column (kSoupTileRows words) holds
// cells: found without a branch per row (whether a row is empty is a coin
// toss for the branch predictor), then only those rows are visited.
std::uint32_t nonzero_rows(const std::uint64_t* column) {
    std::uint32_t rows = 0;
    for (std::int64_t r = 0; r < kSoupTileRows; ++r) rows |= std::uint32_t(column[r] != 0) << r;
    return rows;
}

// A list of tiles with a set of marks, deduplicated by a stamp per tile,
// without a branch (whether a neighbour was listed already is a coin toss
// for the branch predictor): every tile is written at the end of the list,
// which grows only when the tile was not stamped.
class TileSet {
  public:
    void resize(std::size_t tiles) {
        stamp_.assign(tiles, 0);
        list_.assign(tiles + 1, 0);
        size_ = 0;
    }
    void clear() {
        size_ = 0;
        if (++epoch_ == 0) {  // wrapped: every stamp is stale again
            std::fill(stamp_.begin(), stamp_.end(), 0);
            epoch_ = 1;
        }
    }
    void add(std::uint32_t t) {
        list_[size_] = t;
        size_ += std::size_t(stamp_[t] != epoch_);
        stamp_[t] = epoch_;
    }
    std::span<const std::uint32_t> list() const { return {list_.data(), size_}; }

  private:
    std::vector<std::uint32_t> stamp_, list_;
    std::size_t size_ = 0;
    std::uint32_t epoch_ = 1;
};

// The neighbours a tile's change reaches: for each set of the eight edge
// and corner bits (SoupTileChange >> 1), their offsets (dx, dy).
struct Reach {
    int count = 0;
    std::int8_t dx[8] = {}, dy[8] = {};
};
constexpr std::array<Reach, 256> kReach = [] {
    std::array<Reach, 256> table{};
    // In the order of the bits: north, south, west, east, the corners.
    constexpr int dx[8] = {0, 0, -1, 1, -1, 1, -1, 1}, dy[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
    for (int m = 0; m < 256; ++m)
        for (int b = 0; b < 8; ++b)
            if ((m >> b) & 1) {
                Reach& r = table[std::size_t(m)];
                r.dx[r.count] = std::int8_t(dx[b]);
                r.dy[r.count] = std::int8_t(dy[b]);
                ++r.count;
            }
    return table;
}();
static_assert(kTileNorth == 2 && kTileSouth == 4 && kTileWest == 8 && kTileEast == 16 &&
              kTileNorthWest == 32 && kTileNorthEast == 64 && kTileSouthWest == 128 &&
              kTileSouthEast == 256);

class CensusTorus final : public Universe {
  public:
    CensusTorus(const Rule& rule, std::int64_t side)
        : rule_(rule.compile()),
          n_(side),
          tiles_x_(side / 64),
          tiles_y_(side / kSoupTileRows),
          tiles_(tiles_x_ * tiles_y_),
          stride_(side + 2),
          row_words_((tiles_x_ + 63) / 64),
          cpu_tiles_x_((side / 64 + 7) / 8),
          x_shift_(std::countr_zero(std::uint64_t(tiles_x_))) {
        kernel_ = select_soup_tiles(&isa_);
        for (Plane& p : planes_) {
            p.words.assign(std::size_t(tiles_x_ * stride_ + 2 * kSoupTilePad), 0);
            p.population.assign(std::size_t(tiles_), 0);
            p.changes.assign(std::size_t(tiles_), 0);
            p.live.assign(std::size_t(tiles_y_ * row_words_), 0);
            p.cpu_population.assign(std::size_t((side + 31) / 32 * cpu_tiles_x_), 0);
            p.tile_hash.assign(std::size_t(tiles_), 0);
            p.stale.resize(std::size_t(tiles_));
        }
        need_.resize(std::size_t(tiles_));
        cpu_delta_.assign(planes_[0].cpu_population.size(), 0);
        for (TileSet& f : forced_) f.resize(std::size_t(tiles_));
        edited_.resize(std::size_t(tiles_));
    }

    std::string name() const override { return "census-torus (" + isa_ + ")"; }
    std::int64_t width() const override { return n_; }
    std::int64_t height() const override { return n_; }
    std::uint64_t generation() const override { return generation_; }

    void load(const Grid& g, std::uint64_t generation) override {
        std::vector<Cell> cells;
        for (std::int64_t y = 0; y < g.height(); ++y)
            for (std::int64_t x = 0; x < g.width(); ++x)
                if (g.get(x, y)) cells.push_back({x, y});
        start(cells, generation);
    }

    void start(std::span<const Cell> cells, std::uint64_t generation) override {
        for (Plane& p : planes_) {
            for_each_live_tile(p, [&](std::int64_t tx, std::int64_t ty) {
                std::uint64_t* column = p.column(tx, stride_);
                std::fill_n(column + 1 + ty * kSoupTileRows, kSoupTileRows, 0);
                if (ty == 0) column[n_ + 1] = 0;
                if (ty == tiles_y_ - 1) column[0] = 0;
            });
            for (const std::uint32_t t : p.changed) p.changes[t] = 0;
            p.changed.clear();
            std::fill(p.population.begin(), p.population.end(), 0);
            std::fill(p.live.begin(), p.live.end(), 0);
            std::fill(p.cpu_population.begin(), p.cpu_population.end(), 0);
            std::fill(p.tile_hash.begin(), p.tile_hash.end(), 0);
            p.stale.clear();
            p.total_population = p.signature = p.total_hash = 0;
        }
        for (TileSet& f : forced_) f.clear();
        cur_ = 0;
        generation_ = generation;
        edit(cells, true);
    }

    Grid grid() const override {
        Grid g(n_, n_);
        const std::int64_t per_row = g.words_per_row();
        for_each_live_word(planes_[cur_], [&](std::int64_t x, std::int64_t y, std::uint64_t w) {
            g.words()[std::size_t(y * per_row + x)] = w;
        });
        return g;
    }

    void step(std::uint64_t generations) override {
        for (std::uint64_t g = 0; g < generations; ++g) step_one();
    }

    std::uint64_t population() const override { return planes_[cur_].total_population; }
    std::uint64_t signature() const override { return planes_[cur_].signature; }
    bool signature_is_hash() const override { return false; }

    std::uint64_t hash() const override {
        const Plane& p = planes_[cur_];
        for (const std::uint32_t t : p.stale.list()) {
            const std::int64_t tx = t & (tiles_x_ - 1), ty = t >> x_shift_;
            const std::uint64_t* column = p.column(tx, stride_) + 1;
            const std::int64_t y0 = ty * kSoupTileRows;
            std::uint64_t h = 0;
            for (std::uint32_t rows = nonzero_rows(column + y0); rows; rows &= rows - 1) {
                const std::int64_t y = y0 + std::countr_zero(rows);
                h += hash_word(std::uint64_t(y * tiles_x_ + tx), column[y]);
            }
            p.total_hash += h - p.tile_hash[t];
            p.tile_hash[t] = h;
        }
        p.stale.clear();
        return hash_finish(n_, n_, p.total_hash);
    }

    std::vector<Cell> cells() const override {
        std::vector<Cell> out;
        out.reserve(std::size_t(planes_[cur_].total_population));
        for_each_live_word(planes_[cur_], [&](std::int64_t x, std::int64_t y, std::uint64_t w) {
            for (; w; w &= w - 1) out.push_back({x * 64 + std::countr_zero(w), y});
        });
        return out;
    }

    void clear_cells(std::span<const Cell> cells) override { edit(cells, false); }

    // From the live tiles alone: the rows of the first and last rows of
    // tiles holding cells, and the bit columns of the westmost and
    // eastmost columns of tiles (the census asks at every sweep, where
    // listing the cells cost more than the rest of a quiet sweep).
    Rect live_box() const override {
        if (row_words_ != 1) return Universe::live_box();  // sides above 4096
        const Plane& p = planes_[cur_];
        std::int64_t ty0 = -1, ty1 = -1;
        std::uint64_t columns = 0;  // tile columns holding cells
        for (std::int64_t ty = 0; ty < tiles_y_; ++ty) {
            const std::uint64_t live = p.live[std::size_t(ty * row_words_)];
            if (!live) continue;
            if (ty0 < 0) ty0 = ty;
            ty1 = ty;
            columns |= live;
        }
        if (ty0 < 0) return {};
        auto rows_of = [&](std::int64_t ty) {  // nonzero rows of a row of tiles
            std::uint32_t rows = 0;
            for (std::uint64_t m = p.live[std::size_t(ty * row_words_)]; m; m &= m - 1)
                rows |=
                    nonzero_rows(p.column(std::countr_zero(m), stride_) + 1 + ty * kSoupTileRows);
            return rows;
        };
        auto bits_of = [&](std::int64_t tx) {  // the OR of a column's live tiles
            std::uint64_t bits = 0;
            for (std::int64_t ty = ty0; ty <= ty1; ++ty) {
                if (!((p.live[std::size_t(ty * row_words_)] >> tx) & 1)) continue;
                const std::uint64_t* column = p.column(tx, stride_) + 1 + ty * kSoupTileRows;
                for (std::int64_t r = 0; r < kSoupTileRows; ++r) bits |= column[r];
            }
            return bits;
        };
        const std::int64_t tx0 = std::countr_zero(columns), tx1 = 63 - std::countl_zero(columns);
        const std::int64_t y0 = ty0 * kSoupTileRows + std::countr_zero(rows_of(ty0)),
                           y1 = ty1 * kSoupTileRows + 31 - std::countl_zero(rows_of(ty1)),
                           x0 = tx0 * 64 + std::countr_zero(bits_of(tx0)),
                           x1 = tx1 * 64 + 63 - std::countl_zero(bits_of(tx1));
        return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    }

  private:
    // One generation's plane and its books.
    struct Plane {
        std::vector<std::uint64_t> words;  // by word columns (soup_tiles.hpp), padded
        std::uint64_t* column(std::int64_t x, std::int64_t stride) {
            return words.data() + kSoupTilePad + x * stride;
        }
        const std::uint64_t* column(std::int64_t x, std::int64_t stride) const {
            return words.data() + kSoupTilePad + x * stride;
        }
        std::vector<std::uint16_t> population;  // per tile
        // Per tile, what its last write changed (SoupTileChange), and the
        // tiles where that is not zero.
        std::vector<std::uint16_t> changes;
        std::vector<std::uint32_t> changed;
        // Per row of tiles, a bitset of its tiles holding cells.
        std::vector<std::uint64_t> live;
        // The population of each of the CPU backend's 512 x 32 tiles, and
        // the signature they make (TileBooks::signature).
        std::vector<std::int64_t> cpu_population;
        std::uint64_t total_population = 0, signature = 0;
        // Each tile's share of the hash, and the tiles changed since hash().
        mutable std::vector<std::uint64_t> tile_hash;
        mutable std::uint64_t total_hash = 0;
        mutable TileSet stale;
    };

    // Tiles of p holding cells, row of tiles by row, west to east.
    template <class F>
    void for_each_live_tile(const Plane& p, F&& f) const {
        for (std::int64_t ty = 0; ty < tiles_y_; ++ty)
            for (std::int64_t k = 0; k < row_words_; ++k)
                for (std::uint64_t m = p.live[std::size_t(ty * row_words_ + k)]; m; m &= m - 1)
                    f(k * 64 + std::countr_zero(m), ty);
    }
    // The nonzero words of p's live tiles in the order of (y, x).
    template <class F>
    void for_each_live_word(const Plane& p, F&& f) const {
        // Per row of a row of tiles, which live tiles hold cells there (a
        // bitset of row_words_ words), found without a branch per word:
        // then only the nonzero words are visited, in the order of (y, x).
        std::vector<std::uint64_t>& tiles_of_row = tiles_of_row_;
        tiles_of_row.resize(std::size_t(kSoupTileRows * row_words_));
        for (std::int64_t ty = 0; ty < tiles_y_; ++ty) {
            const std::uint64_t* live = p.live.data() + ty * row_words_;
            bool any = false;
            for (std::int64_t k = 0; k < row_words_; ++k) any |= live[k] != 0;
            if (!any) continue;
            const std::int64_t y0 = ty * kSoupTileRows;
            std::fill(tiles_of_row.begin(), tiles_of_row.end(), 0);
            std::uint32_t rows = 0;
            for (std::int64_t k = 0; k < row_words_; ++k)
                for (std::uint64_t m = live[k]; m; m &= m - 1) {
                    const int b = std::countr_zero(m);
                    const std::uint64_t* column = p.column(k * 64 + b, stride_) + 1 + y0;
                    for (std::int64_t r = 0; r < kSoupTileRows; ++r) {
                        const std::uint64_t nonzero = column[r] != 0;
                        tiles_of_row[std::size_t(r * row_words_ + k)] |= nonzero << b;
                        rows |= std::uint32_t(nonzero) << r;
                    }
                }
            for (; rows; rows &= rows - 1) {
                const int r = std::countr_zero(rows);
                for (std::int64_t k = 0; k < row_words_; ++k)
                    for (std::uint64_t m = tiles_of_row[std::size_t(r * row_words_ + k)]; m;
                         m &= m - 1) {
                        const std::int64_t x = k * 64 + std::countr_zero(m);
                        f(x, y0 + r, p.column(x, stride_)[1 + y0 + r]);
                    }
            }
        }
    }

    // The CPU backend's tile of a tile, and its share of the signature
    // (TileBooks::signature).
    static std::uint64_t cpu_signature(std::int64_t t, std::int64_t population) {
        return signature_term(std::uint64_t(t), std::uint64_t(population));
    }
    // A tile's population; the CPU backend's tile that holds it is noted
    // and its share of the signature updated once per step (flush_cpu()).
    void set_population(Plane& p, std::uint32_t t, std::int64_t population) {
        const std::int64_t old = p.population[t];
        if (old == population) return;
        const std::int64_t tx = t & (tiles_x_ - 1), ty = t >> x_shift_;
        p.population[t] = std::uint16_t(population);
        p.total_population += std::uint64_t(population - old);
        const auto ct = std::size_t(ty * kSoupTileRows / 32 * cpu_tiles_x_ + tx / 8);
        if (cpu_delta_[ct] == 0) cpu_touched_.push_back(std::uint32_t(ct));
        cpu_delta_[ct] += population - old;
        std::uint64_t& live = p.live[std::size_t(ty * row_words_ + tx / 64)];
        const std::uint64_t bit = std::uint64_t(1) << (tx % 64);
        live = population ? live | bit : live & ~bit;
    }
    void flush_cpu(Plane& p) {
        for (const std::uint32_t ct : cpu_touched_) {
            std::int64_t& cpu = p.cpu_population[ct];
            const std::int64_t population = cpu + cpu_delta_[ct];
            p.signature += cpu_signature(ct, population) - cpu_signature(ct, cpu);
            cpu = population;
            cpu_delta_[ct] = 0;
        }
        cpu_touched_.clear();
    }

    // Sets (or clears) cells of the current plane. The edited tiles and
    // their neighbours are computed in the next step, and the edited tiles
    // again in the one after: the plane two generations back, which a step
    // keeps where nothing near changed, no longer leads to this one.
    void edit(std::span<const Cell> cells, bool set) {
        Plane& p = planes_[cur_];
        edited_.clear();
        for (const Cell& c : cells) {
            if (c.x < 0 || c.y < 0 || c.x >= n_ || c.y >= n_) continue;
            std::uint64_t* column = p.column(c.x / 64, stride_);
            std::uint64_t& w = column[1 + c.y];
            const std::uint64_t bit = std::uint64_t(1) << (c.x % 64);
            if (bool(w & bit) == set) continue;
            w ^= bit;
            if (c.y == 0) column[n_ + 1] = w;
            if (c.y == n_ - 1) column[0] = w;
            const auto t = std::uint32_t((c.y / kSoupTileRows) * tiles_x_ + c.x / 64);
            set_population(p, t, p.population[t] + (set ? 1 : -1));
            edited_.add(t);
        }
        flush_cpu(p);
        for (const std::uint32_t t : edited_.list()) {
            p.stale.add(t);
            forced_[0].add(t);
            forced_[1].add(t);
            // Its neighbours read it in the next step.
            const std::int64_t tx = t & (tiles_x_ - 1), ty = t >> x_shift_;
            for (std::int64_t dy = -1; dy <= 1; ++dy)
                for (std::int64_t dx = -1; dx <= 1; ++dx) forced_[0].add(tile(tx + dx, ty + dy));
        }
    }

    std::uint32_t tile(std::int64_t tx, std::int64_t ty) const {
        return std::uint32_t(((ty & (tiles_y_ - 1)) << x_shift_) | (tx & (tiles_x_ - 1)));
    }

    void step_one() {
        Plane &src = planes_[cur_], &dst = planes_[1 - cur_];
        // The tiles within one cell of a change (against two generations
        // back) or of an edit.
        need_.clear();
        for (const std::uint32_t t : src.changed) {
            const std::uint16_t c = src.changes[t];
            const std::int64_t tx = t & (tiles_x_ - 1), ty = t >> x_shift_;
            need_.add(t);
            const Reach& reach = kReach[(c >> 1) & 255];
            for (int k = 0; k < reach.count; ++k)
                need_.add(tile(tx + reach.dx[k], ty + reach.dy[k]));
        }
        for (const std::uint32_t t : forced_[0].list()) need_.add(t);
        // What dst's last write changed is forgotten: it is overwritten now.
        for (const std::uint32_t t : dst.changed) dst.changes[t] = 0;
        dst.changed.clear();
        const std::span<const std::uint32_t> need = need_.list();
        if (!need.empty()) {
            changes_.resize(need.size());
            populations_.resize(need.size());
            SoupTilesArgs a;
            a.src = src.column(0, stride_);
            a.dst = dst.column(0, stride_);
            a.column_stride = stride_;
            a.side = n_;
            a.tiles_x = tiles_x_;
            a.tiles_y = tiles_y_;
            a.tiles = need.data();
            a.count = need.size();
            a.rule = &rule_;
            a.changes = changes_.data();
            a.population = populations_.data();
            kernel_(a);
            for (std::size_t i = 0; i < need.size(); ++i) {
                if (!changes_[i]) continue;
                const std::uint32_t t = need[i];
                dst.changes[t] = changes_[i];
                dst.changed.push_back(t);
                dst.stale.add(t);
                set_population(dst, t, populations_[i]);
            }
            flush_cpu(dst);
        }
        std::swap(forced_[0], forced_[1]);
        forced_[1].clear();
        cur_ = 1 - cur_;
        ++generation_;
    }

    CompiledRule rule_;
    SoupTilesKernel kernel_ = nullptr;
    std::string isa_;
    const std::int64_t n_, tiles_x_, tiles_y_, tiles_, stride_, row_words_, cpu_tiles_x_;
    const int x_shift_;  // tiles_x_ is a power of two
    int cur_ = 0;
    std::uint64_t generation_ = 0;
    Plane planes_[2];
    // Tiles to compute in the next step ([0]) and the one after, for edits.
    TileSet forced_[2];
    // Scratch.
    TileSet need_, edited_;
    std::vector<std::uint16_t> changes_, populations_;
    mutable std::vector<std::uint64_t> tiles_of_row_;  // for_each_live_word's
    std::vector<std::int64_t> cpu_delta_;              // per CPU backend tile, this step
    std::vector<std::uint32_t> cpu_touched_;
};

}  // namespace

std::unique_ptr<Universe> make_census_torus(const Rule& rule, std::int64_t side) {
    if (side < 256 || !std::has_single_bit(std::uint64_t(side)) || side > (std::int64_t(1) << 16))
        return nullptr;
    if (rule.needs_multistate_backend() || rule.stochastic() || rule.births_on_zero())
        return nullptr;
    return std::make_unique<CensusTorus>(rule, side);
}

}  // namespace toroid::detail
