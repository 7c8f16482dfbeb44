// The CPU backend's drawing loop, one build per instruction set
// (simd/render_rows.inl), chosen by the backend's instruction set.
//
// Rows of pixels are swept rather than drawn pixel by pixel, at a few
// instructions per pixel (and per torus row it covers) instead of a pixel's
// set-up, a division and a colour scale each:
//
//   * zoomed out by k whole cells per pixel (every zoom the keys and the
//     wheel reach, 1:1 included), each torus row a pixel row covers is read
//     once, in order: pixel j takes cells [c + j k, c + j k + k) of it (c:
//     the row's first cell, hexagonal rules shifted by the row), counted
//     with one masked popcount per pixel and word (k dividing 64), from a
//     gathered word stream (other k < 64) or in spans (k > 64); the counts
//     are coloured through a table of the render body's density_colour;
//   * zoomed in on square cells, a row's cells are stepped along with the
//     pixels' centres (one word read per 64 cells).
//
// So the pixels are the body's bit for bit (tests/viewer/test_render_body.cpp
// compares every path with the contract on every instruction set). Pixels
// on the edge of the one copy, zoomed-in hexagons and the frames of a
// smooth zoom between two powers of two are drawn by the body.
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/render_body.hpp"

namespace toroid::detail {

struct SweepPlan {
    enum class Mode { PerPixel, ZoomedIn, ZoomedOut };
    Mode mode = Mode::PerPixel;
    std::int64_t cells = 0;                  // zoomed out: k cells per pixel
    const std::uint32_t* colours = nullptr;  // k <= 64: colour of c live cells of k * k
};

// The plan of an image (host): zoomed out by k whole cells, or zoomed in on
// square cells without ages; `table` holds the colours for k <= 64.
SweepPlan plan_sweep(const render::RenderParams& p, std::vector<std::uint32_t>& table);

using RenderRows = void (*)(const render::RenderParams&, const render::PlaneView&, const SweepPlan&,
                            const RenderTarget&, std::int64_t row_begin, std::int64_t row_end,
                            std::int64_t columns);

void render_rows_portable(const render::RenderParams&, const render::PlaneView&, const SweepPlan&,
                          const RenderTarget&, std::int64_t, std::int64_t, std::int64_t);
void render_rows_avx2(const render::RenderParams&, const render::PlaneView&, const SweepPlan&,
                      const RenderTarget&, std::int64_t, std::int64_t, std::int64_t);

}  // namespace toroid::detail
