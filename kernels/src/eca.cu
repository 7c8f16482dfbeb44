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
// The generations run with the Wolfram number as the LOP3 table, one gate
// per 32-bit half-word (the emulation applies the rule's masks; the two are
// equal for every rule, tests/kernels/test_lop3.cpp): the generation loop is
// instantiated once per rule, and a binary search on the rule (8 uniform
// branches per launch) picks it.
template <int Rule>
__device__ __forceinline__ void eca_generations(const EcaLanePlace& place, EcaLane& lane,
                                                int gens) {
    for (int g = 0; g < gens; ++g) {
        const std::uint64_t from_left =
            __shfl_up_sync(0xffffffffu, lane.w[kernels::kEcaWordsPerLane - 1], 1);
        const std::uint64_t from_right = __shfl_down_sync(0xffffffffu, lane.w[0], 1);
        kernels::eca_lane_generation(place, kernels::EcaLop3Rule<Rule>{}, lane, from_left,
                                     from_right);
    }
}

template <int Lo, int Hi>
__device__ __forceinline__ void eca_generations_for(int rule, const EcaLanePlace& place,
                                                    EcaLane& lane, int gens) {
    if constexpr (Hi - Lo == 1) {
        eca_generations<Lo>(place, lane, gens);
    } else {
        constexpr int mid = (Lo + Hi) / 2;
        if (rule < mid)
            eca_generations_for<Lo, mid>(rule, place, lane, gens);
        else
            eca_generations_for<mid, Hi>(rule, place, lane, gens);
    }
}

__global__ void eca_warp_kernel(EcaLaunchArgs a) {
    const EcaLanePlace place = kernels::eca_lane_place(this_thread(), a.total_words);
    if (!place.active) return;  // uniform over the warp: the shuffles see all 32 lanes
    EcaLane lane;
    kernels::eca_lane_load(place, a, lane);
    eca_generations_for<0, 256>(a.rule, place, lane, a.gens);  // a.rule: uniform
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
    a.rule = rule;
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
