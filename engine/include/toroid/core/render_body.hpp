// Render body: one image pixel of a view of the torus, from the bit-plane.
//
// The contract of the image (fixed-point view, zoom in/out, density on a log
// scale, one copy or wrapping, hexagons) is in toroid/core/render_request.hpp.
// This header is the arithmetic, written once as TOROID_HD functions of
// integers only, so the CUDA kernel (kernels/src/render.cu, one thread per
// pixel), the CPU backend (rows of pixels per worker), the host fallback
// (core/render.cpp) and the emulated launch in the tests produce the same
// pixels bit for bit. It is the engine's: the kernels use it.
//
// PlaneView. The cells come from any word layout of rows of 64-bit words
// (canonical: cell x of a row is bit x % 64 of word x / 64): row r of the
// view starts at words + r * stride + offset. The view holds `width x height`
// cells of the torus starting at torus cell (origin_x, origin_y), wrapping;
// the CPU and CUDA backends pass their whole plane (origin 0, the torus
// size), the host fallback passes a copy of the visible cells. Only bits of
// cells inside the view are read: padding and halo bits never are. Column
// strips (the CPU backend on wide tori): with strip_words = S > 0, word w
// of a row lies strip_skip * (w / S) words further on.
//
// Per pixel: the cell range it covers is computed in fixed point on the
// plane, clipped to the one copy of the torus when the torus is smaller than
// the image, then mapped to torus cells modulo the size. Zoomed in the pixel
// samples the cell under its centre (hexagonal rules: the hexagon under it);
// zoomed out it counts live cells per masked word (count_pixel: one popcount
// a row for runs of up to 64 cells, square or hexagonal alike; a run that
// crosses the torus' right edge is read in two pieces, never from the
// padding bits) and colours the count on a log scale (density_colour).
//
// The CPU backend draws whole rows of pixels with the same arithmetic
// (engine/src/cpu/cpu_render_rows.hpp): the counts of count_pixel, the
// samples of render_pixel and the colours of density_colour, checked pixel
// for pixel against this body and against the contract.
#pragma once

#include <cstdint>

#include "toroid/core/hd.hpp"
#include "toroid/core/launch_index.hpp"
#include "toroid/core/render_request.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid::render {

struct PlaneView {
    const std::uint64_t* words = nullptr;
    std::int64_t stride = 0;  // words from one row to the next
    std::int64_t offset = 0;  // word index of cell 0 within a row
    std::int64_t torus_width = 0, torus_height = 0;
    std::int64_t origin_x = 0, origin_y = 0;       // torus cell held at view cell (0, 0)
    std::int64_t width = 0, height = 0;            // cells held (<= the torus)
    const std::uint16_t* ages = nullptr;           // optional, width x height, host renders only
    std::int64_t strip_words = 0, strip_skip = 0;  // column strips; 0: one row-major plane
};

// Everything a pixel needs, derived once per image on the host.
struct RenderParams {
    RenderRequest request;
    std::int64_t torus_width = 0, torus_height = 0;
    bool hexagonal = false;
    bool clip_x = false, clip_y = false;        // torus smaller than the image: one copy
    std::int64_t clip_lo_x = 0, clip_lo_y = 0;  // first plane cell of that copy
};

inline constexpr std::uint32_t kRenderBlock = 16;  // threads per block: 16 x 16 pixels

// Whole cells of a fixed-point position: floor and ceiling (kSubcell is a
// power of two, so these are shifts; >> of a negative value floors in C++20).
TOROID_HD std::int64_t floor_cells(std::int64_t a) {
    return a >> kSubcellBits;
}
TOROID_HD std::int64_t ceil_cells(std::int64_t a) {
    return -((-a) >> kSubcellBits);
}

TOROID_HD int leading_zeros64(std::uint64_t v) {
#if defined(__CUDA_ARCH__)
    return __clzll(static_cast<long long>(v));
#else
    return v ? __builtin_clzll(v) : 64;
#endif
}

