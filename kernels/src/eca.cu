// Elementary (1-D) automata on the GPU: see toroid/gpu/eca.hpp.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "cuda_check.cuh"
#include "toroid/eca/eca_rule.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"
#include "toroid/kernels/eca_warp.hpp"
#include "toroid/memory.hpp"

namespace toroid::gpu {
namespace {

using kernels::EcaLane;
using kernels::EcaLanePlace;
using kernels::EcaLaunchArgs;

// The body is cut at the lane exchange (see toroid/kernels/eca_warp.hpp):
// here the exchange is two warp shuffles, in the host emulation two phases
// over block-shared memory; both hand eca_lane_generation the same words.
__global__ void eca_warp_kernel(EcaLaunchArgs a) {
    const EcaLanePlace place = kernels::eca_lane_place(this_thread(), a.total_words);
    if (!place.active) return;  // uniform over the warp: the shuffles see all 32 lanes
    EcaLane lane;
    kernels::eca_lane_load(place, a, lane);
    for (int g = 0; g < a.gens; ++g) {
        const std::uint64_t from_left =
            __shfl_up_sync(0xffffffffu, lane.w[kernels::kEcaWordsPerLane - 1], 1);
        const std::uint64_t from_right = __shfl_down_sync(0xffffffffu, lane.w[0], 1);
        kernels::eca_lane_generation(place, a.masks, lane, from_left, from_right);
    }
    kernels::eca_lane_store(place, a, lane);
}

}  // namespace

struct EcaDeviceRing::Impl {
    std::int64_t width = 0;
    std::int64_t words = 0;
    DeviceBuffer<std::uint64_t> a, b;  // the state is in `a`
};

EcaDeviceRing::EcaDeviceRing(const EcaRing& ring) : impl_(std::make_unique<Impl>()) {
    impl_->width = ring.width();
    impl_->words = ring.word_count();
    const std::size_t bytes = static_cast<std::size_t>(impl_->words) * sizeof(std::uint64_t);
    check_device_memory({2.0 * static_cast<double>(bytes),
                         "a ring of width " + std::to_string(ring.width()),
                         "2 rings of " + human_bytes(static_cast<double>(bytes)) + " on the device",
                         "choose a smaller --width"});
    impl_->a = DeviceBuffer<std::uint64_t>(static_cast<std::size_t>(impl_->words));
    impl_->b = DeviceBuffer<std::uint64_t>(static_cast<std::size_t>(impl_->words));
    TOROID_CUDA_CHECK(
        cudaMemcpy(impl_->a.get(), ring.words().data(), bytes, cudaMemcpyHostToDevice));
}

EcaDeviceRing::~EcaDeviceRing() = default;
EcaDeviceRing::EcaDeviceRing(EcaDeviceRing&&) noexcept = default;
EcaDeviceRing& EcaDeviceRing::operator=(EcaDeviceRing&&) noexcept = default;

std::int64_t EcaDeviceRing::width() const {
    return impl_->width;
}

void EcaDeviceRing::step(int rule, std::int64_t steps) {
    check_eca_step(rule, steps);
    const std::int64_t blocks = kernels::eca_launch_blocks(impl_->words);
    if (blocks > 0x7fffffff) throw InputError("ring too wide for one grid of CUDA blocks");
    const kernels::LaunchShape l = kernels::eca_launch_shape(impl_->words);
    EcaLaunchArgs a;
    a.width = impl_->width;
    a.total_words = impl_->words;
    a.masks = eca_masks(static_cast<unsigned>(rule));
    while (steps > 0) {
        a.gens = static_cast<int>(std::min<std::int64_t>(steps, kernels::kEcaMaxGenerations));
        a.src = impl_->a.get();
        a.dst = impl_->b.get();
        eca_warp_kernel<<<to_dim3(l.grid), to_dim3(l.block)>>>(a);
        TOROID_CUDA_CHECK(cudaGetLastError());
        std::swap(impl_->a, impl_->b);
        steps -= a.gens;
    }
}

void EcaDeviceRing::synchronize() const {
    TOROID_CUDA_CHECK(cudaDeviceSynchronize());
}

void EcaDeviceRing::download(EcaRing& ring) const {
    if (ring.width() != impl_->width)
        throw std::invalid_argument(
            "EcaDeviceRing::download: ring width differs from the device ring");
    synchronize();
    TOROID_CUDA_CHECK(cudaMemcpy(ring.words().data(), impl_->a.get(),
                                 static_cast<std::size_t>(impl_->words) * sizeof(std::uint64_t),
                                 cudaMemcpyDeviceToHost));
}

void eca_run(EcaRing& ring, int rule, std::int64_t steps) {
    EcaDeviceRing dev(ring);
    dev.step(rule, steps);
    dev.download(ring);
}

}  // namespace toroid::gpu
