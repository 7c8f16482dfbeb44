#include "toroid/core/map_notation.hpp"

#include <array>

namespace toroid {
namespace {

constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The cells of the MAP index, most significant first (see the header).
std::string_view index_cells(Neighbourhood n) {
    static constexpr std::array<char, 9> kMoore = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    static constexpr std::array<char, 7> kHex = {7, 8, 3, 4, 5, 0, 1};
    static constexpr std::array<char, 5> kVonNeumann = {1, 3, 4, 5, 7};
    switch (n) {
        case Neighbourhood::Hexagonal:
            return {kHex.data(), kHex.size()};
        case Neighbourhood::VonNeumann:
            return {kVonNeumann.data(), kVonNeumann.size()};
        case Neighbourhood::Moore:
            break;
    }
    return {kMoore.data(), kMoore.size()};
}

// The MAP index of block `i`.
unsigned map_index(unsigned i, std::string_view cells) {
    unsigned k = 0;
    for (char c : cells) k = k << 1 | unsigned(Range1Table::cell(i, c));
    return k;
}

}  // namespace

int map_length(Neighbourhood n) {
    const int bits = 1 << index_cells(n).size();
    return (bits + 5) / 6;
}

bool map_neighbourhood(std::size_t length, Neighbourhood& n) {
    for (Neighbourhood c :
         {Neighbourhood::Moore, Neighbourhood::Hexagonal, Neighbourhood::VonNeumann})
        if (std::size_t(map_length(c)) == length) {
            n = c;
            return true;
        }
    return false;
}

Range1Table decode_map(std::string_view base64, Neighbourhood n) {
    const std::string_view cells = index_cells(n);
    auto bit = [&](unsigned k) {
        const std::size_t v = kBase64.find(base64[k / 6]);
        return (v >> (5 - k % 6)) & 1;
    };
    Range1Table t;
    for (unsigned i = 0; i < Range1Table::kSize; ++i) t.set(i, bit(map_index(i, cells)));
    return t;
}

std::string encode_map(const Range1Table& table, Neighbourhood n) {
    const std::string_view cells = index_cells(n);
    const unsigned bits = 1u << cells.size();
    std::string digits((bits + 5) / 6, '\0');
    // Every block of the index's cells; the other cells zero.
    for (unsigned i = 0; i < Range1Table::kSize; ++i) {
        bool in_neighbourhood = true;
        for (int c = 0; c < 9; ++c)
            if (Range1Table::cell(i, c) && cells.find(char(c)) == std::string_view::npos)
                in_neighbourhood = false;
        if (!in_neighbourhood || !table.next(i)) continue;
        const unsigned k = map_index(i, cells);
        digits[k / 6] = char(digits[k / 6] | (1 << (5 - k % 6)));
    }
    for (char& d : digits) d = kBase64[std::size_t(d)];
    return digits;
}

}  // namespace toroid
