// GL pixel-buffer interop: lets a backend that renders on its device write
// the view straight into an OpenGL pixel buffer (no copy through the host).
//
// The viewer owns the GL buffer and this registration; the backend only sees
// a RenderTarget with a device pointer. Two implementations, one per build,
// chosen by CMake (never by #if in the viewer): gl_interop_cuda.cpp
// (cudaGraphicsGLRegisterBuffer) when CUDA is built, gl_interop_none.cpp
// otherwise, whose make_gl_interop() says interop is not available.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace toroid::view {

class GlInterop {
  public:
    virtual ~GlInterop() = default;
    // Maps the buffer for the device; the pointer is valid until unmap().
    virtual std::uint32_t* map() = 0;
    virtual void unmap() = 0;
};

// Registers GL buffer object `buffer` (a GL_PIXEL_UNPACK_BUFFER of `bytes`)
// with the device. nullptr (and `why` filled) when this build or machine
// cannot: no CUDA in the build, no device, or a GL context the driver
// cannot share (Mesa).
std::unique_ptr<GlInterop> make_gl_interop(unsigned buffer, std::size_t bytes, std::string& why);

}  // namespace toroid::view
