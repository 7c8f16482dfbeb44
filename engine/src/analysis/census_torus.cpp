#include "census_torus.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "../cpu/soup_rows.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/splitmix64.hpp"

namespace toroid::detail {
namespace {

using Bits = std::vector<std::uint64_t>;  // one bit per row

class CensusTorus final : public Universe {
  public:
    CensusTorus(const Rule& rule, std::int64_t side)
        : rule_(rule.compile()),
          n_(side),
          words_(side / 64),
          stride_(side / 64 + 2),
          bit_words_(side / 64),
          tiles_x_((side / 64 + 7) / 8),
          tiles_((side + 31) / 32 * ((side / 64 + 7) / 8)),
          columns_(side / 256),
          all_columns_(columns_ >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << columns_) - 1) {
        kernel_ = select_soup_rows(&isa_);
        const auto per_column = std::size_t(columns_ * bit_words_);
        for (int p = 0; p < 2; ++p) {
            plane_[p].assign(std::size_t(n_ * stride_), 0);
            nonzero_[p].assign(per_column, 0);
            changed_[p].assign(per_column, 0);
            west_[p].assign(per_column, 0);
            east_[p].assign(per_column, 0);
            forced_[p].assign(per_column, 0);
            stale_[p].assign(per_column, 0);
            row_hash_[p].assign(std::size_t(columns_ * n_), 0);
            tile_pop_[p].assign(std::size_t(tiles_), 0);
        }
        need_.assign(per_column, 0);
        edited_.assign(per_column, 0);
        rows_.assign(std::size_t(bit_words_), 0);
        tile_delta_.assign(std::size_t(tiles_), 0);
        touched_flag_.assign(std::size_t(tiles_), 0);
        touched_.assign(std::size_t(tiles_), 0);
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
        for (int p = 0; p < 2; ++p) {
            for_each_bit(live_rows(p), [&](std::int64_t y) {
                std::fill_n(plane_[p].begin() + y * stride_, stride_, 0);
            });
            for (Bits* b :
                 {&nonzero_[p], &changed_[p], &west_[p], &east_[p], &forced_[p], &stale_[p]})
                std::fill(b->begin(), b->end(), 0);
            std::fill(row_hash_[p].begin(), row_hash_[p].end(), 0);
            std::fill(tile_pop_[p].begin(), tile_pop_[p].end(), 0);
            total_pop_[p] = total_sig_[p] = total_hash_[p] = 0;
            changed_columns_[p] = forced_columns_[p] = west_columns_[p] = east_columns_[p] = 0;
            stale_columns_[p] = 0;
            changed_span_[p] = forced_span_[p] = {};
        }
        cur_ = 0;
        generation_ = generation;
        for (const Cell& c : cells) {
            if (!inside(c)) continue;
            std::uint64_t& w = word(cur_, c);
            const std::uint64_t bit = std::uint64_t(1) << (c.x % 64);
            if (w & bit) continue;
            w |= bit;
            add_population(cur_, c, 1);
            mark_edit(c);
        }
        finish_edits();
    }

    Grid grid() const override {
        Grid g(n_, n_);
        const std::int64_t per_row = g.words_per_row();
        for_each_bit(live_rows(cur_), [&](std::int64_t y) {
            const std::uint64_t* row = plane_[cur_].data() + y * stride_ + 1;
            for (std::int64_t j = 0; j < words_; ++j)
                g.words()[std::size_t(y * per_row + j)] = row[stored_word(j)];
        });
        return g;
    }

    void step(std::uint64_t generations) override {
        for (std::uint64_t g = 0; g < generations; ++g) step_one();
    }

    std::uint64_t population() const override { return std::uint64_t(total_pop_[cur_]); }
    std::uint64_t signature() const override { return total_sig_[cur_]; }
    bool signature_is_hash() const override { return false; }

