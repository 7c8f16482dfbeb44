// The CUDA backend of named rules (rule tables and trees): see
// kernels/src/cuda_named_rule_backend.cu. Golly's built-in families (not
// trees) are refused with UnsupportedRule.
#pragma once

#include <memory>

#include "toroid/core/backend.hpp"

namespace toroid::gpu {

std::unique_ptr<Backend> make_cuda_named_rule_backend(const Rule& rule,
                                                      const BackendOptions& options);

}  // namespace toroid::gpu
