// Launcher of the render kernel (host-callable; used by cuda_backend.cu).
#pragma once

#include <cstdint>

#include "life_kernels.cuh"
#include "toroid/core/render_request.hpp"

namespace toroid::gpu {

// Draws `request` from a device plane (life_kernels.cuh layout) into
// `pixels`, device memory with `pitch` pixels per row. Asynchronous.
void launch_render(const std::uint64_t* plane, const PlaneShape& shape, bool hexagonal,
                   const RenderRequest& request, std::uint32_t* pixels, std::int64_t pitch);

}  // namespace toroid::gpu