    std::uint64_t hash() const override {
        const int p = cur_;
        for (std::uint64_t cols = stale_columns_[p]; cols; cols &= cols - 1) {
            const std::int64_t c = std::countr_zero(cols);
            std::uint64_t* stale = stale_[p].data() + c * bit_words_;
            std::uint64_t* hashes = row_hash_[p].data() + c * n_;
            for_each_bit(stale, [&](std::int64_t y) {
                const std::uint64_t* q = plane_[p].data() + y * stride_ + 1 + 4 * c;
                const auto j = std::uint64_t(y * words_);
                std::uint64_t h = 0;
                for (std::int64_t l = 0; l < 4; ++l)
                    h += hash_word(j + std::uint64_t(real_word(4 * c + l)), q[l]);
                total_hash_[p] += h - hashes[y];
                hashes[y] = h;
            });
            std::fill_n(stale, bit_words_, 0);
        }
        stale_columns_[p] = 0;
        return hash_finish(n_, n_, total_hash_[p]);
    }

    std::vector<Cell> cells() const override {
        std::vector<Cell> out;
        out.reserve(std::size_t(total_pop_[cur_]));
        const std::uint64_t* nonzero = nonzero_[cur_].data();
        for_each_bit(live_rows(cur_), [&](std::int64_t y) {
            const std::uint64_t* row = plane_[cur_].data() + y * stride_ + 1;
            const std::uint64_t bit = std::uint64_t(1) << (y % 64);
            // In the order of x: from the stored word of cell 0 on.
            for (std::int64_t j = 0; j < words_; ++j) {
                const std::int64_t at = stored_word(j);
                if (!(nonzero[(at / 4) * bit_words_ + y / 64] & bit)) continue;
                for (std::uint64_t w = row[at]; w; w &= w - 1)
                    out.push_back({j * 64 + std::countr_zero(w), y});
            }
        });
        return out;
    }

    void clear_cells(std::span<const Cell> cells) override {
        for (const Cell& c : cells) {
            if (!inside(c)) continue;
            std::uint64_t& w = word(cur_, c);
            const std::uint64_t bit = std::uint64_t(1) << (c.x % 64);
            if (!(w & bit)) continue;
            w &= ~bit;
            add_population(cur_, c, -1);
            mark_edit(c);
        }
        finish_edits();
    }

  private:
    // Bit y of b (one bitset of rows), in increasing y.
    template <class F>
    void for_each_bit(const std::uint64_t* b, F&& f) const {
        for (std::int64_t w = 0; w < bit_words_; ++w)
            for (std::uint64_t m = b[w]; m; m &= m - 1) f(w * 64 + std::countr_zero(m));
    }
    template <class F>
    void for_each_bit(const Bits& b, F&& f) const {
        for_each_bit(b.data(), f);
    }
    std::uint64_t* column(Bits& b, std::int64_t c) { return b.data() + c * bit_words_; }

    // Rows of plane p holding cells: the union of its columns' (scratch).
    const std::uint64_t* live_rows(int p) const {
        std::fill(rows_.begin(), rows_.end(), 0);
        for (std::int64_t c = 0; c < columns_; ++c)
            for (std::int64_t w = 0; w < bit_words_; ++w)
                rows_[std::size_t(w)] |= nonzero_[p][std::size_t(c * bit_words_ + w)];
        return rows_.data();
    }

    // The stored plane is the torus turned by kTurn words: word j of a row
    // is stored at (j + kTurn) mod words. A soup, centred at side / 2 (a
    // multiple of 256 cells from 512 on), then sits in the middle of a
    // vector column, not astride two.
    static constexpr std::int64_t kTurn = 2;
    std::int64_t stored_word(std::int64_t j) const {
        return j + kTurn < words_ ? j + kTurn : j + kTurn - words_;
    }
    std::int64_t real_word(std::int64_t s) const {
        return s >= kTurn ? s - kTurn : s - kTurn + words_;
    }