// log2(v) in 1/256 units, piecewise linear between powers of two; v >= 1.
TOROID_HD std::int64_t log2_fixed(std::uint64_t v) {
    const int e = 63 - leading_zeros64(v);
    const std::uint64_t mantissa = e >= 8 ? (v >> (e - 8)) & 255u : (v << (8 - e)) & 255u;
    return std::int64_t(e) * 256 + std::int64_t(mantissa);
}

// a + (b - a) * t / 255 per channel, t in 0..255.
TOROID_HD std::uint32_t blend(std::uint32_t a, std::uint32_t b, std::uint32_t t) {
    std::uint32_t out = 0;
    for (int c = 0; c < 32; c += 8) {
        const std::int32_t ca = std::int32_t((a >> c) & 255u), cb = std::int32_t((b >> c) & 255u);
        const std::int32_t v = ca + ((cb - ca) * std::int32_t(t)) / 255;
        out |= std::uint32_t(v) << c;
    }
    return out;
}

// Word w of view row r.
TOROID_HD std::uint64_t view_word(const PlaneView& v, std::int64_t r, std::int64_t w) {
    const std::uint64_t* at = v.words + r * v.stride + v.offset + w;
    return v.strip_words ? at[(w / v.strip_words) * v.strip_skip] : at[0];
}

TOROID_HD bool view_cell(const PlaneView& v, std::int64_t plane_x, std::int64_t plane_y) {
    const std::int64_t c = wrap(plane_x - v.origin_x, v.torus_width);
    const std::int64_t r = wrap(plane_y - v.origin_y, v.torus_height);
    return (view_word(v, r, c / 64) >> (c % 64)) & 1u;
}

// Clips the fixed-point span [a0, a1) to the one copy of the torus (when
// clipping); false when nothing of it is left.
TOROID_HD bool clip_span(std::int64_t& a0, std::int64_t& a1, bool clip, std::int64_t lo_cell,
                         std::int64_t size) {
    if (!clip) return true;
    const std::int64_t lo = lo_cell * kSubcell, hi = (lo_cell + size) * kSubcell;
    if (a0 < lo) a0 = lo;
    if (a1 > hi) a1 = hi;
    return a0 < a1;
}

// Zoomed in: the plane cell under fixed-point point (sx, sy). Hexagonal rules
// shift row y left by y/2 cells and draw pointy-top hexagons (width 1, height
// 4/3, rows 1 apart): near a row's top and bottom the zig-zag edges decide
// between this row and the next.
struct PlaneCell {
    std::int64_t x = 0, y = 0;
};
TOROID_HD PlaneCell cell_at(std::int64_t sx, std::int64_t sy, bool hexagonal) {
    PlaneCell c{floor_cells(sx), floor_cells(sy)};
    if (!hexagonal) return c;
    // Row y starts at plane x - y/2: in that row's frame the cell is floor(sx + y/2).
    auto frame_x = [&](std::int64_t row) { return sx + row * (kSubcell / 2); };
    const std::int64_t fy = sy - c.y * kSubcell;  // 0 .. kSubcell-1 within the row band
    const std::int64_t fx = frame_x(c.y) & (kSubcell - 1);
    const std::int64_t half = fx < kSubcell - fx ? fx : kSubcell - fx;  // to nearest side
    // Top edge of the hexagon at fy = 1/6 - (2/3) * half; bottom at 5/6 + (2/3) * half.
    if (6 * fy < kSubcell && 3 * (6 * fy) < 3 * kSubcell - 12 * half) --c.y;
    if (6 * fy > 5 * kSubcell && 3 * (6 * fy) >= 15 * kSubcell + 12 * half) ++c.y;
    c.x = floor_cells(frame_x(c.y));
    return c;
}

// The inverse of cell_at: plane x (1/kSubcell) of the left edge of cell
// (x, y)'s square, or of its hexagon's row band (row y is shifted left by y/2).
TOROID_HD std::int64_t cell_plane_x(std::int64_t x, std::int64_t y, bool hexagonal) {
    return x * kSubcell - (hexagonal ? y * (kSubcell / 2) : 0);
}

