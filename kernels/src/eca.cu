// Elementary (1-D) automata on the GPU: see toroid/gpu/eca.hpp.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "toroid/eca/eca_update.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"
#include "toroid/memory.hpp"

namespace toroid::gpu {
namespace {

#define TOROID_ECA_CUDA_CHECK(call)                                                           \
    do {                                                                                      \
        const cudaError_t toroid_err_ = (call);                                               \
        if (toroid_err_ != cudaSuccess)                                                       \
            throw std::runtime_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) + \
                                     ": " + #call +                                           \
                                     " failed: " + cudaGetErrorString(toroid_err_));          \
    } while (0)

// Each warp advances its own tile: 32 lanes x 8 words in registers = 256
// words, i.e. a halo word, 254 ring words, a halo word. Neighbour words
// cross lanes with warp shuffles; warps never wait for each other.
constexpr int kWordsPerThread = 8;
constexpr int kWarpWords = 32 * kWordsPerThread;
constexpr int kWarpTile = kWarpWords - 2;  // ring words advanced per warp
constexpr int kWarpsPerBlock = 8;
constexpr int kThreads = 32 * kWarpsPerBlock;

// Move-only RAII device buffer of 64-bit words.
class DeviceWords {
  public:
    DeviceWords() = default;
    explicit DeviceWords(std::size_t n) {
        if (n) TOROID_ECA_CUDA_CHECK(cudaMalloc(&p_, n * sizeof(std::uint64_t)));
    }
    ~DeviceWords() {
        if (p_) cudaFree(p_);  // no throw from a destructor
    }
    DeviceWords(DeviceWords&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    DeviceWords& operator=(DeviceWords&& o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    std::uint64_t* get() const { return p_; }

  private:
    std::uint64_t* p_ = nullptr;
};

// One launch: every warp advances its tile `gens` (1..64) generations.
// Register word k of lane L is buffer position p = 8L + k, which holds ring
// word first - 1 + p for p <= count + 1 (taken around the ring), 0 beyond.
__global__ void eca_warp_kernel(const std::uint64_t* __restrict__ src,
                                std::uint64_t* __restrict__ dst, std::int64_t width,
                                std::int64_t total_words, int gens, EcaMasks masks) {
    const int lane = static_cast<int>(threadIdx.x & 31);
    const std::int64_t warp =
        static_cast<std::int64_t>(blockIdx.x) * kWarpsPerBlock + (threadIdx.x >> 5);
    const std::int64_t first = warp * kWarpTile;
    if (first >= total_words) return;  // uniform over the warp
    const std::int64_t left = total_words - first;
    const int count = left < kWarpTile ? static_cast<int>(left) : kWarpTile;
    const bool whole_last = (width & 63) == 0;
    std::uint64_t w[kWordsPerThread];
#pragma unroll
    for (int k = 0; k < kWordsPerThread; ++k) {
        const int p = kWordsPerThread * lane + k;
        const std::int64_t word = first - 1 + p;
        std::uint64_t v = 0;
        if (p <= count + 1)
            v = (word >= 0 && (word < total_words - 1 || (whole_last && word == total_words - 1)))
                    ? src[word]
                    : eca_extract64(src, width, word * 64);
        w[k] = v;
    }
    for (int g = 0; g < gens; ++g) {
        std::uint64_t from_left = __shfl_up_sync(0xffffffffu, w[kWordsPerThread - 1], 1);
        std::uint64_t from_right = __shfl_down_sync(0xffffffffu, w[0], 1);
        if (lane == 0) from_left = 0;
        if (lane == 31) from_right = 0;
        std::uint64_t prev = from_left;
#pragma unroll
        for (int k = 0; k < kWordsPerThread; ++k) {
            const std::uint64_t next = k + 1 < kWordsPerThread ? w[k + 1] : from_right;
            const std::uint64_t updated = eca_step_word(masks, prev, w[k], next);
            prev = w[k];
            w[k] = updated;
        }
    }
#pragma unroll
    for (int k = 0; k < kWordsPerThread; ++k) {
        const int p = kWordsPerThread * lane + k;
        if (p < 1 || p > count) continue;
        const std::int64_t word = first - 1 + p;
        std::uint64_t v = w[k];
        if (word == total_words - 1 && !whole_last) v &= (std::uint64_t{1} << (width & 63)) - 1;
        dst[word] = v;
    }
}

}  // namespace

struct EcaDeviceRing::Impl {
    std::int64_t width = 0;
    std::int64_t words = 0;
    DeviceWords a, b;  // the state is in `a`
};

EcaDeviceRing::EcaDeviceRing(const EcaRing& ring) : impl_(std::make_unique<Impl>()) {
    impl_->width = ring.width();
    impl_->words = ring.word_count();
    const std::size_t bytes = static_cast<std::size_t>(impl_->words) * sizeof(std::uint64_t);
    check_device_memory({2.0 * static_cast<double>(bytes),
                         "a ring of width " + std::to_string(ring.width()),
                         "2 rings of " + human_bytes(static_cast<double>(bytes)) + " on the device",
                         "choose a smaller --width"});
    impl_->a = DeviceWords(static_cast<std::size_t>(impl_->words));
    impl_->b = DeviceWords(static_cast<std::size_t>(impl_->words));
    TOROID_ECA_CUDA_CHECK(
        cudaMemcpy(impl_->a.get(), ring.words().data(), bytes, cudaMemcpyHostToDevice));
}

EcaDeviceRing::~EcaDeviceRing() = default;
EcaDeviceRing::EcaDeviceRing(EcaDeviceRing&&) noexcept = default;
EcaDeviceRing& EcaDeviceRing::operator=(EcaDeviceRing&&) noexcept = default;

std::int64_t EcaDeviceRing::width() const {
    return impl_->width;
}

void EcaDeviceRing::step(int rule, std::int64_t steps) {
    if (rule < 0 || rule > 255)
        throw InputError("elementary rule " + std::to_string(rule) +
                         " is out of range; expected 0..255");
    if (steps < 0)
        throw InputError("number of steps " + std::to_string(steps) +
                         " is negative; expected 0 or more");
    const EcaMasks masks = eca_masks(static_cast<unsigned>(rule));
    const std::int64_t warps = (impl_->words + kWarpTile - 1) / kWarpTile;
    const std::int64_t blocks = (warps + kWarpsPerBlock - 1) / kWarpsPerBlock;
    if (blocks > 0x7fffffff) throw InputError("ring too wide for one grid of CUDA blocks");
    while (steps > 0) {
        const int gens = static_cast<int>(std::min<std::int64_t>(steps, 64));
        eca_warp_kernel<<<static_cast<unsigned>(blocks), kThreads>>>(
            impl_->a.get(), impl_->b.get(), impl_->width, impl_->words, gens, masks);
        TOROID_ECA_CUDA_CHECK(cudaGetLastError());
        std::swap(impl_->a, impl_->b);
        steps -= gens;
    }
}

void EcaDeviceRing::synchronize() const {
    TOROID_ECA_CUDA_CHECK(cudaDeviceSynchronize());
}

void EcaDeviceRing::download(EcaRing& ring) const {
    if (ring.width() != impl_->width)
        throw std::invalid_argument(
            "EcaDeviceRing::download: ring width differs from the device ring");
    synchronize();
    TOROID_ECA_CUDA_CHECK(cudaMemcpy(ring.words().data(), impl_->a.get(),
                                     static_cast<std::size_t>(impl_->words) * sizeof(std::uint64_t),
                                     cudaMemcpyDeviceToHost));
}

void eca_run(EcaRing& ring, int rule, std::int64_t steps) {
    EcaDeviceRing dev(ring);
    dev.step(rule, steps);
    dev.download(ring);
}

}  // namespace toroid::gpu