    bool inside(const Cell& c) const { return c.x >= 0 && c.y >= 0 && c.x < n_ && c.y < n_; }
    std::uint64_t& word(int p, const Cell& c) {
        return plane_[p][std::size_t(c.y * stride_ + 1 + stored_word(c.x / 64))];
    }

    // The CPU backend's tile of a cell, and its share of the signature
    // (TileBooks::signature).
    std::int64_t tile_of(std::int64_t x, std::int64_t y) const {
        return (y / 32) * tiles_x_ + (x / 64) / 8;
    }
    static std::uint64_t tile_signature(std::int64_t t, std::int64_t population) {
        return population == 0 ? 0
                               : splitmix64((std::uint64_t(t) << 32) ^ std::uint64_t(population));
    }
    void set_tile_population(int p, std::int64_t t, std::int64_t population) {
        std::int64_t& pop = tile_pop_[p][std::size_t(t)];
        total_pop_[p] += population - pop;
        total_sig_[p] += tile_signature(t, population) - tile_signature(t, pop);
        pop = population;
    }
    void add_population(int p, const Cell& c, std::int64_t d) {
        const std::int64_t t = tile_of(c.x, c.y);
        set_tile_population(p, t, tile_pop_[p][std::size_t(t)] + d);
    }

    // Cells of the current plane edited by start() or clear_cells(): their
    // rows' books and guard words, and the rows (of their columns) the next
    // two steps must compute: the plane two generations back, which a
    // step keeps where nothing near changed, no longer leads to this one.
    void mark_edit(const Cell& cell) {
        const std::int64_t c = stored_word(cell.x / 64) / 4;
        column(edited_, c)[cell.y / 64] |= std::uint64_t(1) << (cell.y % 64);
        edited_columns_ |= std::uint64_t(1) << c;
        edited_span_ = edited_span_ | Span{cell.y / 64, cell.y / 64 + 1};
    }
    void finish_edits() {
        for (std::uint64_t cols = edited_columns_; cols; cols &= cols - 1) {
            const std::int64_t c = std::countr_zero(cols);
            std::uint64_t* edited = column(edited_, c);
            std::uint64_t* nonzero = column(nonzero_[cur_], c);
            for_each_bit(edited, [&](std::int64_t y) {
                std::uint64_t* row = plane_[cur_].data() + y * stride_;
                row[0] = row[words_];
                row[words_ + 1] = row[1];
                const std::uint64_t* q = row + 1 + 4 * c;
                const std::uint64_t bit = std::uint64_t(1) << (y % 64);
                std::uint64_t& nz = nonzero[y / 64];
                nz = (q[0] | q[1] | q[2] | q[3]) != 0 ? nz | bit : nz & ~bit;
            });
            for (std::int64_t w = 0; w < bit_words_; ++w) {
                column(stale_[cur_], c)[w] |= edited[w];
                column(forced_[0], c)[w] |= edited[w];
                column(forced_[1], c)[w] |= edited[w];
                edited[w] = 0;
            }
        }
        stale_columns_[cur_] |= edited_columns_;
        forced_columns_[0] |= edited_columns_;
        forced_columns_[1] |= edited_columns_;
        forced_span_[0] = forced_span_[0] | edited_span_;
        forced_span_[1] = forced_span_[1] | edited_span_;
        edited_columns_ = 0;
        edited_span_ = {};
    }

    // Columns c-1, c, c+1 of a mask, around the torus.
    std::uint64_t spread(std::uint64_t m) const {
        if (columns_ == 1) return m;
        const std::uint64_t west = (m << 1) | (m >> (columns_ - 1)),
                            east = (m >> 1) | (m << (columns_ - 1));
        return (m | west | east) & all_columns_;
    }

    // Bit words [lo, end) of a set of row bitsets outside which they are zero.
    struct Span {
        std::int64_t lo = 0, end = 0;
        bool empty() const { return lo >= end; }
        Span operator|(const Span& o) const {
            if (empty()) return o;
            if (o.empty()) return *this;
            return {std::min(lo, o.lo), std::max(end, o.end)};
        }
    };

