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
    return (words_[std::size_t(y * words_per_row_ + x / 64)] >> (x % 64)) & 1;
}

void Grid::set(std::int64_t x, std::int64_t y, bool alive) {
    x = wrap(x, width_);
    y = wrap(y, height_);
    std::uint64_t& w = words_[std::size_t(y * words_per_row_ + x / 64)];
    const std::uint64_t bit = std::uint64_t(1) << (x % 64);
    w = alive ? (w | bit) : (w & ~bit);
}

void Grid::clear() {
    std::fill(words_.begin(), words_.end(), 0);
}

std::uint64_t Grid::population() const {
    std::uint64_t n = 0;
    for (std::uint64_t w : words_) n += std::uint64_t(std::popcount(w));
    return n;
}

std::uint64_t Grid::hash() const {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < words_.size(); ++i) sum += hash_word(i, words_[i]);
    return hash_finish(width_, height_, sum);
}

Rect Grid::bounding_box() const {
    std::int64_t x0 = width_, x1 = -1, y0 = height_, y1 = -1;
    for (std::int64_t y = 0; y < height_; ++y) {
        auto r = row(y);
        for (std::int64_t i = 0; i < words_per_row_; ++i) {
            std::uint64_t w = r[std::size_t(i)];
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
    for (std::int64_t y = 0; y < height_; ++y) row(y)[std::size_t(words_per_row_ - 1)] &= mask;
}

Grid Grid::crop(const Rect& r) const {
    Grid out(r.width, r.height);
    for (std::int64_t y = 0; y < r.height; ++y)
        crop_row_wrapped(out.row(y).data(), r.width, row(wrap(r.y + y, height_)).data(), width_,
                         r.x);
    return out;
}

void Grid::paste(const Grid& src, std::int64_t x, std::int64_t y, bool overwrite) {
    for (std::int64_t sy = 0; sy < src.height(); ++sy)
        paste_row_wrapped(row(wrap(y + sy, height_)).data(), width_, x, src.row(sy).data(),
                          src.width(), overwrite);
}

}  // namespace toroid
