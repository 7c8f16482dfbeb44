#include "toroid/core/grid.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "toroid/core/grid_hash.hpp"
#include "toroid/core/row_bits.hpp"
#include "toroid/core/torus_geometry.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"

namespace toroid {

void check_grid_size(std::int64_t width, std::int64_t height) {
    if (width < 1 || height < 1)
        throw InputError("grid size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is invalid: width and height must be at least 1");
    constexpr std::int64_t kMaxSide = std::int64_t(1) << 40;  // keeps byte counts exact
    if (width > kMaxSide || height > kMaxSide)
        throw InputError("grid size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is too large: each side must be at most 2^40");
}

double canonical_plane_bytes(std::int64_t width, std::int64_t height) {
    check_grid_size(width, height);
    return double((width + 63) / 64) * double(height) * 8.0;
}

std::string torus_name(std::int64_t width, std::int64_t height) {
    return "a " + std::to_string(width) + "x" + std::to_string(height) + " torus";
}

void check_grid_fits(std::int64_t width, std::int64_t height, int copies) {
    const double plane = canonical_plane_bytes(width, height);
    // Small grids (analysers make thousands a second) always fit: no message built.
    if (plane * copies < 64.0 * 1024 * 1024) return;
    check_host_memory({plane * copies, torus_name(width, height),
                       std::to_string(copies) + " canonical bit-plane" + (copies == 1 ? "" : "s") +
                           " of " + human_bytes(plane),
                       "choose a smaller size"});
}

Grid::Grid(std::int64_t width, std::int64_t height) {
    check_grid_fits(width, height);
    width_ = width;
    height_ = height;
    words_per_row_ = (width + 63) / 64;
    words_.assign(std::size_t(words_per_row_ * height_), 0);
}

bool Grid::get(std::int64_t x, std::int64_t y) const {
    x = wrap(x, width_);
    y = wrap(y, height_);
    const std::size_t i = std::size_t(y * words_per_row_ + x / 64);
    std::uint64_t w = words_[i];
    for (const auto& plane : planes_) w |= plane[i];
    return (w >> (x % 64)) & 1;
}

void Grid::set(std::int64_t x, std::int64_t y, bool alive) {
    x = wrap(x, width_);
    y = wrap(y, height_);
    std::uint64_t& w = words_[std::size_t(y * words_per_row_ + x / 64)];
    const std::uint64_t bit = std::uint64_t(1) << (x % 64);
    w = alive ? (w | bit) : (w & ~bit);
    for (auto& plane : planes_) plane[std::size_t(y * words_per_row_ + x / 64)] &= ~bit;
}

int Grid::planes_for_states(int states) {
    int n = 0;
    while (states > 2 && (1 << n) < states - 1) ++n;
    return n;
}

void Grid::set_state_planes(int n) {
    if (n < 0 || n > 8)
        throw InputError("a grid carries 0 to 8 state planes (states up to 256), not " +
                         std::to_string(n));
    planes_.resize(std::size_t(n), std::vector<std::uint64_t>(words_.size(), 0));
}

int Grid::state(std::int64_t x, std::int64_t y) const {
    x = wrap(x, width_);
    y = wrap(y, height_);
    const std::size_t i = std::size_t(y * words_per_row_ + x / 64);
    const int b = int(x % 64);
    if ((words_[i] >> b) & 1) return 1;
    int k = 0;
    for (std::size_t p = 0; p < planes_.size(); ++p) k |= int((planes_[p][i] >> b) & 1) << p;
    return k == 0 ? 0 : k + 1;
}

void Grid::set_state(std::int64_t x, std::int64_t y, int state) {
    if (state < 0 || state > 255)
        throw InputError("cell state " + std::to_string(state) + " is out of range 0..255");
    if (state <= 1) return set(x, y, state == 1);
    const int k = state - 1;
    if (std::bit_width(unsigned(k)) > planes_.size())
        set_state_planes(int(std::bit_width(unsigned(k))));
    x = wrap(x, width_);
    y = wrap(y, height_);
    const std::size_t i = std::size_t(y * words_per_row_ + x / 64);
    const std::uint64_t bit = std::uint64_t(1) << (x % 64);
    words_[i] &= ~bit;
    for (std::size_t p = 0; p < planes_.size(); ++p)
        planes_[p][i] = (k >> p) & 1 ? (planes_[p][i] | bit) : (planes_[p][i] & ~bit);
}

int Grid::max_state() const {
    int top = 0;
    for (std::size_t i = 0; i < words_.size(); ++i) {
        if (words_[i]) top = std::max(top, 1);
        if (planes_.empty()) continue;
        // The largest counter in this word: its highest plane first.
        std::uint64_t candidates = ~std::uint64_t(0);
        int k = 0;
        for (std::size_t p = planes_.size(); p-- > 0;)
            if (candidates & planes_[p][i]) candidates &= planes_[p][i], k |= 1 << p;
        if (k) top = std::max(top, k + 1);
    }
    return top;
}

std::vector<std::uint64_t> Grid::state_counts() const {
    std::vector<std::uint64_t> counts(256, 0);
    counts[1] = 0;
    for (std::uint64_t w : words_) counts[1] += std::uint64_t(std::popcount(w));
    if (!planes_.empty()) {
        for (std::size_t i = 0; i < words_.size(); ++i) {
            std::uint64_t any = 0;
            for (const auto& plane : planes_) any |= plane[i];
            while (any) {
                const int b = std::countr_zero(any);
                any &= any - 1;
                int k = 0;
                for (std::size_t p = 0; p < planes_.size(); ++p)
                    k |= int((planes_[p][i] >> b) & 1) << p;
                ++counts[std::size_t(k + 1)];
            }
        }
    }
    counts[0] = cell_count() - population();
    return counts;
}

void Grid::clear() {
    std::fill(words_.begin(), words_.end(), 0);
    for (auto& plane : planes_) std::fill(plane.begin(), plane.end(), 0);
}

std::uint64_t Grid::population() const {
    std::uint64_t n = 0;
    if (planes_.empty()) {
        for (std::uint64_t w : words_) n += std::uint64_t(std::popcount(w));
        return n;
    }
    for (std::size_t i = 0; i < words_.size(); ++i) {
        std::uint64_t any = words_[i];
        for (const auto& plane : planes_) any |= plane[i];
        n += std::uint64_t(std::popcount(any));
    }
    return n;
}

std::uint64_t Grid::hash() const {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < words_.size(); ++i) sum += hash_word(i, words_[i]);
    // Counter planes continue the word index past the live plane's, so a
    // two-state grid's hash is unchanged and a state's planes are told apart.
    for (std::size_t p = 0; p < planes_.size(); ++p)
        for (std::size_t i = 0; i < words_.size(); ++i)
            sum += hash_word((p + 1) * words_.size() + i, planes_[p][i]);
    return hash_finish(width_, height_, sum);
}