    // Column c of a mask moved to c-1 (to_west) or c+1 (to_east), around the torus.
    std::uint64_t to_west(std::uint64_t m) const {
        return ((m >> 1) | (m << (columns_ - 1))) & all_columns_;
    }
    std::uint64_t to_east(std::uint64_t m) const {
        return ((m << 1) | (m >> (columns_ - 1))) & all_columns_;
    }

    void step_one() {
        const int nxt = 1 - cur_;
        // Rows within one of a row that changed (or was edited) in the same
        // column or the next ones, around the torus.
        // Column c reads its neighbours' edge cells: it is computed where
        // it changed, where column c+1's first cell or column c-1's last
        // changed, and within one column of an edit.
        const std::uint64_t changed_here = changed_columns_[cur_];
        const std::uint64_t columns = changed_here | to_west(west_columns_[cur_]) |
                                      to_east(east_columns_[cur_]) | spread(forced_columns_[0]);
        const Span from = (changed_here ? changed_span_[cur_] : Span{}) |
                          (forced_columns_[0] ? forced_span_[0] : Span{});
        Span span{from.lo - 1, from.end + 1};
        const bool around = span.lo < 0 || span.end > bit_words_;  // the bitsets wrap
        if (around) span = {0, bit_words_};
        if (from.empty()) span = {};
        for (std::uint64_t cols = columns; cols; cols &= cols - 1) {
            const std::int64_t c = std::countr_zero(cols);
            const std::int64_t west = c == 0 ? columns_ - 1 : c - 1,
                               east = c + 1 == columns_ ? 0 : c + 1;
            // The bitsets whose rows (within one) column c computes: zero
            // outside `from`.
            const std::uint64_t* src[6];
            int k = 0;
            if ((changed_here >> c) & 1) src[k++] = column(changed_[cur_], c);
            if ((east_columns_[cur_] >> west) & 1) src[k++] = column(east_[cur_], west);
            if ((west_columns_[cur_] >> east) & 1) src[k++] = column(west_[cur_], east);
            for (const std::int64_t f : {west, c, east})
                if ((forced_columns_[0] >> f) & 1 && (f == c || columns_ > 1))
                    src[k++] = column(forced_[0], f);
            std::uint64_t* need = column(need_, c);
            for (std::int64_t w = span.lo; w < span.end; ++w) {
                std::uint64_t v = 0;
                for (int i = 0; i < k; ++i) v |= src[i][w];
                need[w] = v;
            }
            const std::int64_t last = span.end - 1;
            const std::uint64_t first = need[span.lo];
            std::uint64_t prev = around ? need[last] : 0;
            for (std::int64_t w = span.lo; w <= last; ++w) {
                const std::uint64_t b = need[w], next = w < last ? need[w + 1] : around ? first : 0;
                need[w] = b | (b << 1) | (prev >> 63) | (b >> 1) | (next << 63);
                prev = b;
            }
        }
        // What the plane's last write changed is forgotten (overwritten in
        // the columns computed now).
        for (std::uint64_t cols = changed_columns_[nxt]; cols; cols &= cols - 1)
            for (Bits* b : {&changed_[nxt], &west_[nxt], &east_[nxt]}) {
                std::uint64_t* ch = column(*b, std::countr_zero(cols));
                std::fill(ch + changed_span_[nxt].lo, ch + changed_span_[nxt].end, 0);
            }
        west_columns_[nxt] = east_columns_[nxt] = 0;
        std::uint64_t changed = 0;
        if (columns && !span.empty()) {
            SoupRowsArgs a;
            a.src = plane_[cur_].data();
            a.dst = plane_[nxt].data();
            a.stride = stride_;
            a.words = words_;
            a.height = n_;
            a.need = need_.data();
            a.first_word = span.lo;
            a.end_word = span.end;
            a.columns = columns;
            a.rule = &rule_;
            a.changed = changed_[nxt].data();
            a.nonzero = nonzero_[nxt].data();
            a.stale = stale_[nxt].data();
            a.west = west_[nxt].data();
            a.east = east_[nxt].data();
            a.tile_delta = tile_delta_.data();
            a.tiles_x = tiles_x_;
            a.turn = kTurn;
            a.touched = touched_.data();
            a.touched_flag = touched_flag_.data();
            a.changed_first = span.end;
            a.changed_end = span.lo;
            changed = kernel_(a);
            changed_span_[nxt] = {a.changed_first, a.changed_end};
            west_columns_[nxt] = a.west_columns;
            east_columns_[nxt] = a.east_columns;
            for (std::size_t i = 0; i < a.touched_count; ++i) {
                const std::uint32_t t = touched_[i];
                set_tile_population(nxt, t, tile_pop_[nxt][t] + tile_delta_[t]);
                tile_delta_[t] = 0;
                touched_flag_[t] = 0;
            }
        }
        changed_columns_[nxt] = changed;
        stale_columns_[nxt] |= changed;
        if (!changed) changed_span_[nxt] = {};
        for (std::uint64_t cols = forced_columns_[0]; cols; cols &= cols - 1) {
            std::uint64_t* f = column(forced_[0], std::countr_zero(cols));
            std::fill(f + forced_span_[0].lo, f + forced_span_[0].end, 0);
        }
        std::swap(forced_[0], forced_[1]);
        forced_columns_[0] = forced_columns_[1];
        forced_span_[0] = forced_span_[1];
        forced_columns_[1] = 0;
        forced_span_[1] = {};
        cur_ = nxt;
        ++generation_;
    }

