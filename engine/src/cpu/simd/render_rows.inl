// The CPU backend's drawing loop (the plan: cpu_render_rows.hpp). Compiled
// once per instruction set: a pixel's count is popcounts, and without
// -mpopcnt each is a libgcc call of a dozen instructions. Included by
// render_rows_<isa>.cpp with TOROID_RENDER_ROWS_NAME defined.
#include <algorithm>
#include <vector>

#include "../cpu_render_rows.hpp"
#include "toroid/core/render_body.hpp"

namespace toroid::detail {
namespace {

using render::ceil_cells;
using render::funnel;
using render::word_offset;

// Cells [from, from + bits) of a row-major row (from + bits <= torus width)
// into the stream from bit `at` on: ORed in, the piece's last word masked.
void gather_piece(const std::uint64_t* row, std::int64_t from, std::int64_t bits,
                  std::uint64_t* stream, std::int64_t at) {
    const std::uint64_t* src = row + (from >> 6);
    const std::int64_t bit = from & 63, last = ((from + bits - 1) >> 6) - (from >> 6);
    const std::int64_t words = (bits + 63) / 64, shift = at & 63;
    std::uint64_t* dst = stream + (at >> 6);
    for (std::int64_t i = 0; i < words; ++i) {
        std::uint64_t w = funnel(src[i], i + 1 <= last ? src[i + 1] : 0, bit);
        if (i == words - 1 && bits % 64) w &= ~std::uint64_t(0) >> (64 - bits % 64);
        dst[i] |= w << shift;
        if (shift) dst[i + 1] |= w >> (64 - shift);
    }
}

// `bits` cells of the row at `row` from view column `pos` on, wrapping at
// the torus' edge (bits <= torus width), into stream[0 ..], bit 0 first,
// then zeros to the next word and one more word.
void gather(const render::PlaneView& v, const std::uint64_t* row, std::int64_t pos,
            std::int64_t bits, std::uint64_t* stream) {
    const std::int64_t width = v.torus_width, words = (bits + 63) / 64;
    std::fill(stream, stream + words + 1, 0);
    if (!v.strip_words) {  // row-major: one piece, or two around the torus' edge
        const std::int64_t first = std::min(bits, width - pos);
        gather_piece(row, pos, first, stream, 0);
        if (first < bits) gather_piece(row, 0, bits - first, stream, first);
        return;
    }
    std::int64_t q = pos, left = bits;  // column strips: word by word
    for (std::int64_t i = 0; i < words; ++i) {
        std::uint64_t word = 0;
        for (std::int64_t filled = 0; filled < 64 && left > 0;) {
            const std::int64_t m = std::min({64 - filled, width - q, left});
            const std::uint64_t part =
                funnel(row[word_offset(v, q >> 6)], row[word_offset(v, (q + m - 1) >> 6)], q & 63) &
                (~std::uint64_t(0) >> (64 - m));
            word |= part << filled;
            filled += m;
            left -= m;
            q += m;
            if (q == width) q = 0;
        }
        stream[i] = word;
    }
}

// k dividing 64: cells [from, from + bits) of a row-major row (from + bits
// <= torus width) counted straight into the pixels, without a stream: cell
// `from + i` belongs to pixel (o + i) / k, so pixel boundaries fall at the
// same offsets h, h + k, ... of every word: a word holds 64/k - 1 whole
// pixels and the ends of two that straddle words, each of those counted
// once from the two words joined; 64/k popcounts a word. count[-64 .. -1]
// and count[n .. n + 63] take the zeros of the masked bits around the piece.
void count_piece(const std::uint64_t* row, std::int64_t from, std::int64_t bits, std::int64_t o,
                 std::int64_t k, std::uint32_t* count) {
    const std::int64_t h = (((from - o) % k) + k) % k;  // pixel boundaries at offsets h + t k
    const std::int64_t w0 = from >> 6, w1 = (from + bits - 1) >> 6, per = 64 / k;
    const std::uint64_t unit = ~std::uint64_t(0) >> (64 - k);
    // The pixel of word w0's first bit.
    std::int64_t j = floor_div(w0 * 64 - from + o, k);
    auto word_at = [&](std::int64_t w) {
        std::uint64_t word = row[w];
        if (w == w0) word &= ~std::uint64_t(0) << (from & 63);
        if (w == w1) word &= ~std::uint64_t(0) >> (63 - ((from + bits - 1) & 63));
        return word;
    };
    if (h == 0) {
        for (std::int64_t w = w0; w <= w1; ++w, j += per) {
            std::uint64_t word = word_at(w);
            for (std::int64_t t = 0; t < per; ++t, word = k == 64 ? 0 : word >> k)
                count[j + t] += std::uint32_t(popcount64(word & unit));
        }
        return;
    }
    std::uint64_t prev = 0;  // the word before: nothing of the piece
    for (std::int64_t w = w0; w <= w1; ++w, j += per) {
        const std::uint64_t word = word_at(w);
        // Pixel j: the last k - h bits of the word before and the first h of this one.
        count[j] += std::uint32_t(popcount64(funnel(prev, word, 64 - k + h) & unit));
        std::uint64_t rest = word >> h;
        for (std::int64_t t = 1; t < per; ++t, rest >>= (k & 63))
            count[j + t] += std::uint32_t(popcount64(rest & unit));
        prev = word;
    }
    count[j] += std::uint32_t(popcount64(funnel(prev, 0, 64 - k + h) & unit));
}

// The columns of an image row, on the plane: [touch_begin, touch_end) meet
// the one copy, [first, last) lie wholly inside it (all of them when the
// plane wraps along x). Pixels that only meet it are drawn by the body
// (their spans are clipped), the others in the outside colour.
struct Columns {
    std::int64_t touch_begin = 0, first = 0, last = 0, touch_end = 0;
};
Columns columns_of(const render::RenderParams& p, std::int64_t columns) {
    Columns c{0, 0, columns, columns};
    if (!p.clip_x) return c;
    const RenderRequest& q = p.request;
    const std::int64_t lo = p.clip_lo_x * kSubcell, hi = lo + p.torus_width * kSubcell;
    const std::int64_t step = q.step, half = q.width / 2;
    // Pixel px spans [q.centre_x + (px - half) * step, ... + step).
    auto clamp = [&](std::int64_t v) { return std::clamp<std::int64_t>(v, 0, columns); };
    c.touch_begin = clamp(half + floor_div(lo - q.centre_x - step, step) + 1);  // x0 + step > lo
    c.touch_end = clamp(half + ceil_div(hi - q.centre_x, step));                // x0 < hi
    c.first = clamp(half + ceil_div(lo - q.centre_x, step));                    // x0 >= lo
    c.last = clamp(half + floor_div(hi - q.centre_x - step, step) + 1);         // x0 + step <= hi
    c.first = std::max(c.first, c.touch_begin);
    c.last = std::max(std::min(c.last, c.touch_end), c.first);
    return c;
}

void draw_edges(const render::RenderParams& p, const render::PlaneView& v, std::int64_t py,
                std::int64_t columns, const Columns& c, std::uint32_t* out) {
    const std::uint32_t outside = p.request.palette.outside;
    for (std::int64_t px = 0; px < c.touch_begin; ++px) out[px] = outside;
    for (std::int64_t px = c.touch_begin; px < c.first; ++px)
        out[px] = render::render_pixel(p, v, px, py);
    for (std::int64_t px = c.last; px < c.touch_end; ++px)
        out[px] = render::render_pixel(p, v, px, py);
    for (std::int64_t px = c.touch_end; px < columns; ++px) out[px] = outside;
}

// Zoomed out by k whole cells per pixel: the interior pixels [first, last)
// of the row whose span starts at plane y y0.
void sweep_out(const render::RenderParams& p, const render::PlaneView& v, const SweepPlan& plan,
               std::int64_t y0, const Columns& cols, std::uint32_t* out,
               std::vector<std::uint32_t>& counts, std::vector<std::uint64_t>& stream) {
    const RenderRequest& q = p.request;
    const std::int64_t k = plan.cells, step = q.step, n = cols.last - cols.first;
    if (n <= 0) return;
    counts.assign(std::size_t(n + 128), 0);
    stream.resize(std::size_t((n * k + 63) / 64 + 2));
    const std::int64_t x0 = q.centre_x + (cols.first - q.width / 2) * step;
    const std::int64_t row0 = ceil_cells(y0), bits = n * k, width = v.torus_width;
    std::int64_t r = wrap(row0 - v.origin_y, v.torus_height);
    std::uint32_t* count = counts.data() + 64;
    const bool direct = 64 % k == 0 && !v.strip_words;
    for (std::int64_t y = row0; y < row0 + k; ++y) {
        // Pixel j reads cells [c + j k, c + j k + k) of row y (render_body's count_pixel).
        const std::int64_t c = ceil_cells(x0 + (p.hexagonal ? y * (kSubcell / 2) : 0));
        const std::int64_t pos = wrap(c - v.origin_x, width);
        const std::uint64_t* row = v.words + r * v.stride + v.offset;
        if (++r == v.torus_height) r = 0;
        if (direct) {  // one piece, or two around the torus' edge
            const std::int64_t piece = std::min(bits, width - pos);
            count_piece(row, pos, piece, 0, k, count);
            if (piece < bits) count_piece(row, 0, bits - piece, piece, k, count);
        } else if (k > 64) {  // pixels of whole words: a span each
            for (std::int64_t j = 0, at = pos; j < n; ++j) {
                count[j] += std::uint32_t(render::count_run(v, row, at, k));
                at += k;
                if (at >= width) at -= width;
            }
        } else {
            gather(v, row, pos, bits, stream.data());
            const std::uint64_t* s = stream.data();
            const std::uint64_t mask = ~std::uint64_t(0) >> (64 - k);
            for (std::int64_t j = 0, o = 0; j < n; ++j, o += k)
                count[j] +=
                    std::uint32_t(popcount64(funnel(s[o >> 6], s[(o >> 6) + 1], o & 63) & mask));
        }
    }
    std::uint32_t* at = out + cols.first;
    if (plan.colours) {
        for (std::int64_t j = 0; j < n; ++j) at[j] = plan.colours[count[j]];
    } else {
        const std::uint64_t area = std::uint64_t(k) * std::uint64_t(k);
        for (std::int64_t j = 0; j < n; ++j)
            at[j] = render::density_colour(q, render::Count{count[j], area});
    }
}

// Zoomed in on square cells: each interior pixel shows the cell under its
// centre (render_body: the sample is the span's start plus half a step),
// with the grid lines where the cell left of or above the sample differs.
void sweep_in(const render::RenderParams& p, const render::PlaneView& v, std::int64_t y0,
              const Columns& cols, std::uint32_t* out) {
    const RenderRequest& q = p.request;
    const RenderPalette& pal = q.palette;
    const std::int64_t step = q.step, width = v.torus_width;
    const bool lines = q.grid_lines && step * 4 <= kSubcell;
    const std::int64_t bold = q.bold_every;
    const std::int64_t sy = y0 + step / 2, y = render::floor_cells(sy);
    const bool horizontal = lines && render::floor_cells(sy - step) != y;
    const bool bold_row = horizontal && bold > 0 && wrap(y, bold) == 0;
    const std::uint64_t* row = v.words + wrap(y - v.origin_y, v.torus_height) * v.stride + v.offset;
    std::int64_t sx = q.centre_x + (cols.first - q.width / 2) * step + step / 2;
    std::int64_t x = render::floor_cells(sx), left = render::floor_cells(sx - step);
    std::int64_t col = wrap(x - v.origin_x, width), x_bold = bold > 0 ? wrap(x, bold) : 0;
    std::int64_t word_index = col >> 6;
    std::uint64_t word = row[word_offset(v, word_index)];
    for (std::int64_t px = cols.first; px < cols.last; ++px) {
        const bool vertical = lines && left != x;
        if (vertical || horizontal) {
            out[px] = bold_row || (vertical && bold > 0 && x_bold == 0) ? pal.grid_bold : pal.grid;
        } else {
            out[px] = (word >> (col & 63)) & 1u ? pal.live : pal.dead;
        }
        // The next pixel's cell: the same or the next one (a pixel is under a cell).
        sx += step;
        left = x;
        const std::int64_t next = render::floor_cells(sx);
        if (next != x) {
            x = next;
            if (++col == width) col = 0;
            if (bold > 0 && ++x_bold == bold) x_bold = 0;
            if ((col >> 6) != word_index) {
                word_index = col >> 6;
                word = row[word_offset(v, word_index)];
            }
        }
    }
}

// Pixel row py by the sweep; false when the body draws it: rows on the edge
// of the one copy (their spans are clipped), zoomed-in hexagons.
bool sweep_row(const render::RenderParams& p, const render::PlaneView& v, const SweepPlan& plan,
               std::int64_t py, std::int64_t columns, std::uint32_t* out,
               std::vector<std::uint32_t>& counts, std::vector<std::uint64_t>& stream) {
    const RenderRequest& q = p.request;
    const std::int64_t y0 = q.centre_y + (py - q.height / 2) * q.step, y1 = y0 + q.step;
    if (p.clip_y) {
        const std::int64_t lo = p.clip_lo_y * kSubcell, hi = lo + p.torus_height * kSubcell;
        if (y1 <= lo || y0 >= hi) {  // wholly outside the copy
            std::fill(out, out + columns, q.palette.outside);
            return true;
        }
        if (y0 < lo || y1 > hi) return false;
    }
    if (plan.mode == SweepPlan::Mode::PerPixel) return false;
    const Columns cols = columns_of(p, columns);
    draw_edges(p, v, py, columns, cols, out);
    if (plan.mode == SweepPlan::Mode::ZoomedIn)
        sweep_in(p, v, y0, cols, out);
    else
        sweep_out(p, v, plan, y0, cols, out, counts, stream);
    return true;
}

}  // namespace

void TOROID_RENDER_ROWS_NAME(const render::RenderParams& p, const render::PlaneView& v,
                             const SweepPlan& plan, const RenderTarget& target,
                             std::int64_t row_begin, std::int64_t row_end, std::int64_t columns) {
    std::vector<std::uint32_t> counts;
    std::vector<std::uint64_t> stream;
    for (std::int64_t py = row_begin; py < row_end; ++py) {
        std::uint32_t* out = target.pixels + py * target.pitch;
        if (sweep_row(p, v, plan, py, columns, out, counts, stream)) continue;
        for (std::int64_t px = 0; px < columns; ++px) out[px] = render::render_pixel(p, v, px, py);
    }
}

}  // namespace toroid::detail