Rect Grid::bounding_box() const {
    std::int64_t x0 = width_, x1 = -1, y0 = height_, y1 = -1;
    for (std::int64_t y = 0; y < height_; ++y) {
        auto r = row(y);
        for (std::int64_t i = 0; i < words_per_row_; ++i) {
            std::uint64_t w = r[std::size_t(i)];
            for (const auto& plane : planes_) w |= plane[std::size_t(y * words_per_row_ + i)];
            if (!w) continue;
            y0 = std::min(y0, y);
            y1 = y;
            x0 = std::min<std::int64_t>(x0, i * 64 + std::countr_zero(w));
            x1 = std::max<std::int64_t>(x1, i * 64 + 63 - std::countl_zero(w));
        }
    }
    if (x1 < 0) return Rect{};
    return Rect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

std::uint64_t Grid::last_word_mask() const {
    const int used = int(width_ % 64);
    return used == 0 ? ~std::uint64_t(0) : (std::uint64_t(1) << used) - 1;
}

void Grid::mask_padding() {
    const std::uint64_t mask = last_word_mask();
    for (int p = 0; p <= state_planes(); ++p)
        for (std::int64_t y = 0; y < height_; ++y)
            plane(p)[std::size_t(y * words_per_row_ + words_per_row_ - 1)] &= mask;
}

Grid Grid::crop(const Rect& r) const {
    Grid out(r.width, r.height);
    out.set_state_planes(state_planes());
    for (int p = 0; p <= state_planes(); ++p)
        for (std::int64_t y = 0; y < r.height; ++y)
            crop_row_wrapped(out.plane(p).data() + y * out.words_per_row_, r.width,
                             plane(p).data() + wrap(r.y + y, height_) * words_per_row_, width_,
                             r.x);
    return out;
}

void Grid::paste(const Grid& src, std::int64_t x, std::int64_t y, bool overwrite) {
    if (src.state_planes() > state_planes()) set_state_planes(src.state_planes());
    // A plane src lacks is zero there: overwriting clears ours in the rectangle.
    const std::vector<std::uint64_t> zero_row(std::size_t(src.words_per_row()), 0);
    for (int p = 0; p <= state_planes(); ++p) {
        if (p > src.state_planes() && !overwrite) break;
        for (std::int64_t sy = 0; sy < src.height(); ++sy) {
            const std::uint64_t* from = p <= src.state_planes()
                                            ? src.plane(p).data() + sy * src.words_per_row()
                                            : zero_row.data();
            paste_row_wrapped(plane(p).data() + wrap(y + sy, height_) * words_per_row_, width_, x,
                              from, src.width(), overwrite);
        }
    }
}

}  // namespace toroid
