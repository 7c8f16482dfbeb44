// The tree of a multi-state macrocell file (contract in macrocell_states.hpp).
//
// As the two-state writer: bottom-up over the node squares that overlap the
// region only, each distinct node numbered and written the first time it is
// met (hash-consing). Level 1 packs its four states into one 32-bit key.
#include "macrocell_states.hpp"

#include <array>
#include <span>
#include <unordered_map>
#include <vector>

namespace toroid::detail {
namespace {

struct QuadHash {
    std::size_t operator()(const std::array<std::uint32_t, 4>& c) const {
        std::uint64_t h = (std::uint64_t(c[0]) << 32 | c[1]) * 0x9e3779b97f4a7c15ULL;
        h ^= (std::uint64_t(c[2]) << 32 | c[3]) + 0x632be59bd9b4e019ULL + (h << 6) + (h >> 2);
        return std::size_t(h ^ (h >> 31));
    }
};

void append_node(std::string& out, int level, const std::array<std::uint32_t, 4>& c) {
    out += std::to_string(level) + ' ' + std::to_string(c[0]) + ' ' + std::to_string(c[1]) + ' ' +
           std::to_string(c[2]) + ' ' + std::to_string(c[3]) + '\n';
}

}  // namespace

void append_multistate_macrocell_tree(std::string& out, const Grid& g, const Rect& r, int level,
                                      std::int64_t ox, std::int64_t oy) {
    // The state of root-square cell (X, Y): 0 outside the region.
    auto state_at = [&](std::int64_t X, std::int64_t Y) -> std::uint32_t {
        const std::int64_t i = X - ox, j = Y - oy;
        if (i < 0 || j < 0 || i >= r.width || j >= r.height) return 0;
        return std::uint32_t(g.state(r.x + i, r.y + j));
    };
    // Level 1: the 2x2 squares over [sx, sx + nx) x [sy, sy + ny) (in pairs).
    std::int64_t sx = ox / 2, sy = oy / 2;
    std::int64_t nx = (ox + r.width - 1) / 2 - sx + 1, ny = (oy + r.height - 1) / 2 - sy + 1;
    std::vector<std::uint32_t> ids(std::size_t(nx * ny), 0);
    std::uint32_t next_id = 0;
    std::unordered_map<std::array<std::uint32_t, 4>, std::uint32_t, QuadHash> nodes;
    for (std::int64_t y = 0; y < ny; ++y) {
        // Skip rows of squares with nothing in either grid row.
        bool any = false;
        for (int k = 0; k < 2 && !any; ++k) {
            const std::int64_t j = (sy + y) * 2 + k - oy;
            if (j < 0 || j >= r.height) continue;
            for (int p = 0; p <= g.state_planes() && !any; ++p)
                for (const std::uint64_t w :
                     std::span(g.plane(p))
                         .subspan(std::size_t((r.y + j) * g.words_per_row()),
                                  std::size_t(g.words_per_row())))
                    if (w) {
                        any = true;
                        break;
                    }
        }
        if (!any) continue;
        for (std::int64_t x = 0; x < nx; ++x) {
            const std::int64_t X = 2 * (sx + x), Y = 2 * (sy + y);
            const std::array<std::uint32_t, 4> c{state_at(X, Y), state_at(X + 1, Y),
                                                 state_at(X, Y + 1), state_at(X + 1, Y + 1)};
            if ((c[0] | c[1] | c[2] | c[3]) == 0) continue;
            auto [it, fresh] = nodes.try_emplace(c, next_id + 1);
            if (fresh) {
                ++next_id;
                append_node(out, 1, c);
            }
            ids[std::size_t(y * nx + x)] = it->second;
        }
    }
    append_macrocell_levels(out, std::move(ids), {sx, sy, nx, ny}, 2, level, next_id);
}

void append_macrocell_levels(std::string& out, std::vector<std::uint32_t> ids, NodeSquares s,
                             int first, int last, std::uint32_t& next_id) {
    std::unordered_map<std::array<std::uint32_t, 4>, std::uint32_t, QuadHash> nodes;
    for (int l = first; l <= last; ++l) {
        const std::int64_t px = s.x / 2, py = s.y / 2;
        const std::int64_t mx = (s.x + s.nx - 1) / 2 - px + 1, my = (s.y + s.ny - 1) / 2 - py + 1;
        std::vector<std::uint32_t> up(std::size_t(mx * my), 0);
        nodes.clear();
        auto at = [&](std::int64_t X, std::int64_t Y) -> std::uint32_t {
            X -= s.x, Y -= s.y;
            return (X >= 0 && X < s.nx && Y >= 0 && Y < s.ny) ? ids[std::size_t(Y * s.nx + X)] : 0;
        };
        for (std::int64_t y = 0; y < my; ++y)
            for (std::int64_t x = 0; x < mx; ++x) {
                const std::int64_t X = 2 * (px + x), Y = 2 * (py + y);
                const std::array<std::uint32_t, 4> c{at(X, Y), at(X + 1, Y), at(X, Y + 1),
                                                     at(X + 1, Y + 1)};
                if ((c[0] | c[1] | c[2] | c[3]) == 0) continue;
                auto [it, fresh] = nodes.try_emplace(c, next_id + 1);
                if (fresh) {
                    ++next_id;
                    append_node(out, l, c);
                }
                up[std::size_t(y * mx + x)] = it->second;
            }
        ids.swap(up);
        s = {px, py, mx, my};
    }
}

}  // namespace toroid::detail
