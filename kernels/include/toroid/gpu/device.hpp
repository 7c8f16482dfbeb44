// Host-only facade: is there a usable CUDA device?
#pragma once

#include <cstdint>
#include <string>

#include "toroid/memory.hpp"

namespace toroid::gpu {

// Number of CUDA devices; 0 when there is no driver or no GPU (never throws).
int device_count();
// "NVIDIA H200, sm_90, 139 GiB" or an explanation of why there is none
// ("no CUDA device: ..."), for reports and refusals.
std::string device_description();
// Free memory of the current device (cudaMemGetInfo); throws on CUDA errors.
std::uint64_t device_free_bytes();
// check_memory (toroid/memory.hpp) against the device's free memory; the
// message calls it "device memory on <device>".
void check_device_memory(MemoryRequest request);

}  // namespace toroid::gpu
