#include "toroid/core/hashsoup.hpp"

#include <algorithm>
#include <array>

#include "toroid/core/sha256.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

// A 16 x 16 tile, tile[y] bit x = cell (x, y).
using Tile = std::array<std::uint16_t, 16>;

bool cell(const Tile& t, int x, int y) {
    return (t[std::size_t(y)] >> x) & 1;
}

Tile base_tile(const Sha256Digest& d) {
    Tile t{};
    for (int y = 0; y < 16; ++y)
        t[std::size_t(y)] = std::uint16_t(d[std::size_t(2 * y)] << 8 | d[std::size_t(2 * y + 1)]);
    return t;
}

// Mirror image about the anti-diagonal: (x, y) <- (15 - y, 15 - x).
Tile anti_transpose(const Tile& b) {
    Tile t{};
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            if (cell(b, 15 - y, 15 - x)) t[std::size_t(y)] |= std::uint16_t(1u << x);
    return t;
}

// (x, y) of the result <- (mirror_x ? 15 - x : x, mirror_y ? 15 - y : y) of t.
Tile mirrored(const Tile& t, bool mirror_x, bool mirror_y) {
    Tile m{};
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            if (cell(t, mirror_x ? 15 - x : x, mirror_y ? 15 - y : y))
                m[std::size_t(y)] |= std::uint16_t(1u << x);
    return m;
}

struct Placed {
    Tile tile;
    int x, y;  // lifelib coordinates of the tile's corner
};

HashSoup assemble(const std::vector<Placed>& parts) {
    int minx = parts[0].x, miny = parts[0].y, maxx = minx + 15, maxy = miny + 15;
    for (const Placed& p : parts) {
        minx = std::min(minx, p.x);
        miny = std::min(miny, p.y);
        maxx = std::max(maxx, p.x + 15);
        maxy = std::max(maxy, p.y + 15);
    }
    HashSoup s;
    s.cells = Grid(maxx - minx + 1, maxy - miny + 1);
    s.x0 = minx;
    s.y0 = miny;
    for (const Placed& p : parts)
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x)
                if (cell(p.tile, x, y)) s.cells.set(p.x + x - minx, p.y + y - miny, true);
    return s;
}

HashSoup wide_soup(const Sha256Digest& d, int height) {
    // Rows of 256 / height cells; row y holds bytes [y * w8, (y + 1) * w8)
    // (w8 = 32 / height), the first byte rightmost, bit b of a byte its
    // b-th cell from the byte's left.
    const int w8 = 32 / height;
    HashSoup s;
    s.cells = Grid(8 * w8, height);
    for (int y = 0; y < height; ++y)
        for (int i = 0; i < w8; ++i) {
            const std::uint8_t byte = d[std::size_t(w8 * y + i)];
            for (int b = 0; b < 8; ++b)
                if ((byte >> b) & 1) s.cells.set(8 * (w8 - 1 - i) + b, y, true);
        }
    return s;
}

// The hexagonal soups: `base` shifted 15 cells left, then with its two
// turns by 120 degrees about the origin on the hexagonal lattice as the
// square storage holds it ((x, y) -> (-y, x - y) -> (y - x, -x)), and with
// `half_turn` also every cell's half turn (x, y) -> (-x, -y). The frame is
// the box of the base frame's turned corners.
HashSoup hexagonal_turns(const HashSoup& base, bool half_turn) {
    std::vector<std::pair<std::int64_t, std::int64_t>> cells, corners;
    for (std::int64_t y = 0; y < base.cells.height(); ++y)
        for (std::int64_t x = 0; x < base.cells.width(); ++x)
            if (base.cells.get(x, y)) cells.push_back({base.x0 + x - 15, base.y0 + y});
    const std::int64_t fx0 = base.x0 - 15, fy0 = base.y0, fx1 = fx0 + base.cells.width() - 1,
                       fy1 = fy0 + base.cells.height() - 1;
    corners = {{fx0, fy0}, {fx1, fy0}, {fx0, fy1}, {fx1, fy1}};
    auto turned = [&](std::vector<std::pair<std::int64_t, std::int64_t>> list) {
        const std::size_t n = list.size();
        for (std::size_t i = 0; i < n; ++i) {
            const auto [x, y] = list[i];
            list.push_back({-y, x - y});
            list.push_back({y - x, -x});
        }
        if (half_turn) {
            const std::size_t m = list.size();
            for (std::size_t i = 0; i < m; ++i) list.push_back({-list[i].first, -list[i].second});
        }
        return list;
    };
    cells = turned(cells);
    corners = turned(corners);
    std::int64_t x0 = corners[0].first, y0 = corners[0].second, x1 = x0, y1 = y0;
    for (const auto& [x, y] : corners)
        x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
    HashSoup s;
    s.cells = Grid(x1 - x0 + 1, y1 - y0 + 1);
    s.x0 = x0;
    s.y0 = y0;
    for (const auto& [x, y] : cells) s.cells.set(x - x0, y - y0, true);
    return s;
}

}  // namespace

