// GridView: the GL texture the grid view is drawn from, and how a frame's
// image gets into it. With a backend that renders on its device and a GL
// buffer it could register (GlInterop), the kernel writes into the mapped
// pixel buffer and the texture is filled from it on the GPU; otherwise the
// backend (or the 1-D diagram, or colour-by-age) draws into host memory and
// the image is uploaded. Either way the image is exactly window-sized and
// costs in proportion to its pixels.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app_state.hpp"
#include "interop/gl_interop.hpp"

namespace toroid::view {

class GridView {
  public:
    GridView() = default;
    ~GridView();
    GridView(const GridView&) = delete;
    GridView& operator=(const GridView&) = delete;

    // Draws app's current view into the texture (resizing it to the view).
    void update(AppState& app);
    unsigned texture() const { return texture_; }
    // Copies the image into the bound draw framebuffer's bottom-left
    // width x height pixels, top row at the top (a blit: no shader, no blending).
    void blit(int width, int height) const;
    // "device interop" or "host upload (...why...)".
    const std::string& path() const { return path_; }
    const std::vector<std::uint32_t>& host_pixels() const { return host_; }

  private:
    void resize(int width, int height, bool want_interop);
    void upload_from_host();

    unsigned texture_ = 0, pbo_ = 0, read_fbo_ = 0;
    int width_ = 0, height_ = 0;
    std::vector<std::uint32_t> host_;
    std::unique_ptr<GlInterop> interop_;
    bool interop_tried_ = false;
    std::string path_ = "host upload";
    std::string interop_why_;
};

}  // namespace toroid::view
