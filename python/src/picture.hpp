// Pictures of tori and patterns for Jupyter (_repr_png_) and for files.
//
// The whole torus (or pattern) scaled by a power of two so that its longer
// side takes at most `max_side` pixels: zoomed in up to 32 pixels per cell
// (grid lines from 4), zoomed out as a log-density image (the viewer's look,
// render_request.hpp). The pixels are the engine's render body
// (Backend::render with a host RenderTarget, or render_cells_on_host for a
// pattern's own grid, exactly what Backend::render's default does), encoded
// by io/png_writer.hpp.
#pragma once

#include <string>

#include "toroid/core/backend.hpp"
#include "toroid/core/grid.hpp"

namespace toroid::python {

// The request that shows a torus_width x torus_height torus whole.
RenderRequest whole_torus_request(std::int64_t torus_width, std::int64_t torus_height,
                                  int max_side);
std::string backend_png(const Backend& backend, int max_side);
std::string grid_png(const Grid& cells, bool hexagonal, int max_side);

}  // namespace toroid::python
