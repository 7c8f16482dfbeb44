// The CUDA batch backend: shells over the bodies of toroid/kernels/batch_step.hpp.
#include <algorithm>

#include "cuda_check.cuh"
#include "toroid/gpu/batch.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/kernels/batch_step.hpp"

namespace toroid::gpu {
namespace {

__global__ void batch_step_kernel(kernels::BatchStepArgs a) {
    kernels::batch_step_body(this_thread(), a);
}

__global__ void batch_history_kernel(kernels::BatchHistoryArgs a) {
    kernels::batch_history_body(this_thread(), a);
}

constexpr unsigned kThreads = 256;

unsigned blocks_for(std::uint64_t threads) {
    return unsigned((threads + kThreads - 1) / kThreads);
}

class CudaBatchBackend final : public BatchBackend {
  public:
    std::string name() const override { return "cuda (" + device_description() + ")"; }
    std::size_t preferred_batch(const TorusShape& shape) const override {
        // About 2^24 words in flight keeps an H100/H200 busy.
        const std::uint64_t words = std::uint64_t(std::max<std::int64_t>(1, shape.torus_words()));
        return std::size_t(
            std::clamp<std::uint64_t>((std::uint64_t(1) << 24) / words, 256, 1u << 20));
    }
    int concurrent_callers() const override { return 1; }

    void advance(TorusBatch& batch, std::uint64_t gens, BatchHistory& history) override {
        history.reset(batch.count, gens);
        if (gens == 0 || batch.count == 0) return;
        const std::size_t words = batch.count * std::size_t(batch.shape.torus_words());
        DeviceBuffer<std::uint64_t> a(words), b(words), seeds(batch.count),
            generations(batch.count);
        DeviceBuffer<CompiledRule> rules(batch.count);
        DeviceBuffer<std::uint64_t> hashes(batch.count * gens);
        DeviceBuffer<std::uint32_t> pops(batch.count * gens);
        TOROID_CUDA_CHECK(
            cudaMemcpy(a.get(), batch.words.data(), words * 8, cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemcpy(rules.get(), batch.rules.data(),
                                     batch.count * sizeof(CompiledRule), cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(
            cudaMemcpy(seeds.get(), batch.seeds.data(), batch.count * 8, cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemcpy(generations.get(), batch.generations.data(), batch.count * 8,
                                     cudaMemcpyHostToDevice));
        std::uint64_t* in = a.get();
        std::uint64_t* out = b.get();
        for (std::uint64_t g = 0; g < gens; ++g) {
            kernels::BatchStepArgs s{in,          out,         batch.shape,       batch.count,
                                     rules.get(), seeds.get(), generations.get(), g};
            batch_step_kernel<<<blocks_for(words), kThreads>>>(s);
            TOROID_CUDA_CHECK(cudaGetLastError());
            kernels::BatchHistoryArgs h{out, batch.shape, batch.count,
                                        hashes.get() + g * batch.count,
                                        pops.get() + g * batch.count};
            batch_history_kernel<<<blocks_for(batch.count), kThreads>>>(h);
            TOROID_CUDA_CHECK(cudaGetLastError());
            std::swap(in, out);
        }
        TOROID_CUDA_CHECK(cudaMemcpy(batch.words.data(), in, words * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaMemcpy(history.hash.data(), hashes.get(), batch.count * gens * 8,
                                     cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaMemcpy(history.population.data(), pops.get(), batch.count * gens * 4,
                                     cudaMemcpyDeviceToHost));
        for (std::size_t i = 0; i < batch.count; ++i) batch.generations[i] += gens;
    }
};

}  // namespace

std::unique_ptr<BatchBackend> make_cuda_batch_backend(const BatchOptions&) {
    if (device_count() == 0) throw std::runtime_error("no CUDA device: " + device_description());
    return std::make_unique<CudaBatchBackend>();
}

}  // namespace toroid::gpu
