// CUDA builds: the GL pixel buffer registered once with CUDA, mapped for each
// frame (write-discard: the kernel overwrites every pixel).
#include <glad/gl.h>  // before cuda_gl_interop.h, which includes GL headers
// clang-format off
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
// clang-format on

#include <stdexcept>

#include "gl_interop.hpp"

namespace toroid::view {
namespace {

std::string cuda_error(const char* call, cudaError_t e) {
    return std::string(call) + " failed: " + cudaGetErrorString(e);
}

class CudaGlInterop final : public GlInterop {
  public:
    explicit CudaGlInterop(cudaGraphicsResource_t r) : resource_(r) {}
    ~CudaGlInterop() override {
        if (mapped_) cudaGraphicsUnmapResources(1, &resource_);
        cudaGraphicsUnregisterResource(resource_);
    }
    std::uint32_t* map() override {
        cudaError_t e = cudaGraphicsMapResources(1, &resource_);
        if (e != cudaSuccess) throw std::runtime_error(cuda_error("cudaGraphicsMapResources", e));
        mapped_ = true;
        void* p = nullptr;
        std::size_t size = 0;
        e = cudaGraphicsResourceGetMappedPointer(&p, &size, resource_);
        if (e != cudaSuccess)
            throw std::runtime_error(cuda_error("cudaGraphicsResourceGetMappedPointer", e));
        return static_cast<std::uint32_t*>(p);
    }
    void unmap() override {
        if (!mapped_) return;
        mapped_ = false;
        const cudaError_t e = cudaGraphicsUnmapResources(1, &resource_);
        if (e != cudaSuccess) throw std::runtime_error(cuda_error("cudaGraphicsUnmapResources", e));
    }

  private:
    cudaGraphicsResource_t resource_ = nullptr;
    bool mapped_ = false;
};

}  // namespace

std::unique_ptr<GlInterop> make_gl_interop(unsigned buffer, std::size_t, std::string& why) {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        cudaGetLastError();
        why = "no CUDA device";
        return nullptr;
    }
    cudaGraphicsResource_t r = nullptr;
    const cudaError_t e =
        cudaGraphicsGLRegisterBuffer(&r, buffer, cudaGraphicsRegisterFlagsWriteDiscard);
    if (e != cudaSuccess) {
        cudaGetLastError();
        why = cuda_error("cudaGraphicsGLRegisterBuffer", e) +
              " (the GL context is not on the NVIDIA driver): images go through the host";
        return nullptr;
    }
    return std::make_unique<CudaGlInterop>(r);
}

}  // namespace toroid::view
