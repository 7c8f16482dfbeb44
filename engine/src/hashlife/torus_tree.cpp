// TorusTree (contract in toroid/hashlife/torus_tree.hpp).
#include "toroid/hashlife/torus_tree.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "toroid/core/grid_hash.hpp"
#include "toroid/error.hpp"

namespace toroid::hashlife {

namespace {

std::int64_t wrap(std::int64_t v, std::int64_t m) {
    const std::int64_t r = v % m;
    return r < 0 ? r + m : r;
}

bool power_of_two_side(std::int64_t v) {
    return v >= 8 && v <= (std::int64_t(1) << 62) && std::has_single_bit(std::uint64_t(v));
}

// Cells [c, c + n) of a canonical row (n <= 8, c >= 0, may run past the
// row's end: those cells read as dead), as bits 0..n-1.
std::uint64_t row_cells(const std::uint64_t* row, std::int64_t words, std::int64_t c, int n) {
    const std::int64_t w = c >> 6;
    const int off = int(c & 63);
    if (w >= words) return 0;
    std::uint64_t v = row[w] >> off;
    if (off + n > 64 && w + 1 < words) v |= row[w + 1] << (64 - off);
    return v & ((std::uint64_t(1) << n) - 1);
}

// ORs bits 0..n-1 into a canonical row from cell c on (0 <= c, c + n <= width).
void or_cells(std::uint64_t* row, std::int64_t c, std::uint64_t bits, int n) {
    bits &= (std::uint64_t(1) << n) - 1;
    if (!bits) return;
    const std::int64_t w = c >> 6;
    const int off = int(c & 63);
    row[w] |= bits << off;
    if (off + n > 64) row[w + 1] |= bits >> (64 - off);
}

}  // namespace

void check_torus_shape(std::int64_t width, std::int64_t height, const char* owner) {
    if (power_of_two_side(width) && power_of_two_side(height)) return;
    auto suggest = [](std::int64_t v) {
        if (v < 8) return std::int64_t(8);
        if (v > (std::int64_t(1) << 62)) return std::int64_t(1) << 62;
        return std::int64_t(std::bit_ceil(std::uint64_t(v)));
    };
    throw InputError(std::string(owner) + " runs tori whose sides are powers of two from 8 to " +
                     "2^62; " + std::to_string(width) + " x " + std::to_string(height) +
                     " is not one (e.g. " + std::to_string(suggest(width)) + "x" +
                     std::to_string(suggest(height)) +
                     "); other sizes run on the cpu backend (--backend cpu)");
}

// A rectangle [x0, x0 + w) x [y0, y0 + h) inside the torus's fundamental
// domain, and where it sits in a Grid (read: the target; write: the source).
struct TorusTree::Piece {
    std::int64_t x0, y0, w, h;
    std::int64_t gx, gy;  // grid cell of torus cell (x0, y0)
    const Grid* src = nullptr;
};

TorusTree::TorusTree(Stepper& stepper, std::int64_t width, std::int64_t height)
    : stepper_(stepper), store_(stepper.store()) {
    check_torus_shape(width, height, "the hashlife backend");
    log2_width_ = std::countr_zero(std::uint64_t(width));
    log2_height_ = std::countr_zero(std::uint64_t(height));
    level_ = std::max(log2_width_, log2_height_);
    root_ = store_.empty(level_);
    store_.pin(root_);
}

TorusTree::~TorusTree() {
    store_.unpin(root_);
}

void TorusTree::set_root(NodeId root) {
    store_.pin(root);
    store_.unpin(root_);
    root_ = root;
}

void TorusTree::clear() {
    set_root(store_.empty(level_));
}

NodeId TorusTree::step_pow2(NodeId t, int j) {
    NodeStore::Frame frame(store_);
    store_.push(t);
    if (j <= level_ - 1) {
        const NodeId x = store_.push(store_.node(t, t, t, t));
        const NodeId r = store_.push(stepper_.advance(x, j));
        return stepper_.centre_of(r, r, r, r);
    }
    NodeId x = t;
    for (int m = level_ + 1; m <= j + 2; ++m) x = store_.push(store_.node(x, x, x, x));
    NodeId r = store_.push(stepper_.advance(x, j));
    while (store_.level(r) > level_) r = store_[r].child[0];
    return r;
}

void TorusTree::step(std::uint64_t generations) {
    NodeStore::Frame frame(store_);
    NodeId t = store_.push(root_);
    for (int j = 0; j < 64; ++j)
        if ((generations >> j) & 1u) t = store_.push(step_pow2(t, j));
    set_root(t);
}

bool TorusTree::get(std::int64_t x, std::int64_t y) const {
    x = wrap(x, width());
    y = wrap(y, height());
    NodeId n = root_;
    for (int l = level_; l > kLeafLevel; --l) {
        const std::int64_t half = std::int64_t(1) << (l - 1);
        n = store_[n].child[std::size_t((x >= half) + 2 * (y >= half))];
        x &= half - 1;
        y &= half - 1;
    }
    return (store_.leaf_cells(n) >> (y * 8 + x)) & 1u;
}

void TorusTree::set(std::int64_t x, std::int64_t y, bool alive) {
    Grid one(1, 1);
    one.set(0, 0, alive);
    write(one, x, y);
}

template <class Visit>
void TorusTree::for_each_piece(std::int64_t x, std::int64_t y, std::int64_t w, std::int64_t h,
                               Visit&& visit) const {
    const std::int64_t W = width(), H = height();
    for (std::int64_t sy = 0; sy < h;) {
        const std::int64_t ty = wrap(y + sy, H);
        const std::int64_t rows = std::min(h - sy, H - ty);
        for (std::int64_t sx = 0; sx < w;) {
            const std::int64_t tx = wrap(x + sx, W);
            const std::int64_t cols = std::min(w - sx, W - tx);
            visit(Piece{tx, ty, cols, rows, sx, sy, nullptr});
            sx += cols;
        }
        sy += rows;
    }
}

NodeId TorusTree::write_piece(NodeId n, int level, std::int64_t nx, std::int64_t ny,
                              const Piece& p) {
    const std::int64_t size = std::int64_t(1) << level;
    if (p.x0 >= nx + size || p.x0 + p.w <= nx || p.y0 >= ny + size || p.y0 + p.h <= ny) return n;
    if (level == kLeafLevel) {
        std::uint64_t bits = store_.leaf_cells(n);
        const Grid& g = *p.src;
        const std::int64_t c0 = std::max(nx, p.x0), c1 = std::min(nx + 8, p.x0 + p.w);
        const int n_cols = int(c1 - c0);
        const std::uint64_t mask = ((std::uint64_t(1) << n_cols) - 1) << (c0 - nx);
        for (int r = 0; r < 8; ++r) {
            const std::int64_t ty = ny + r;
            if (ty < p.y0 || ty >= p.y0 + p.h) continue;
            const auto row = g.row(ty - p.y0 + p.gy);
            const std::uint64_t cells =
                row_cells(row.data(), g.words_per_row(), c0 - p.x0 + p.gx, n_cols) << (c0 - nx);
            bits = (bits & ~(mask << (8 * r))) | (cells << (8 * r));
        }
        return store_.leaf(bits);
    }
    NodeStore::Frame frame(store_);
    const auto c = store_[n].child;
    const std::int64_t half = size / 2;
    const bool hcopy = level > log2_width_, vcopy = level > log2_height_;  // tiled halves
    const NodeId nw = store_.push(write_piece(c[0], level - 1, nx, ny, p));
    const NodeId ne = hcopy ? nw : store_.push(write_piece(c[1], level - 1, nx + half, ny, p));
    const NodeId sw = vcopy ? nw : store_.push(write_piece(c[2], level - 1, nx, ny + half, p));
    const NodeId se = hcopy   ? sw
                      : vcopy ? ne
                              : store_.push(write_piece(c[3], level - 1, nx + half, ny + half, p));
    return store_.node(nw, ne, sw, se);
}

void TorusTree::write(const Grid& src, std::int64_t x, std::int64_t y) {
    NodeStore::Frame frame(store_);
    NodeId t = store_.push(root_);
    for_each_piece(x, y, src.width(), src.height(), [&](Piece p) {
        p.src = &src;
        t = store_.push(write_piece(t, level_, 0, 0, p));
    });
    set_root(t);
}

void TorusTree::read_piece(NodeId n, int level, std::int64_t nx, std::int64_t ny, const Piece& p,
                           Grid& out) const {
    const std::int64_t size = std::int64_t(1) << level;
    if (p.x0 >= nx + size || p.x0 + p.w <= nx || p.y0 >= ny + size || p.y0 + p.h <= ny) return;
    if (store_.is_empty(n)) return;
    if (level == kLeafLevel) {
        const std::uint64_t bits = store_.leaf_cells(n);
        const std::int64_t c0 = std::max(nx, p.x0), c1 = std::min(nx + 8, p.x0 + p.w);
        for (int r = 0; r < 8; ++r) {
            const std::int64_t ty = ny + r;
            if (ty < p.y0 || ty >= p.y0 + p.h) continue;
            const std::uint64_t row = (bits >> (8 * r)) & 255u;
            or_cells(out.row(ty - p.y0 + p.gy).data(), c0 - p.x0 + p.gx, row >> (c0 - nx),
                     int(c1 - c0));
        }
        return;
    }
    const auto c = store_[n].child;
    const std::int64_t half = size / 2;
    for (int q = 0; q < 4; ++q)
        read_piece(c[std::size_t(q)], level - 1, nx + (q & 1) * half, ny + (q >> 1) * half, p, out);
}

Grid TorusTree::read(const Rect& r) const {
    Grid out(r.width, r.height);
    for_each_piece(r.x, r.y, r.width, r.height,
                   [&](const Piece& p) { read_piece(root_, level_, 0, 0, p, out); });
    return out;
}

WideCount TorusTree::node_population(NodeId n) const {
    if (store_.level(n) == kLeafLevel) return WideCount(std::popcount(store_.leaf_cells(n)));
    if (store_.is_empty(n)) return 0;
    if (memo_collections_ != store_.collections()) {
        population_memo_.clear();
        memo_collections_ = store_.collections();
    }
    if (auto it = population_memo_.find(n); it != population_memo_.end()) return it->second;
    WideCount total = 0;
    for (NodeId c : store_[n].child) total += node_population(c);
    population_memo_.emplace(n, total);
    return total;
}

WideCount TorusTree::population() const {
    // The square holds (2^k / W) * (2^k / H) copies of the torus.
    const int copies_log2 = 2 * level_ - log2_width_ - log2_height_;
    return node_population(root_) >> copies_log2;
}

namespace {

// Rows of node n of level l <= 6 (side s = 2^l): rows[y] gets the s cells
// of row y in bits 0..s-1.
void node_rows(const NodeStore& store, NodeId n, int level, std::uint64_t* rows, int x0, int y0) {
    if (store.is_empty(n)) return;
    if (level == kLeafLevel) {
        const std::uint64_t bits = store.leaf_cells(n);
        for (int r = 0; r < 8; ++r) rows[y0 + r] |= ((bits >> (8 * r)) & 255u) << x0;
        return;
    }
    const int half = 1 << (level - 1);
    const auto c = store[n].child;
    for (int q = 0; q < 4; ++q)
        node_rows(store, c[std::size_t(q)], level - 1, rows, x0 + (q & 1) * half,
                  y0 + (q >> 1) * half);
}

}  // namespace

std::uint64_t TorusTree::hash() const {
    // Canonical words are 64 cells (a whole row when the torus is narrower):
    // squares of level min(6, a) hold whole words.
    const int word_level = std::min(6, log2_width_);
    const std::uint64_t words_per_row = std::uint64_t((width() + 63) / 64);
    const std::int64_t W = width(), H = height();
    std::uint64_t sum = 0;
    std::uint64_t rows[64];
    auto visit = [&](auto&& self, NodeId n, int level, std::int64_t nx, std::int64_t ny) -> void {
        if (nx >= W || ny >= H || store_.is_empty(n)) return;  // outside the torus, or nothing
        if (level == word_level) {
            const int side = 1 << level;
            std::fill(rows, rows + side, 0);
            node_rows(store_, n, level, rows, 0, 0);
            const std::int64_t last = std::min<std::int64_t>(side, H - ny);
            for (std::int64_t r = 0; r < last; ++r)
                sum += hash_word(std::uint64_t(ny + r) * words_per_row + std::uint64_t(nx / 64),
                                 rows[r]);
            return;
        }
        const std::int64_t half = std::int64_t(1) << (level - 1);
        const auto c = store_[n].child;
        for (int q = 0; q < 4; ++q)
            self(self, c[std::size_t(q)], level - 1, nx + (q & 1) * half, ny + (q >> 1) * half);
    };
    visit(visit, root_, level_, 0, 0);
    return hash_finish(W, H, sum);
}

}  // namespace toroid::hashlife
