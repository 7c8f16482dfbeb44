// SparseLife: tile scheduling, the per-tile update, incremental counters.
#include "toroid/analysis/sparse_life.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/error.hpp"

namespace toroid {

bool sparse_life_supports(const Rule& rule, std::int64_t width, std::int64_t height) {
    return !rule.stochastic() && !rule.births_on_zero() && width >= 64 && height >= 64 &&
           width % 64 == 0 && height % 64 == 0;
}

SparseLife::SparseLife(const Rule& rule, std::int64_t width, std::int64_t height) {
    if (!sparse_life_supports(rule, width, height))
        throw InputError(
            "the sparse simulator needs a deterministic rule without birth on 0 and a torus whose "
            "sides are multiples of 64 (got rule " +
            rule.to_string() + ", torus " + std::to_string(width) + "x" + std::to_string(height) +
            ")");
    check_grid_fits(width, height, 2);
    rule_ = rule.compile();
    life_ = is_life(rule_);
    tiles_x_ = width / 64;
    tiles_y_ = height / 64;
    const std::size_t n = std::size_t(tiles_x_ * tiles_y_);
    for (int b = 0; b < 2; ++b) {
        buf_[b].assign(n * 64, 0);
        pop_[b].assign(n, 0);
        hash_[b].assign(n, 0);
    }
    forced_.assign(n, 0);
    edges_.assign(n, 0);
    stamp_.assign(n, 0);
}

std::uint64_t SparseLife::tile_hash(std::size_t t, const std::uint64_t* rows) const {
    const std::int64_t tx = std::int64_t(t) % tiles_x_, ty = std::int64_t(t) / tiles_x_;
    std::uint64_t h = 0;
    for (std::int64_t r = 0; r < 64; ++r)
        if (rows[r]) h += hash_word(std::uint64_t((ty * 64 + r) * tiles_x_ + tx), rows[r]);
    return h;
}

void SparseLife::force(std::size_t t) {
    if (forced_[t] == 0) dirty_.push_back(std::uint32_t(t));
    forced_[t] = 2;
}

void SparseLife::load(const Grid& g, std::uint64_t generation) {
    if (g.width() != width() || g.height() != height())
        throw InputError("grid " + std::to_string(g.width()) + "x" + std::to_string(g.height()) +
                         " does not match the " + std::to_string(width()) + "x" +
                         std::to_string(height()) + " universe");
    for (int b = 0; b < 2; ++b) {
        std::fill(buf_[b].begin(), buf_[b].end(), 0);
        std::fill(pop_[b].begin(), pop_[b].end(), 0);
        std::fill(hash_[b].begin(), hash_[b].end(), 0);
        total_pop_[b] = total_hash_[b] = 0;
    }
    std::fill(forced_.begin(), forced_.end(), 0);
    dirty_.clear();
    cur_ = 0;
    generation_ = generation;
    for (std::int64_t y = 0; y < height(); ++y) {
        auto row = g.row(y);
        for (std::int64_t tx = 0; tx < tiles_x_; ++tx) {
            if (!row[std::size_t(tx)]) continue;
            const std::size_t t = std::size_t((y / 64) * tiles_x_ + tx);
            tile(0, t)[y % 64] = row[std::size_t(tx)];
        }
    }
    for (std::size_t t = 0; t < forced_.size(); ++t) {
        const std::uint64_t* rows = tile(0, t);
        std::uint64_t p = 0;
        for (int r = 0; r < 64; ++r) p += std::uint64_t(std::popcount(rows[r]));
        if (!p) continue;
        pop_[0][t] = p;
        hash_[0][t] = tile_hash(t, rows);
        total_pop_[0] += p;
        total_hash_[0] += hash_[0][t];
        force(t);
    }
}

Grid SparseLife::grid() const {
    Grid g(width(), height());
    for (std::size_t t = 0; t < forced_.size(); ++t) {
        if (!pop_[cur_][t]) continue;
        const std::int64_t tx = std::int64_t(t) % tiles_x_, ty = std::int64_t(t) / tiles_x_;
        const std::uint64_t* rows = tile(cur_, t);
        for (int r = 0; r < 64; ++r) g.row(ty * 64 + r)[std::size_t(tx)] = rows[r];
    }
    return g;
}

std::uint64_t SparseLife::hash() const {
    return hash_finish(width(), height(), total_hash_[cur_]);
}

std::vector<Cell> SparseLife::cells() const {
    // Non-empty tiles in row-major order, then cells row by row across each
    // band of tiles: the output comes out sorted by (y, x) without a sort.
    std::vector<std::size_t> live;
    for (std::size_t t = 0; t < forced_.size(); ++t)
        if (pop_[cur_][t]) live.push_back(t);
    std::vector<Cell> out;
    out.reserve(total_pop_[cur_]);
    for (std::size_t b = 0; b < live.size();) {
        const std::int64_t ty = std::int64_t(live[b]) / tiles_x_;
        std::size_t e = b;
        while (e < live.size() && std::int64_t(live[e]) / tiles_x_ == ty) ++e;
        for (int r = 0; r < 64; ++r)
            for (std::size_t i = b; i < e; ++i) {
                const std::int64_t tx = std::int64_t(live[i]) % tiles_x_;
                for (std::uint64_t w = tile(cur_, live[i])[r]; w; w &= w - 1)
                    out.push_back({tx * 64 + std::countr_zero(w), ty * 64 + r});
            }
        b = e;
    }
    return out;
}

void SparseLife::clear_cells(std::span<const Cell> cells) {
    std::vector<std::size_t> touched;
    for (const Cell& c : cells) {
        const std::int64_t x = ((c.x % width()) + width()) % width(),
                           y = ((c.y % height()) + height()) % height();
        const std::size_t t = std::size_t((y / 64) * tiles_x_ + x / 64);
        std::uint64_t& w = tile(cur_, t)[y % 64];
        const std::uint64_t bit = std::uint64_t(1) << (x % 64);
        if (!(w & bit)) continue;
        w &= ~bit;
        --pop_[cur_][t];
        --total_pop_[cur_];
        touched.push_back(t);
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (std::size_t t : touched) {
        total_hash_[cur_] -= hash_[cur_][t];
        hash_[cur_][t] = tile_hash(t, tile(cur_, t));
        total_hash_[cur_] += hash_[cur_][t];
        force(t);
    }
}

// Cloned per instruction set: the row loops vectorise (AVX-512: 8 rows at a time).
__attribute__((target_clones("arch=sapphirerapids", "avx2", "default"))) std::uint64_t
SparseLife::compute_tile(std::size_t t, std::uint64_t* out) const {
    const std::int64_t tx = std::int64_t(t) % tiles_x_, ty = std::int64_t(t) / tiles_x_;
    auto at = [&](std::int64_t dx, std::int64_t dy) {
        const std::int64_t x = (tx + dx + tiles_x_) % tiles_x_, y = (ty + dy + tiles_y_) % tiles_y_;
        return tile(cur_, std::size_t(y * tiles_x_ + x));
    };
    // Rows -1..64 of the tile column and its west/east neighbours.
    std::uint64_t L[66], M[66], R[66];
    const std::uint64_t *ul = at(-1, -1), *um = at(0, -1), *ur = at(1, -1);
    const std::uint64_t *ml = at(-1, 0), *mm = at(0, 0), *mr = at(1, 0);
    const std::uint64_t *dl = at(-1, 1), *dm = at(0, 1), *dr = at(1, 1);
    L[0] = ul[63], M[0] = um[63], R[0] = ur[63];
    L[65] = dl[0], M[65] = dm[0], R[65] = dr[0];
    for (int r = 0; r < 64; ++r) L[r + 1] = ml[r], M[r + 1] = mm[r], R[r + 1] = mr[r];
    std::uint64_t W[66], E[66];
    for (int i = 0; i < 66; ++i) {
        W[i] = shift_west(M[i], L[i]);
        E[i] = shift_east(M[i], R[i]);
    }
    const Neighbourhood nb = rule_.neighbourhood;
    if (nb == Neighbourhood::Moore) {
        RowSums<std::uint64_t> s[66];
        for (int i = 0; i < 66; ++i) s[i] = row_sums(W[i], M[i], E[i]);
        if (life_) {
            for (int r = 0; r < 64; ++r)
                out[r] = apply_life(M[r + 1], moore_count(s[r], s[r + 1], s[r + 2]));
        } else {
            for (int r = 0; r < 64; ++r)
                out[r] = apply_rule(M[r + 1], moore_count(s[r], s[r + 1], s[r + 2]), rule_.birth,
                                    rule_.survive);
        }
    } else if (nb == Neighbourhood::Hexagonal) {
        for (int r = 0; r < 64; ++r)
            out[r] =
                apply_rule(M[r + 1], hex_count(W[r], M[r], W[r + 1], E[r + 1], M[r + 2], E[r + 2]),
                           rule_.birth, rule_.survive);
    } else {
        for (int r = 0; r < 64; ++r)
            out[r] = apply_rule(M[r + 1], von_neumann_count(M[r], W[r + 1], E[r + 1], M[r + 2]),
                                rule_.birth, rule_.survive);
    }
    std::uint64_t p = 0;
    for (int r = 0; r < 64; ++r) p += std::uint64_t(std::popcount(out[r]));
    return p;
}

void SparseLife::step(std::uint64_t generations) {
    for (std::uint64_t g = 0; g < generations; ++g) {
        if (++stamp_now_ == 0) {
            std::fill(stamp_.begin(), stamp_.end(), 0);
            stamp_now_ = 1;
        }
        active_.clear();
        std::sort(dirty_.begin(), dirty_.end());
        dirty_.erase(std::unique(dirty_.begin(), dirty_.end()), dirty_.end());
        for (std::uint32_t t : dirty_) {
            // A neighbour needs recomputing only when the border it reads changed.
            const std::uint16_t e = forced_[t] ? std::uint16_t(0x1FF) : edges_[t];
            const std::int64_t tx = t % tiles_x_, ty = t / tiles_x_;
            for (std::int64_t dy = -1; dy <= 1; ++dy)
                for (std::int64_t dx = -1; dx <= 1; ++dx) {
                    if (!(e & edge_bit9(dx, dy))) continue;
                    const std::int64_t x = (tx + dx + tiles_x_) % tiles_x_,
                                       y = (ty + dy + tiles_y_) % tiles_y_;
                    const std::uint32_t u = std::uint32_t(y * tiles_x_ + x);
                    if (stamp_[u] == stamp_now_) continue;
                    stamp_[u] = stamp_now_;
                    active_.push_back(u);
                }
        }
        const int nxt = 1 - cur_;
        std::vector<std::uint32_t> next_dirty;
        next_dirty.reserve(active_.size());
        for (std::uint32_t t : active_) {
            std::uint64_t fresh[64];
            const std::uint64_t p = compute_tile(t, fresh);
            std::uint64_t* old = tile(nxt, t);
            std::uint64_t diff = 0;
            for (int r = 0; r < 64; ++r) diff |= fresh[r] ^ old[r];
            ++tiles_computed_;
            if (!diff) continue;
            const std::uint64_t top = fresh[0] ^ old[0], bottom = fresh[63] ^ old[63];
            std::uint16_t e = edge_bit9(0, 0);
            if (top) e = std::uint16_t(e | edge_bit9(0, -1));
            if (bottom) e = std::uint16_t(e | edge_bit9(0, 1));
            if (diff & 1) e = std::uint16_t(e | edge_bit9(-1, 0));
            if (diff >> 63) e = std::uint16_t(e | edge_bit9(1, 0));
            if (top & 1) e = std::uint16_t(e | edge_bit9(-1, -1));
            if (top >> 63) e = std::uint16_t(e | edge_bit9(1, -1));
            if (bottom & 1) e = std::uint16_t(e | edge_bit9(-1, 1));
            if (bottom >> 63) e = std::uint16_t(e | edge_bit9(1, 1));
            edges_[t] = e;
            std::copy(fresh, fresh + 64, old);
            total_pop_[nxt] += p - pop_[nxt][t];
            pop_[nxt][t] = p;
            const std::uint64_t h = p ? tile_hash(t, fresh) : 0;
            total_hash_[nxt] += h - hash_[nxt][t];
            hash_[nxt][t] = h;
            next_dirty.push_back(t);
        }
        // Forced tiles stay scheduled for their remaining steps.
        for (std::uint32_t t : dirty_) {
            if (forced_[t] == 0) continue;
            if (--forced_[t] > 0) next_dirty.push_back(t);
        }
        std::sort(next_dirty.begin(), next_dirty.end());
        next_dirty.erase(std::unique(next_dirty.begin(), next_dirty.end()), next_dirty.end());
        dirty_.swap(next_dirty);
        cur_ = nxt;
        ++generation_;
    }
}

}  // namespace toroid
