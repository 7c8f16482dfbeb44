#include "toroid/core/grid.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <string>

#include "toroid/core/grid_hash.hpp"
#include "toroid/error.hpp"

namespace toroid {

namespace {

std::int64_t wrap(std::int64_t v, std::int64_t n) {
    v %= n;
    return v < 0 ? v + n : v;
}

std::string human_bytes(double bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024 && u < 6) bytes /= 1024, ++u;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f %s", bytes, units[u]);
    return buf;
}

}  // namespace

void check_grid_fits(std::int64_t width, std::int64_t height, int copies) {
    if (width < 1 || height < 1)
        throw InputError("grid size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is invalid: width and height must be at least 1");
    constexpr std::int64_t kMaxSide = std::int64_t(1) << 40;  // keeps the arithmetic below exact
    if (width > kMaxSide || height > kMaxSide)
        throw InputError("grid size " + std::to_string(width) + "x" + std::to_string(height) +
                         " is too large: each side must be at most 2^40");
    const double words = double((width + 63) / 64) * double(height);
    const double bytes = words * 8.0 * copies;
    // Small grids (analysers make thousands per second) always fit: skip
    // the system call.
    if (bytes < double(1 << 24)) return;
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long page_size = sysconf(_SC_PAGE_SIZE);
    const double available = pages > 0 && page_size > 0 ? double(pages) * double(page_size) : 0.0;
    if (bytes > 1.0e18 || (available > 0 && bytes > available * 0.9)) {
        throw InputError("a " + std::to_string(width) + "x" + std::to_string(height) +
                         " torus needs " + human_bytes(bytes) + " of memory (" +
                         std::to_string(copies) + " bit-plane(s)), but only " +
                         human_bytes(available) + " is available: choose a smaller size");
    }
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
    return copy_region(r, [this](std::int64_t x, std::int64_t y) { return get(x, y); });
}

void Grid::paste(const Grid& src, std::int64_t x, std::int64_t y, bool overwrite) {
    for (std::int64_t sy = 0; sy < src.height(); ++sy) {
        auto srow = src.row(sy);
        for (std::int64_t i = 0; i < src.words_per_row(); ++i) {
            std::uint64_t w = srow[std::size_t(i)];
            if (!w && !overwrite) continue;
            const std::int64_t xmax = std::min<std::int64_t>(64, src.width() - i * 64);
            for (std::int64_t b = 0; b < xmax; ++b) {
                const bool alive = (w >> b) & 1;
                if (alive || overwrite) set(x + i * 64 + b, y + sy, alive);
            }
        }
    }
}

}  // namespace toroid
