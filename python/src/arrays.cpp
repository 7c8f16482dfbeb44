#include "arrays.hpp"

#include <immintrin.h>

#include <array>
#include <cstring>
#include <string>

#include "toroid/cpu_features.hpp"
#include "toroid/error.hpp"
#include "toroid/memory.hpp"

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

// Whole words of a row -> 64 bytes each. Three builds, chosen once by the
// one instruction-set choice of every kernel (toroid/cpu_features.hpp,
// capped by TOROID_CPU_ISA): AVX-512BW turns a word into a byte mask in one
// instruction, AVX2 spreads 32 bits with a shuffle and a compare, the
// portable one looks bytes up in kSpread.
using ExpandWords = void (*)(const std::uint64_t* words, std::int64_t n, std::uint8_t* dst);

void expand_portable(const std::uint64_t* words, std::int64_t n, std::uint8_t* dst) {
    for (std::int64_t j = 0; j < n; ++j, dst += 64) {
        std::uint64_t w = words[j], bytes[8];
        for (int k = 0; k < 8; ++k, w >>= 8) bytes[k] = kSpread[w & 0xFF];
        std::memcpy(dst, bytes, 64);
    }
}

__attribute__((target("avx2"))) void expand_avx2(const std::uint64_t* words, std::int64_t n,
                                                 std::uint8_t* dst) {
    const __m256i pick = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2,
                                          2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x(std::int64_t(0x8040201008040201ull));
    const __m256i one = _mm256_set1_epi8(1);
    for (std::int64_t j = 0; j < n; ++j) {
        std::uint64_t w = words[j];
        for (int half = 0; half < 2; ++half, w >>= 32, dst += 32) {
            const __m256i v = _mm256_shuffle_epi8(_mm256_set1_epi32(int(std::uint32_t(w))), pick);
            const __m256i set = _mm256_cmpeq_epi8(_mm256_and_si256(v, bit), bit);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_and_si256(set, one));
        }
    }
}

__attribute__((target("avx512f,avx512bw"))) void expand_avx512(const std::uint64_t* words,
                                                               std::int64_t n, std::uint8_t* dst) {
    const __m512i one = _mm512_set1_epi8(1);
    for (std::int64_t j = 0; j < n; ++j, dst += 64)
        _mm512_storeu_si512(dst, _mm512_maskz_mov_epi8(words[j], one));
}

ExpandWords choose_expand() {
    switch (best_instruction_set()) {
        case InstructionSet::Avx512:
            return expand_avx512;
        case InstructionSet::Avx2:
            return expand_avx2;
        default:
            return expand_portable;
    }
}
const ExpandWords kExpand = choose_expand();

}  // namespace

void expand_rows(const std::uint64_t* words, std::int64_t stride, std::int64_t width,
                 std::int64_t height, std::uint8_t* out) {
    const std::int64_t full = width / 64, rest = width % 64;
    for (std::int64_t y = 0; y < height; ++y) {
        const std::uint64_t* row = words + y * stride;
        std::uint8_t* dst = out + y * width;
        kExpand(row, full, dst);
        if (rest) {
            const std::uint64_t w = row[full];
            for (std::int64_t x = 0; x < rest; ++x) dst[64 * full + x] = std::uint8_t(w >> x & 1);
        }
    }
}

void check_array_fits(std::int64_t width, std::int64_t height, const char* what) {
    MemoryRequest r;
    r.bytes = double(width) * double(height);
    r.what = std::string(what) + " of " + std::to_string(width) + "x" + std::to_string(height) +
             " cells";
    r.breakdown = "one byte a cell";
    r.advice = "read a slice t[x0:x1, y0:y1], or the bit rows .bits (one bit a cell)";
    check_host_memory(r);
}

CellArray new_cell_array(std::int64_t width, std::int64_t height, std::uint8_t*& rows) {
    nb::object base =
        nb::module_::import_("numpy").attr("empty")(nb::make_tuple(height, width), "uint8");
    rows = nb::cast<nb::ndarray<std::uint8_t, nb::ndim<2>, nb::c_contig>>(base).data();
    const std::size_t shape[2] = {std::size_t(width), std::size_t(height)};
    const std::int64_t strides[2] = {1, width};  // a[x, y] at y * width + x
    return CellArray(rows, 2, shape, base, strides);
}

CellArray grid_to_array(const Grid& g) {
    std::uint8_t* rows = nullptr;
    CellArray a = new_cell_array(g.width(), g.height(), rows);
    expand_rows(g.words().data(), g.words_per_row(), g.width(), g.height(), rows);
    return a;
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