// Whether plane point (sx, sy) lies on the torus as drawn: anywhere when the
// plane wraps along an axis, else inside the one copy (what is not is drawn
// in the outside colour). Front ends hit-test clicks with it.
TOROID_HD bool on_drawn_torus(const RenderParams& p, std::int64_t sx, std::int64_t sy) {
    const bool in_x = !p.clip_x || (sx >= p.clip_lo_x * kSubcell &&
                                    sx < (p.clip_lo_x + p.torus_width) * kSubcell);
    const bool in_y = !p.clip_y || (sy >= p.clip_lo_y * kSubcell &&
                                    sy < (p.clip_lo_y + p.torus_height) * kSubcell);
    return in_x && in_y;
}

// Live cells and cells read by a zoomed-out pixel.
struct Count {
    std::uint64_t live = 0, area = 0;
};

// Word w of a row whose word 0 is at `row` (column strips: further on).
TOROID_HD std::int64_t word_offset(const PlaneView& v, std::int64_t w) {
    return v.strip_words ? w + (w / v.strip_words) * v.strip_skip : w;
}

// Live cells among view columns [begin, end) (begin < end <= view width)
// of the row whose word 0 is at `row`.
TOROID_HD std::uint64_t count_span(const PlaneView& v, const std::uint64_t* row, std::int64_t begin,
                                   std::int64_t end) {
    const std::int64_t first = begin >> 6, last = (end - 1) >> 6;
    std::uint64_t n = 0;
    for (std::int64_t w = first; w <= last; ++w) {
        std::uint64_t word = row[word_offset(v, w)];
        if (w == first) word &= ~std::uint64_t(0) << (begin & 63);
        if (w == last) word &= ~std::uint64_t(0) >> (63 - ((end - 1) & 63));
        n += std::uint64_t(popcount64(word));
    }
    return n;
}

// Live cells of the run of `len` cells (1 <= len <= torus width) from view
// column `start` (0 <= start < torus width) of that row, wrapping at the
// torus' edge. A run inside one word (up to 64:1) is one masked popcount.
TOROID_HD std::uint64_t count_run(const PlaneView& v, const std::uint64_t* row, std::int64_t start,
                                  std::int64_t len) {
    if ((start & 63) + len <= 64 && start + len <= v.torus_width) {
        const std::uint64_t mask = ~std::uint64_t(0) >> (64 - len);
        return std::uint64_t(popcount64((row[word_offset(v, start >> 6)] >> (start & 63)) & mask));
    }
    if (start + len <= v.torus_width) return count_span(v, row, start, start + len);
    return count_span(v, row, start, v.torus_width) +
           count_span(v, row, 0, start + len - v.torus_width);
}

// Bits [bit, bit + 64) of the word pair (lo, then hi) as one word; only the
// low 64 - bit come from lo (bit in 0..63; no shift by 64).
TOROID_HD std::uint64_t funnel(std::uint64_t lo, std::uint64_t hi, std::int64_t bit) {
    return (lo >> bit) | ((hi << 1) << (63 - bit));
}

