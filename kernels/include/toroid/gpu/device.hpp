// Host-only facade: is there a usable CUDA device?
#pragma once

#include <string>

namespace toroid::gpu {

// Number of CUDA devices; 0 when there is no driver or no GPU (never throws).
int device_count();
// "NVIDIA H200 (sm_90, 139 GiB)" or an explanation of why there is none.
std::string device_description();

}  // namespace toroid::gpu
