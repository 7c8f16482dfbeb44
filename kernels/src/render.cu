// The render kernel: one thread per pixel of the view, straight from the
// device bit-plane into the target (a GL buffer the viewer mapped, or a
// scratch buffer). The arithmetic is the body in toroid/core/render_body.hpp,
// which the CPU backend and the emulated-launch tests run too.
#include "cuda_check.cuh"
#include "render.cuh"
#include "toroid/core/render_body.hpp"

namespace toroid::gpu {
namespace {

__global__ void render_kernel(render::RenderParams params, render::PlaneView view,
                              std::uint32_t* pixels, std::int64_t pitch) {
    render::render_body(this_thread(), params, view, pixels, pitch);
}

}  // namespace

void launch_render(const std::uint64_t* plane, const PlaneShape& shape, bool hexagonal,
                   const RenderRequest& request, std::uint32_t* pixels, std::int64_t pitch) {
    if (request.width <= 0 || request.height <= 0) return;
    const render::RenderParams params =
        render::make_render_params(request, hexagonal, shape.width, shape.height);
    render::PlaneView view;
    view.words = plane;
    view.stride = shape.stride;
    view.offset = kRowOffset;
    view.torus_width = view.width = shape.width;
    view.torus_height = view.height = shape.height;
    const Index3 g = render::render_grid_dim(request), b = render::render_block_dim();
    render_kernel<<<dim3(g.x, g.y, g.z), dim3(b.x, b.y, b.z)>>>(params, view, pixels, pitch);
    TOROID_CUDA_CHECK(cudaGetLastError());
}

}  // namespace toroid::gpu