// Zoomed out: the cells of rows [row0, row1) whose top-left corners lie in
// the plane span [x0, x1) (hexagonal rules: row y read from x + y/2, so the
// run moves right by one cell every other row). Per masked word, not per
// cell or per row's arithmetic: rows and the run's start are wrapped once,
// then stepped, and a run of up to 64 cells (zoomed out up to 64:1) is one
// popcount of one word, or of two words joined, at addresses kept from row
// to row (square cells: fixed; hexagons: moved when the run enters the
// next word). No division, no branch that depends on the row's content.
TOROID_HD Count count_pixel(const RenderParams& p, const PlaneView& v, std::int64_t x0,
                            std::int64_t x1, std::int64_t row0, std::int64_t row1) {
    Count n;
    if (row1 <= row0) return n;
    const std::int64_t width = v.torus_width;
    std::int64_t row = wrap(row0 - v.origin_y, v.torus_height);
    const std::uint64_t* at = v.words + row * v.stride + v.offset;
    const std::int64_t half = p.hexagonal ? kSubcell / 2 : 0;  // the run's shift per row
    std::int64_t a = x0 + row0 * half, b = x1 + row0 * half;   // the span in row row0's frame
    std::int64_t c0 = ceil_cells(a);
    std::int64_t start = wrap(c0 - v.origin_x, width);
    if (!p.hexagonal) {
        std::int64_t len = ceil_cells(b) - c0;
        if (len > width) len = width;
        if (len <= 0) return n;
        n.area = std::uint64_t(len) * std::uint64_t(row1 - row0);
        if (len <= 64 && start + len <= width) {
            const std::int64_t lo = word_offset(v, start >> 6), bit = start & 63;
            const std::int64_t hi = word_offset(v, (start + len - 1) >> 6);
            const std::uint64_t mask = ~std::uint64_t(0) >> (64 - len);
            if (lo == hi) {  // one word per row
                for (std::int64_t y = row0; y < row1; ++y) {
                    n.live += std::uint64_t(popcount64((at[lo] >> bit) & mask));
                    at += v.stride;
                    if (++row == v.torus_height) row = 0, at = v.words + v.offset;
                }
            } else {  // two words joined
                for (std::int64_t y = row0; y < row1; ++y) {
                    n.live += std::uint64_t(popcount64(funnel(at[lo], at[hi], bit) & mask));
                    at += v.stride;
                    if (++row == v.torus_height) row = 0, at = v.words + v.offset;
                }
            }
            return n;
        }
        for (std::int64_t y = row0; y < row1; ++y) {  // wider, or across the torus' edge
            n.live += count_run(v, at, start, len);
            at += v.stride;
            if (++row == v.torus_height) row = 0, at = v.words + v.offset;
        }
        return n;
    }
    std::int64_t word = start >> 6;
    std::int64_t lo = word_offset(v, word), next = word_offset(v, word + 1);
    for (std::int64_t y = row0; y < row1; ++y) {
        const std::int64_t c = ceil_cells(a);
        start += c - c0;  // 0 or 1 cell further
        if (start >= width) start -= width;
        c0 = c;
        if ((start >> 6) != word) {  // entered the next word (or wrapped): every 128 rows
            word = start >> 6;
            lo = word_offset(v, word);
            next = word_offset(v, word + 1);
        }
        std::int64_t len = ceil_cells(b) - c;
        if (len > width) len = width;
        if (len > 0) {
            if (len <= 64 && start + len <= width) {
                const std::int64_t hi = ((start + len - 1) >> 6) == word ? lo : next;
                const std::uint64_t mask = ~std::uint64_t(0) >> (64 - len);
                n.live += std::uint64_t(popcount64(funnel(at[lo], at[hi], start & 63) & mask));
            } else {
                n.live += count_run(v, at, start, len);
            }
            n.area += std::uint64_t(len);
        }
        a += half;
        b += half;
        at += v.stride;
        if (++row == v.torus_height) row = 0, at = v.words + v.offset;
    }
    return n;
}

// A zoomed-out pixel's colour: background when empty; else the live colour
// (AnyLive), or a log-scale density where any live cell shows (level >= 48)
// and a full block is the live colour.
TOROID_HD std::uint32_t density_colour(const RenderRequest& q, const Count& n) {
    if (n.live == 0) return q.palette.dead;
    if (q.density == DensityMode::AnyLive) return q.palette.live;
    // Both logarithms are below 2^14 (counts below 2^64): a 32-bit division.
    const std::uint32_t level =
        48 + std::uint32_t(207 * log2_fixed(n.live + 1)) / std::uint32_t(log2_fixed(n.area + 1));
    return blend(q.palette.dead, q.palette.live, level);
}

// The same for `live` cells among `area` (area >= 1): the tree renderer of
// the hashlife backend counts its own squares.
TOROID_HD std::uint32_t density_colour(const RenderRequest& q, std::uint64_t live,
                                       std::uint64_t area) {
    return density_colour(q, Count{live, area});
}

