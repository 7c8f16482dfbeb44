#include "arrays.hpp"

#include <array>
#include <cstring>
#include <memory>
#include <string>

#include "toroid/error.hpp"

namespace toroid::python {

namespace {

// Byte b of bits -> 8 bytes 0/1, cell 0 (bit 0) first, as a little-endian word.
constexpr std::array<std::uint64_t, 256> make_spread() {
    std::array<std::uint64_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b)
        for (unsigned i = 0; i < 8; ++i)
            if (b >> i & 1) t[b] |= std::uint64_t(1) << (8 * i);
    return t;
}
constexpr std::array<std::uint64_t, 256> kSpread = make_spread();

}  // namespace

void expand_rows(const std::uint64_t* words, std::int64_t stride, std::int64_t width,
                 std::int64_t height, std::uint8_t* out) {
    const std::int64_t full = width / 64, rest = width % 64;
    for (std::int64_t y = 0; y < height; ++y) {
        const std::uint64_t* row = words + y * stride;
        std::uint8_t* dst = out + y * width;
        for (std::int64_t j = 0; j < full; ++j, dst += 64) {
            std::uint64_t w = row[j];
            std::uint64_t bytes[8];
            for (int k = 0; k < 8; ++k, w >>= 8) bytes[k] = kSpread[w & 0xFF];
            std::memcpy(dst, bytes, 64);
        }
        if (rest) {
            std::uint64_t w = row[full];
            for (std::int64_t x = 0; x < rest; ++x) dst[x] = std::uint8_t(w >> x & 1);
        }
    }
}

CellArray grid_to_array(const Grid& g) {
    const std::int64_t w = g.width(), h = g.height();
    auto data = std::make_unique<std::uint8_t[]>(std::size_t(w) * std::size_t(h));
    expand_rows(g.words().data(), g.words_per_row(), w, h, data.get());
    std::uint8_t* p = data.release();
    nb::capsule owner(p, [](void* q) noexcept { delete[] static_cast<std::uint8_t*>(q); });
    const std::size_t shape[2] = {std::size_t(w), std::size_t(h)};
    const std::int64_t strides[2] = {1, w};  // a[x, y] at y * width + x
    return CellArray(p, 2, shape, owner, strides);
}

Grid rows_to_grid(const RowsIn& rows) {
    const auto h = std::int64_t(rows.shape(0)), w = std::int64_t(rows.shape(1));
    Grid g(w, h);
    const std::uint8_t* src = rows.data();
    for (std::int64_t y = 0; y < h; ++y) {
        auto dst = g.row(y);
        const std::uint8_t* r = src + y * w;
        std::uint8_t bad = 0;
        for (std::int64_t x = 0; x < w; ++x) {
            bad |= r[x];
            dst[std::size_t(x / 64)] |= std::uint64_t(r[x] & 1) << (x % 64);
        }
        if (bad > 1)
            for (std::int64_t x = 0; x < w; ++x)
                if (r[x] > 1)
                    throw InputError("cell [" + std::to_string(x) + ", " + std::to_string(y) +
                                     "] is " + std::to_string(r[x]) +
                                     ": expected 0 (dead) or 1 (alive)");
    }
    return g;
}

}  // namespace toroid::python
