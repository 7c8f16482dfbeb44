#include "toroid/core/row_bits.hpp"

#include <algorithm>

#include "toroid/core/torus_geometry.hpp"

namespace toroid {

namespace {

// The 64 cells from src cell `at` on (at > -64; cells outside the row are 0).
std::uint64_t bits_at(const std::uint64_t* src, std::int64_t words, std::int64_t at) {
    if (at < 0) return src[0] << -at;
    const std::int64_t i = at >> 6;
    const int shift = int(at & 63);
    const std::uint64_t lo = i < words ? src[i] >> shift : 0;
    const std::uint64_t hi = shift && i + 1 < words ? src[i + 1] << (64 - shift) : 0;
    return lo | hi;
}

}  // namespace

void copy_bits(std::uint64_t* dst, std::int64_t d, const std::uint64_t* src, std::int64_t src_words,
               std::int64_t s, std::int64_t n, bool overwrite) {
    if (n <= 0) return;
    const std::int64_t end = d + n;
    for (std::int64_t j = d >> 6; j <= (end - 1) >> 6; ++j) {
        const std::int64_t lo = std::max(d, j * 64), hi = std::min(end, j * 64 + 64);
        const int width = int(hi - lo), first = int(lo - j * 64);
        const std::uint64_t mask =
            (width == 64 ? ~std::uint64_t(0) : ((std::uint64_t(1) << width) - 1)) << first;
        const std::uint64_t bits = bits_at(src, src_words, s + (j * 64 - d)) & mask;
        dst[j] = overwrite ? (dst[j] & ~mask) | bits : dst[j] | bits;
    }
}

void paste_row_wrapped(std::uint64_t* dst, std::int64_t width, std::int64_t x,
                       const std::uint64_t* src, std::int64_t src_width, bool overwrite) {
    const std::int64_t src_words = (src_width + 63) / 64;
    // Pieces that end at the torus edge; the next starts at cell 0.
    for (std::int64_t s = 0, d = wrap(x, width); s < src_width; d = 0) {
        const std::int64_t n = std::min(src_width - s, width - d);
        copy_bits(dst, d, src, src_words, s, n, overwrite);
        s += n;
    }
}

void crop_row_wrapped(std::uint64_t* dst, std::int64_t length, const std::uint64_t* src,
                      std::int64_t width, std::int64_t x) {
    const std::int64_t words = (width + 63) / 64;
    std::int64_t d = 0;
    for (std::int64_t s = wrap(x, width); d < length; s = 0) {
        const std::int64_t n = std::min(length - d, width - s);
        copy_bits(dst, d, src, words, s, n, true);
        d += n;
    }
    // Padding past `length` stays 0 (copy_bits leaves it; callers start from 0).
}

}  // namespace toroid