// Colour of image pixel (px, py).
TOROID_HD std::uint32_t render_pixel(const RenderParams& p, const PlaneView& v, std::int64_t px,
                                     std::int64_t py) {
    const RenderRequest& q = p.request;
    const RenderPalette& pal = q.palette;
    std::int64_t x0 = q.centre_x + (px - q.width / 2) * q.step, x1 = x0 + q.step;
    std::int64_t y0 = q.centre_y + (py - q.height / 2) * q.step, y1 = y0 + q.step;
    if (!clip_span(x0, x1, p.clip_x, p.clip_lo_x, v.torus_width) ||
        !clip_span(y0, y1, p.clip_y, p.clip_lo_y, v.torus_height))
        return pal.outside;

    if (q.step < kSubcell) {  // zoomed in: the cell under the pixel's centre
        const std::int64_t sx = x0 + (x1 - x0) / 2, sy = y0 + (y1 - y0) / 2;
        const PlaneCell c = cell_at(sx, sy, p.hexagonal);
        if (q.grid_lines && q.step * 4 <= kSubcell) {
            const PlaneCell left = cell_at(sx - q.step, sy, p.hexagonal);
            const PlaneCell up = cell_at(sx, sy - q.step, p.hexagonal);
            const bool vertical = left.x != c.x || left.y != c.y;
            const bool horizontal = up.x != c.x || up.y != c.y;
            if (vertical || horizontal) {
                const bool bold = !p.hexagonal && q.bold_every > 0 &&
                                  ((vertical && wrap(c.x, q.bold_every) == 0) ||
                                   (horizontal && wrap(c.y, q.bold_every) == 0));
                return bold ? pal.grid_bold : pal.grid;
            }
        }
        if (!view_cell(v, c.x, c.y)) return pal.dead;
        if (v.ages) {
            const std::int64_t ax = wrap(c.x - v.origin_x, v.torus_width);
            const std::int64_t ay = wrap(c.y - v.origin_y, v.torus_height);
            const std::uint64_t age = v.ages[ay * v.width + ax];
            // Newborn cells in the live colour, darkening towards old_age by 2^8 generations.
            std::int64_t t = (log2_fixed(age ? age : 1) * 255) / (8 * 256);
            return blend(pal.live, pal.old_age, std::uint32_t(t > 255 ? 255 : t));
        }
        return pal.live;
    }

    // Zoomed out: the cells whose top-left corner lies inside the pixel.
    const Count n = count_pixel(p, v, x0, x1, ceil_cells(y0), ceil_cells(y1));
    return density_colour(q, n);
}

// The kernel body: thread (x, y) of the launch draws pixel (x, y).
TOROID_HD void render_body(const LaunchIndex& idx, const RenderParams& p, const PlaneView& v,
                           std::uint32_t* pixels, std::int64_t pitch) {
    const std::int64_t px = idx.global_x(), py = idx.global_y();
    if (px >= p.request.width || py >= p.request.height) return;
    pixels[py * pitch + px] = render_pixel(p, v, px, py);
}

// Launch shape of an image: 16 x 16 pixels per block.
inline Index3 render_grid_dim(const RenderRequest& q) {
    return Index3{std::uint32_t((q.width + kRenderBlock - 1) / kRenderBlock),
                  std::uint32_t((q.height + kRenderBlock - 1) / kRenderBlock), 1};
}
inline Index3 render_block_dim() {
    return Index3{kRenderBlock, kRenderBlock, 1};
}

// Host: the per-image parameters of a request on a torus.
inline RenderParams make_render_params(const RenderRequest& q, bool hexagonal,
                                       std::int64_t torus_width, std::int64_t torus_height) {
    RenderParams p;
    p.request = q;
    if (p.request.step < 1) p.request.step = 1;
    p.hexagonal = hexagonal;
    p.torus_width = torus_width;
    p.torus_height = torus_height;
    // The image spans width * step of the plane; wider than the torus: one copy.
    p.clip_x = std::int64_t(q.width) * p.request.step > torus_width * kSubcell;
    p.clip_y = std::int64_t(q.height) * p.request.step > torus_height * kSubcell;
    p.clip_lo_x = floor_div(q.centre_x, kSubcell) - torus_width / 2;
    p.clip_lo_y = floor_div(q.centre_y, kSubcell) - torus_height / 2;
    return p;
}

}  // namespace toroid::render
