#include "toroid/core/md5.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace toroid {
namespace {

constexpr int kShift[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                            5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                            4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                            6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

// K[i] = floor(2^32 * |sin(i + 1)|), as the RFC defines them.
const std::uint32_t* constants() {
    static const auto table = [] {
        static std::uint32_t k[64];
        for (int i = 0; i < 64; ++i)
            k[i] = std::uint32_t(std::floor(4294967296.0 * std::fabs(std::sin(double(i + 1)))));
        return k;
    }();
    return table;
}

void compress(std::uint32_t (&h)[4], const std::uint8_t* block) {
    const std::uint32_t* k = constants();
    std::uint32_t m[16];
    for (int i = 0; i < 16; ++i)
        m[i] = std::uint32_t(block[4 * i]) | std::uint32_t(block[4 * i + 1]) << 8 |
               std::uint32_t(block[4 * i + 2]) << 16 | std::uint32_t(block[4 * i + 3]) << 24;
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
        std::uint32_t f;
        int g;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) % 16;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) % 16;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) % 16;
        }
        const std::uint32_t rotated = a + f + k[i] + m[g];
        a = d;
        d = c;
        c = b;
        b += (rotated << kShift[i]) | (rotated >> (32 - kShift[i]));
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
}

}  // namespace

std::string md5_hex(std::string_view message) {
    std::uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(message.data());
    const std::size_t n = message.size();
    std::size_t at = 0;
    for (; n - at >= 64; at += 64) compress(h, bytes + at);
    // Padding: 0x80, zeros, the length in bits little-endian.
    std::uint8_t tail[128] = {};
    const std::size_t rest = n - at;
    std::memcpy(tail, bytes + at, rest);
    tail[rest] = 0x80;
    const std::size_t blocks = rest + 9 <= 64 ? 1 : 2;
    const std::uint64_t bits = std::uint64_t(n) * 8;
    for (int i = 0; i < 8; ++i)
        tail[blocks * 64 - 8 + std::size_t(i)] = std::uint8_t(bits >> (8 * i));
    for (std::size_t b = 0; b < blocks; ++b) compress(h, tail + 64 * b);
    std::string out;
    static const char* digits = "0123456789abcdef";
    for (std::uint32_t word : h)
        for (int i = 0; i < 4; ++i) {
            const std::uint8_t byte = std::uint8_t(word >> (8 * i));
            out += digits[byte >> 4];
            out += digits[byte & 15];
        }
    return out;
}

}  // namespace toroid
