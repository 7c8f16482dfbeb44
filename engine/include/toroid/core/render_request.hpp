// RenderRequest / RenderTarget: what a view of the torus asks a backend to draw.
//
// The viewer (or any other front end) describes one image of the torus as a
// view on the infinite plane that the torus tiles: the plane position at the
// image's centre and how many cells one pixel spans. Positions and the step
// are fixed-point numbers in units of 1/kSubcell cell, so zoom can be any
// value (smooth zoom) and every backend, CPU or GPU, computes exactly the same
// pixels from integers alone:
//
//   pixel px (0 <= px < width) spans plane x in
//     [centre_x + (px - width/2) * step, centre_x + (px - width/2 + 1) * step)
//   (likewise for y). step == kSubcell is 1:1, kSubcell/8 is 8 pixels per
//   cell (1:8 in Golly's words, "zoom 8"), kSubcell*8 is 8 cells per pixel.
//
// Zoomed in (step < kSubcell) a pixel shows the cell under its centre;
// zoomed out it shows the cells whose top-left corners fall inside it, as a
// live-cell density on a log scale, or in the live colour when any is alive
// (Golly's look). When the whole torus is smaller than the image along an
// axis, one copy is drawn around the view's centre and the rest is
// `outside`; otherwise the plane wraps. Hexagonal (H) rules are drawn with
// row y shifted left by y/2 cells, so the six H neighbours of a cell are the
// six cells around its hexagon.
//
// A RenderTarget is plain memory, on the host or on the device, holding
// RGBA8 pixels (red in the low byte), row r at pixels + r * pitch, rows top
// down. It holds no GL type: the viewer owns any GL buffer behind it.
#pragma once

#include <cstdint>

#include "toroid/core/grid.hpp"

namespace toroid {

inline constexpr int kSubcellBits = 20;
inline constexpr std::int64_t kSubcell = std::int64_t(1) << kSubcellBits;

enum class DensityMode : std::uint8_t { LogDensity = 0, AnyLive = 1 };
enum class RenderMemory : std::uint8_t { Host = 0, Device = 1 };

// RGBA8 colours, red in the low byte (as GL_RGBA / GL_UNSIGNED_BYTE reads them).
constexpr std::uint32_t rgba(std::uint32_t r, std::uint32_t g, std::uint32_t b,
                             std::uint32_t a = 255) {
    return r | (g << 8) | (b << 16) | (a << 24);
}

struct RenderPalette {
    std::uint32_t dead = rgba(16, 16, 24);
    std::uint32_t live = rgba(255, 255, 255);
    std::uint32_t outside = rgba(48, 48, 64);
    std::uint32_t grid = rgba(56, 56, 72);
    std::uint32_t grid_bold = rgba(96, 96, 120);
    std::uint32_t old_age = rgba(224, 64, 32);  // colour-by-age: the oldest cells
};

struct RenderRequest {
    std::int32_t width = 0, height = 0;       // pixels
    std::int64_t centre_x = 0, centre_y = 0;  // plane position of the image centre (1/kSubcell)
    std::int64_t step = kSubcell;             // cells per pixel (1/kSubcell), >= 1
    DensityMode density = DensityMode::LogDensity;
    bool grid_lines = false;       // drawn when a cell is >= 4 pixels wide
    std::int32_t bold_every = 10;  // a bold grid line every N cells (0: none)
    RenderPalette palette;
};

struct RenderTarget {
    std::uint32_t* pixels = nullptr;
    std::int32_t width = 0, height = 0;
    std::int64_t pitch = 0;  // pixels from one row to the next
    RenderMemory memory = RenderMemory::Host;
};

// The rectangle of torus cells an image reads (x, y may be negative or past
// the size: wrap them). Its width and height never exceed the torus.
Rect visible_cells(const RenderRequest& request, std::int64_t torus_width,
                   std::int64_t torus_height, bool hexagonal);

// Draws the image on the host from a copy of the visible cells: `cells`
// holds the torus cells from (origin_x, origin_y) on (wrapping), at least
// visible_cells() of them. `ages`, when given, has one entry per cell of
// `cells` (row-major) and colours live cells by age at zoom >= 1.
// `state_colours`, when given (core/state_palette.hpp; one entry per state of
// the rule), draws multi-state cells: zoomed in, a cell in its state's colour
// (where the view would draw the live colour); zoomed out, the density of
// cells in any state but 0. Without it only state 1 is drawn, as live.
// Host targets only; throws std::invalid_argument for a device target.
void render_cells_on_host(const RenderRequest& request, bool hexagonal, std::int64_t torus_width,
                          std::int64_t torus_height, const Grid& cells, std::int64_t origin_x,
                          std::int64_t origin_y, const std::uint16_t* ages,
                          const RenderTarget& target, const std::uint32_t* state_colours = nullptr);

}  // namespace toroid
