// The CUDA toolkit of every .cu file in kernels/src: the one check macro,
// its non-throwing variant, the one device buffer, launch dimensions.
//
// Every CUDA call is checked: TOROID_CUDA_CHECK throws std::runtime_error
// naming the file, line, the call and cudaGetErrorString. Destructors must
// not throw, so they use TOROID_CUDA_WARN, which reports the same on stderr
// instead of dropping the error.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "toroid/core/launch_index.hpp"

#define TOROID_CUDA_CHECK(call)                                                               \
    do {                                                                                      \
        cudaError_t toroid_err_ = (call);                                                     \
        if (toroid_err_ != cudaSuccess)                                                       \
            throw std::runtime_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) + \
                                     ": " + #call +                                           \
                                     " failed: " + cudaGetErrorString(toroid_err_));          \
    } while (0)

#define TOROID_CUDA_WARN(call)                                                        \
    do {                                                                              \
        cudaError_t toroid_err_ = (call);                                             \
        if (toroid_err_ != cudaSuccess)                                               \
            std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, \
                         cudaGetErrorString(toroid_err_));                            \
    } while (0)

namespace toroid::gpu {

// A LaunchShape's dimensions (toroid/kernels/launch_shape.hpp) for <<<...>>>.
inline dim3 to_dim3(const Index3& i) {
    return dim3(i.x, i.y, i.z);
}

// Move-only RAII device buffer of T.
template <class T>
class DeviceBuffer {
  public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count) : count_(count) {
        if (count) TOROID_CUDA_CHECK(cudaMalloc(&data_, count * sizeof(T)));
    }
    ~DeviceBuffer() {
        if (data_) TOROID_CUDA_WARN(cudaFree(data_));
    }
    DeviceBuffer(DeviceBuffer&& o) noexcept : data_(o.data_), count_(o.count_) {
        o.data_ = nullptr, o.count_ = 0;
    }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
        if (this != &o) {
            if (data_) TOROID_CUDA_WARN(cudaFree(data_));
            data_ = o.data_, count_ = o.count_;
            o.data_ = nullptr, o.count_ = 0;
        }
        return *this;
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    T* get() const { return data_; }
    std::size_t size() const { return count_; }

  private:
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

}  // namespace toroid::gpu
