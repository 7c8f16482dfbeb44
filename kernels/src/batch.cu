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

// Pinned host memory of T, kept and grown (never shrunk) across calls.
template <class T>
class PinnedBuffer {
  public:
    PinnedBuffer() = default;
    ~PinnedBuffer() {
        if (data_) TOROID_CUDA_WARN(cudaFreeHost(data_));
    }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    T* at_least(std::size_t count) {
        if (count > count_) {
            if (data_) TOROID_CUDA_CHECK(cudaFreeHost(data_));
            data_ = nullptr;
            TOROID_CUDA_CHECK(cudaMallocHost(&data_, count * sizeof(T)));
            count_ = count;
        }
        return data_;
    }

  private:
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

// A device buffer kept and grown (never shrunk) across calls.
template <class T>
T* device_at_least(DeviceBuffer<T>& b, std::size_t count) {
    if (b.size() < count) {
        b = DeviceBuffer<T>();  // free before allocating
        b = DeviceBuffer<T>(count);
    }
    return b.get();
}

// Sweeps call advance() once per chunk of generations: the device buffers
// and the pinned host buffers the data cross through are allocated on the
// first call and reused (grown when a batch needs more), so a chunk costs
// its copies and launches, not allocations; copies to and from pinned
// memory run at the bus's full speed.
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
        const std::size_t count = batch.count;
        const std::size_t words = count * std::size_t(batch.shape.torus_words());
        const std::size_t rows = count * std::size_t(gens);
        std::uint64_t* in = device_at_least(a_, words);
        std::uint64_t* out = device_at_least(b_, words);
        std::uint64_t* hashes = device_at_least(hashes_, rows);
        std::uint32_t* pops = device_at_least(pops_, rows);
        std::uint64_t* seeds = device_at_least(seeds_, count);
        std::uint64_t* generations = device_at_least(generations_, count);
        CompiledRule* rules = device_at_least(rules_, count);

        // In: words, rules, seeds, generations through pinned memory.
        std::uint64_t* host_words = host_words_.at_least(words);
        std::copy_n(batch.words.data(), words, host_words);
        CompiledRule* host_rules = host_rules_.at_least(count);
        std::copy_n(batch.rules.data(), count, host_rules);
        std::uint64_t* host_small = host_small_.at_least(2 * count);
        std::copy_n(batch.seeds.data(), count, host_small);
        std::copy_n(batch.generations.data(), count, host_small + count);
        TOROID_CUDA_CHECK(cudaMemcpyAsync(in, host_words, words * 8, cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(rules, host_rules, count * sizeof(CompiledRule),
                                          cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(seeds, host_small, count * 8, cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(
            cudaMemcpyAsync(generations, host_small + count, count * 8, cudaMemcpyHostToDevice));
        for (std::uint64_t g = 0; g < gens; ++g) {
            kernels::BatchStepArgs s{in, out, batch.shape, count, rules, seeds, generations, g};
            batch_step_kernel<<<blocks_for(words), kThreads>>>(s);
            TOROID_CUDA_CHECK(cudaGetLastError());
            kernels::BatchHistoryArgs h{out, batch.shape, count, hashes + g * count,
                                        pops + g * count};
            batch_history_kernel<<<blocks_for(count), kThreads>>>(h);
            TOROID_CUDA_CHECK(cudaGetLastError());
            std::swap(in, out);
        }
        // Out: words and history through pinned memory.
        std::uint64_t* host_hash = host_hash_.at_least(rows);
        std::uint32_t* host_pops = host_pops_.at_least(rows);
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_words, in, words * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_hash, hashes, rows * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_pops, pops, rows * 4, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        std::copy_n(host_words, words, batch.words.data());
        std::copy_n(host_hash, rows, history.hash.data());
        std::copy_n(host_pops, rows, history.population.data());
        for (std::size_t i = 0; i < count; ++i) batch.generations[i] += gens;
    }

  private:
    DeviceBuffer<std::uint64_t> a_, b_, hashes_, seeds_, generations_;
    DeviceBuffer<std::uint32_t> pops_;
    DeviceBuffer<CompiledRule> rules_;
    PinnedBuffer<std::uint64_t> host_words_, host_small_, host_hash_;
    PinnedBuffer<std::uint32_t> host_pops_;
    PinnedBuffer<CompiledRule> host_rules_;
};

}  // namespace

std::unique_ptr<BatchBackend> make_cuda_batch_backend(const BatchOptions&) {
    if (device_count() == 0) throw std::runtime_error("no CUDA device: " + device_description());
    return std::make_unique<CudaBatchBackend>();
}

}  // namespace toroid::gpu
