#include <cuda_runtime.h>

#include <string>

#include "cuda_check.cuh"
#include "toroid/gpu/device.hpp"

namespace toroid::gpu {

int device_count() {
    int count = 0;  // left untouched by cudaGetDeviceCount when no driver is present
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        cudaGetLastError();  // clear the sticky error
        return 0;
    }
    return count;
}

std::string device_description() {
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) {
        cudaGetLastError();
        return std::string("no CUDA device: ") + cudaGetErrorString(err);
    }
    if (count == 0) return "no CUDA device found";
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
        return "CUDA device 0 (properties unavailable)";
    return std::string(prop.name) + ", sm_" + std::to_string(prop.major) +
           std::to_string(prop.minor) + ", " + std::to_string(prop.totalGlobalMem >> 30) + " GiB";
}

std::uint64_t device_free_bytes() {
    std::size_t free_bytes = 0, total_bytes = 0;
    TOROID_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    return free_bytes;
}

void check_device_memory(MemoryRequest request) {
    const double free_bytes = static_cast<double>(device_free_bytes());
    int device = 0;
    cudaDeviceProp prop{};
    if (cudaGetDevice(&device) == cudaSuccess &&
        cudaGetDeviceProperties(&prop, device) == cudaSuccess)
        request.memory = std::string("device memory on ") + prop.name;
    else
        request.memory = "device memory";
    check_memory(request, free_bytes);
}

}  // namespace toroid::gpu
