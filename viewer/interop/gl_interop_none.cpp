// Builds without CUDA: no device interop; the viewer uploads host images.
#include "gl_interop.hpp"

namespace toroid::view {

std::unique_ptr<GlInterop> make_gl_interop(unsigned, std::size_t, std::string& why) {
    why = "this build has no CUDA: images are drawn on the host and uploaded";
    return nullptr;
}

}  // namespace toroid::view