const std::vector<std::string>& hashsoup_symmetries() {
    static const std::vector<std::string> names{
        "C1",    "C2_1",  "C2_2",  "C2_4",  "C4_1",  "C4_4", "D2_+1", "D2_+2", "D2_x",
        "D4_+1", "D4_+2", "D4_+4", "D4_x1", "D4_x4", "D8_1", "D8_4",  "1x256", "2x128",
        "4x64",  "8x32",  "C3_1",  "C6",    "D2_xo", "D6_1", "D6_1o", "D12"};
    return names;
}

bool is_hexagonal_symmetry(std::string_view symmetry) {
    return symmetry == "C3_1" || symmetry == "C6" || symmetry == "D2_xo" || symmetry == "D6_1" ||
           symmetry == "D6_1o" || symmetry == "D12";
}

bool hashsoup_symmetry_fits(std::string_view symmetry, bool hexagonal) {
    if (!is_hashsoup_symmetry(symmetry)) return false;
    if (is_hexagonal_symmetry(symmetry)) return hexagonal;
    if (!hexagonal) return true;
    // lifelib's symmetries for hexagonal rules: those that respect the
    // hexagonal neighbourhood on the square storage.
    for (const char* s :
         {"C1", "1x256", "2x128", "4x64", "8x32", "C2_1", "C2_4", "D2_x", "D4_x1", "D4_x4"})
        if (symmetry == s) return true;
    return false;
}

bool is_hashsoup_symmetry(std::string_view symmetry) {
    const auto& names = hashsoup_symmetries();
    return std::find(names.begin(), names.end(), symmetry) != names.end();
}

std::string soup_seed_text(std::string_view root, std::uint64_t index) {
    return std::string(root) + std::to_string(index);
}

HashSoup hashsoup(std::string_view seed, std::string_view sym) {
    if (!is_hashsoup_symmetry(sym)) {
        std::string known;
        for (const auto& n : hashsoup_symmetries()) known += (known.empty() ? "" : ", ") + n;
        throw InputError("unknown soup symmetry '" + std::string(sym) + "': expected one of " +
                         known);
    }
    if (sym == "C3_1") return hexagonal_turns(hashsoup(seed, "C1"), false);
    if (sym == "C6") return hexagonal_turns(hashsoup(seed, "C2_1"), false);
    if (sym == "D6_1") return hexagonal_turns(hashsoup(seed, "D2_x"), false);
    if (sym == "D6_1o") return hexagonal_turns(hashsoup(seed, "D2_xo"), false);
    if (sym == "D12") return hexagonal_turns(hashsoup(seed, "D2_x"), true);
    const Sha256Digest digest = sha256(seed);
    if (sym == "1x256" || sym == "2x128" || sym == "4x64" || sym == "8x32")
        return wide_soup(digest, sym[0] - '0');
    Tile b = base_tile(digest);
    Tile t = anti_transpose(b);
    if (sym == "C2_2" && seed.substr(0, 2) != "l_") std::swap(b, t);
    const bool diagonal = sym == "D2_x" || sym == "D2_xo" || sym == "D4_x1" || sym == "D4_x4" ||
                          sym == "D8_1" || sym == "D8_4";
    if (diagonal) {
        // The half x + y <= 15 of the tile is kept and mirrored into the
        // other half; the quarter turns (D4_x*) use the complementary pair
        // of halves, the anti-transpose's.
        Tile d{}, u{};
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                const bool low = x + y <= 15;
                if (low ? cell(b, x, y) : cell(t, x, y))
                    d[std::size_t(y)] |= std::uint16_t(1u << x);
                if (low ? cell(t, x, y) : cell(b, x, y))
                    u[std::size_t(y)] |= std::uint16_t(1u << x);
            }
        b = d;
        t = u;
    }
    if (sym == "C1" || sym == "D2_x") return assemble({{b, 8, 8}});  // lifelib puts these at (8, 8)
    // Mirror images: vertical (across a horizontal edge), horizontal and the
    // half turn; the C4 and D4_x soups take the first two from the
    // anti-transpose, which makes them quarter turns.
    const bool quarter = sym == "C4_1" || sym == "C4_4" || sym == "D4_x1" || sym == "D4_x4";
    const Tile& side = quarter ? t : b;
    const Tile v = mirrored(side, false, true), h = mirrored(side, true, false),
               r = mirrored(b, true, true);
    if (sym == "D2_xo") return assemble({{v, 0, -15}});  // the mirror image alone
    if (sym == "C2_1") return assemble({{b, 0, 0}, {r, 15, -15}});
    if (sym == "C2_2") return assemble({{b, 0, 0}, {r, 16, -15}});
    if (sym == "C2_4") return assemble({{b, 0, 0}, {r, 16, -16}});
    if (sym == "D2_+1") return assemble({{b, 0, 0}, {v, 0, -15}});
    if (sym == "D2_+2") return assemble({{b, 0, 0}, {v, 0, -16}});
    if (sym == "D4_+2") return assemble({{b, 0, 0}, {v, 0, -15}, {h, 16, 0}, {r, 16, -15}});
    const int gap = (sym == "C4_4" || sym == "D4_+4" || sym == "D4_x4" || sym == "D8_4") ? 16 : 15;
    return assemble({{b, 0, 0}, {v, 0, -gap}, {h, gap, 0}, {r, gap, -gap}});
}

}  // namespace toroid
