// Elementary (1-D) automata on the GPU: see toroid/gpu/eca.hpp.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "toroid/eca_update.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/eca.hpp"

namespace toroid::gpu {
namespace {

#define TOROID_ECA_CUDA_CHECK(call)                                                                   \
    do {                                                                                              \
        const cudaError_t toroid_err_ = (call);                                                       \
        if (toroid_err_ != cudaSuccess)                                                               \
            throw std::runtime_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": " + \
                                     #call + " failed: " + cudaGetErrorString(toroid_err_));          \
    } while (0)

constexpr int kThreads = 256;
constexpr int kTileWords = 2048;            // words advanced per block
constexpr int kBufWords = kTileWords + 4;   // sentinel, halo, tile, halo, sentinel

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

// One launch: every block advances its tile `gens` (1..64) generations.
__global__ void eca_tile_kernel(const std::uint64_t* __restrict__ src, std::uint64_t* __restrict__ dst,
                                std::int64_t width, std::int64_t total_words, int gens, EcaMasks masks) {
    __shared__ std::uint64_t buf[2][kBufWords];
    const std::int64_t first = static_cast<std::int64_t>(blockIdx.x) * kTileWords;
    const std::int64_t left = total_words - first;
    const int count = left < kTileWords ? static_cast<int>(left) : kTileWords;
    const int n = count + 2;  // halo word, tile, halo word at buf[.][1 .. n]
    const bool whole_last = (width & 63) == 0;
    for (int j = threadIdx.x; j < kBufWords; j += blockDim.x) {
        std::uint64_t v = 0;
        if (j >= 1 && j <= n) {
            const std::int64_t w = first - 2 + j;
            v = (w >= 0 && (w < total_words - 1 || (whole_last && w == total_words - 1)))
                    ? src[w]
                    : eca_extract64(src, width, w * 64);
        }
        buf[0][j] = v;
        buf[1][j] = 0;
    }
    __syncthreads();
    for (int g = 0; g < gens; ++g) {
        const std::uint64_t* in = buf[g & 1];
        std::uint64_t* out = buf[(g & 1) ^ 1];
        for (int i = 1 + threadIdx.x; i <= n; i += blockDim.x)
            out[i] = eca_step_word(masks, in[i - 1], in[i], in[i + 1]);
        __syncthreads();
    }
    const std::uint64_t* result = buf[gens & 1];
    for (int j = threadIdx.x; j < count; j += blockDim.x) {
        std::uint64_t v = result[j + 2];
        if (first + j == total_words - 1 && !whole_last) v &= (std::uint64_t{1} << (width & 63)) - 1;
        dst[first + j] = v;
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
    std::size_t free_bytes = 0, total_bytes = 0;
    TOROID_ECA_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (2 * bytes > free_bytes)
        throw InputError("a ring of " + std::to_string(ring.width()) + " cells needs " +
                         std::to_string((2 * bytes) >> 20) + " MiB on the GPU but only " +
                         std::to_string(free_bytes >> 20) + " MiB are free; choose a smaller --width");
    impl_->a = DeviceWords(static_cast<std::size_t>(impl_->words));
    impl_->b = DeviceWords(static_cast<std::size_t>(impl_->words));
    TOROID_ECA_CUDA_CHECK(cudaMemcpy(impl_->a.get(), ring.words().data(), bytes, cudaMemcpyHostToDevice));
}

EcaDeviceRing::~EcaDeviceRing() = default;
EcaDeviceRing::EcaDeviceRing(EcaDeviceRing&&) noexcept = default;
EcaDeviceRing& EcaDeviceRing::operator=(EcaDeviceRing&&) noexcept = default;

std::int64_t EcaDeviceRing::width() const { return impl_->width; }

void EcaDeviceRing::step(int rule, std::int64_t steps) {
    if (rule < 0 || rule > 255)
        throw InputError("elementary rule " + std::to_string(rule) + " is out of range; expected 0..255");
    if (steps < 0)
        throw InputError("number of steps " + std::to_string(steps) + " is negative; expected 0 or more");
    const EcaMasks masks = eca_masks(static_cast<unsigned>(rule));
    const std::int64_t blocks = (impl_->words + kTileWords - 1) / kTileWords;
    if (blocks > 0x7fffffff) throw InputError("ring too wide for one grid of CUDA blocks");
    while (steps > 0) {
        const int gens = static_cast<int>(std::min<std::int64_t>(steps, 64));
        eca_tile_kernel<<<static_cast<unsigned>(blocks), kThreads>>>(impl_->a.get(), impl_->b.get(), impl_->width,
                                                                     impl_->words, gens, masks);
        TOROID_ECA_CUDA_CHECK(cudaGetLastError());
        std::swap(impl_->a, impl_->b);
        steps -= gens;
    }
}

void EcaDeviceRing::synchronize() const { TOROID_ECA_CUDA_CHECK(cudaDeviceSynchronize()); }

void EcaDeviceRing::download(EcaRing& ring) const {
    if (ring.width() != impl_->width)
        throw std::invalid_argument("EcaDeviceRing::download: ring width differs from the device ring");
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
