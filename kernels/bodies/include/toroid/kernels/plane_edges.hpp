// Body of the edge kernel: repairs the edge bits of every row of a plane
// (toroid/core/plane_layout.hpp) after a step or an upload. One thread a row.
#pragma once

#include <cstdint>

#include "toroid/core/launch_index.hpp"
#include "toroid/core/plane_layout.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kEdgeThreads = 256;

constexpr LaunchShape edges_launch_shape(const PlaneShape& s) {
    return LaunchShape{Index3{std::uint32_t(blocks_for(s.height, kEdgeThreads)), 1, 1},
                       Index3{kEdgeThreads, 1, 1}};
}

TOROID_HD void fix_edges_body(const LaunchIndex& at, std::uint64_t* plane, const PlaneShape& s) {
    const std::int64_t y = at.global_x();
    if (y >= s.height) return;
    repair_row_edges(s.row(plane, y), s.width);
}

}  // namespace toroid::kernels