    CompiledRule rule_;
    SoupRowsKernel kernel_ = nullptr;
    std::string isa_;
    const std::int64_t n_, words_, stride_, bit_words_, tiles_x_, tiles_, columns_;
    const std::uint64_t all_columns_;
    int cur_ = 0;
    std::uint64_t generation_ = 0;
    std::vector<std::uint64_t> plane_[2];
    // Per plane, one bitset of rows per vector column: rows holding cells,
    // rows changed by its last write (in the columns of changed_columns_).
    Bits nonzero_[2], changed_[2];
    std::uint64_t changed_columns_[2] = {0, 0};
    // Per plane and column, the rows whose first (west) or last (east) cell
    // changed in its last write: what the neighbour columns read.
    Bits west_[2], east_[2];
    std::uint64_t west_columns_[2] = {0, 0}, east_columns_[2] = {0, 0};
    Span changed_span_[2];
    // Per plane, rows whose hash is stale, and each row's share of the hash.
    mutable Bits stale_[2];  // per column
    mutable std::uint64_t stale_columns_[2] = {0, 0};
    mutable std::vector<std::uint64_t> row_hash_[2];
    mutable std::uint64_t total_hash_[2] = {0, 0};
    std::vector<std::int64_t> tile_pop_[2];
    std::int64_t total_pop_[2] = {0, 0};
    std::uint64_t total_sig_[2] = {0, 0};
    // Edited rows per column, to compute in the next step ([0]) and the one after.
    Bits forced_[2];
    std::uint64_t forced_columns_[2] = {0, 0};
    Span forced_span_[2];
    // Scratch.
    Bits need_, edited_;
    std::uint64_t edited_columns_ = 0;
    Span edited_span_;
    mutable Bits rows_;
    std::vector<std::int64_t> tile_delta_;
    std::vector<std::uint8_t> touched_flag_;
    std::vector<std::uint32_t> touched_;
};

}  // namespace

std::unique_ptr<Universe> make_census_torus(const Rule& rule, std::int64_t side) {
    if (side < 256 || side % 256 != 0 || side / 256 > 64) return nullptr;
    if (rule.needs_multistate_backend() || rule.stochastic() || rule.births_on_zero())
        return nullptr;
    return std::make_unique<CensusTorus>(rule, side);
}

}  // namespace toroid::detail
