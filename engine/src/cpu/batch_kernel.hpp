// The vector batch kernel, compiled per instruction set (simd/batch_kernel_*.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "toroid/core/batch_backend.hpp"

namespace toroid::detail {

// Advances tori[0..lanes) (lanes <= 4, one deterministic rule) `gens`
// generations, writing their history; word_keys[i] = splitmix64(i).
using BatchGroupKernel = void (*)(TorusBatch&, const std::size_t*, int, std::uint64_t,
                                  BatchHistory&, const std::uint64_t*);

void batch_group_portable(TorusBatch&, const std::size_t*, int, std::uint64_t, BatchHistory&,
                          const std::uint64_t*);
void batch_group_avx2(TorusBatch&, const std::size_t*, int, std::uint64_t, BatchHistory&,
                      const std::uint64_t*);

}  // namespace toroid::detail
