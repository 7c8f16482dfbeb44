// The CUDA batch backend: shells over the bodies of toroid/kernels/batch_step.hpp
// and census_batch.hpp.
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#include <algorithm>
#include <vector>

#include "cuda_check.cuh"
#include "toroid/gpu/batch.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/kernels/batch_step.hpp"
#include "toroid/kernels/census_batch.hpp"

namespace toroid::gpu {
namespace {

__global__ void batch_step_kernel(kernels::BatchStepArgs a) {
    kernels::batch_step_body(this_thread(), a);
}

__global__ void batch_history_kernel(kernels::BatchHistoryArgs a) {
    kernels::batch_history_body(this_thread(), a);
}

__global__ void census_step_kernel(kernels::CensusStepArgs a) {
    kernels::census_step_body(this_thread(), a);
}

__global__ void census_tile_kernel(kernels::CensusTileArgs a) {
    kernels::census_tile_body(this_thread(), a);
}

__global__ void census_history_kernel(kernels::CensusHistoryArgs a) {
    kernels::census_history_body(this_thread(), a);
}

__global__ void tile_nonzero_kernel(kernels::TileSparseArgs a) {
    kernels::tile_nonzero_body(this_thread(), a);
}

__global__ void tile_sparse_kernel(kernels::TileSparseArgs a) {
    kernels::tile_sparse_body(this_thread(), a);
}

__global__ void gather_tori_kernel(kernels::GatherToriArgs a) {
    kernels::gather_tori_body(this_thread(), a);
}

__global__ void scatter_words_kernel(kernels::ScatterWordsArgs a) {
    kernels::scatter_words_body(this_thread(), a);
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

// Tori in device memory with their rules, seeds and generations, and the
// buffers their history and nonzero words cross through. The backend's
// advance() uploads a batch, steps it and downloads it; a ResidentBatch
// uploads once and keeps it. Buffers are allocated on first use and reused
// (grown when a batch needs more), so a chunk costs its copies and
// launches, not allocations; copies to and from pinned memory run at the
// bus's full speed.
class DeviceTori {
  public:
    std::size_t count() const { return count_; }

    void upload(const TorusBatch& batch) {
        boxes_ready_ = false;
        shape_ = batch.shape;
        count_ = batch.count;
        generations_ = batch.generations;
        rules_host_ = batch.rules;
        seeds_host_ = batch.seeds;
        if (count_ == 0) return;
        const std::size_t words = count_ * std::size_t(shape_.torus_words());
        std::uint64_t* host_words = host_words_.at_least(words);
        std::copy_n(batch.words.data(), words, host_words);
        CompiledRule* host_rules = host_rules_.at_least(count_);
        std::copy_n(batch.rules.data(), count_, host_rules);
        std::uint64_t* host_small = host_small_.at_least(count_);
        std::copy_n(batch.seeds.data(), count_, host_small);
        TOROID_CUDA_CHECK(cudaMemcpyAsync(device_at_least(a_, words), host_words, words * 8,
                                          cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(device_at_least(rules_, count_), host_rules,
                                          count_ * sizeof(CompiledRule), cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(device_at_least(seeds_, count_), host_small, count_ * 8,
                                          cudaMemcpyHostToDevice));
        // The pinned buffers are reused by the next call: wait for the copies.
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        upload_generations();
    }

    // Tori at generation 0 with seed 0 from their nonzero words: only those
    // cross the bus, into tori zeroed on the device.
    void upload(const TorusShape& shape, std::span<const CompiledRule> rules,
                const SparseTori& start) {
        boxes_ready_ = false;
        shape_ = shape;
        count_ = rules.size();
        generations_.assign(count_, 0);
        rules_host_.assign(rules.begin(), rules.end());
        seeds_host_.assign(count_, 0);
        if (count_ == 0) return;
        const std::size_t words = count_ * std::size_t(shape_.torus_words());
        std::uint64_t* tori = device_at_least(a_, words);
        TOROID_CUDA_CHECK(cudaMemsetAsync(tori, 0, words * 8));
        CompiledRule* host_rules = host_rules_.at_least(count_);
        std::copy(rules.begin(), rules.end(), host_rules);
        TOROID_CUDA_CHECK(cudaMemcpyAsync(device_at_least(rules_, count_), host_rules,
                                          count_ * sizeof(CompiledRule), cudaMemcpyHostToDevice));
        TOROID_CUDA_CHECK(cudaMemsetAsync(device_at_least(seeds_, count_), 0, count_ * 8));
        const std::size_t entries = start.index.size();
        if (entries > 0) {
            std::uint32_t* host_torus = host_index_.at_least(2 * entries);
            std::uint32_t* host_index = host_torus + entries;
            for (std::size_t i = 0; i < count_; ++i)
                std::fill(host_torus + start.start[i], host_torus + start.start[i + 1],
                          std::uint32_t(i));
            std::copy(start.index.begin(), start.index.end(), host_index);
            std::uint64_t* host_word = host_words_.at_least(entries);
            std::copy(start.word.begin(), start.word.end(), host_word);
            std::uint32_t* where = device_at_least(sparse_index_, 2 * entries);
            std::uint64_t* what = device_at_least(sparse_word_, entries);
            TOROID_CUDA_CHECK(
                cudaMemcpyAsync(where, host_torus, 2 * entries * 4, cudaMemcpyHostToDevice));
            TOROID_CUDA_CHECK(
                cudaMemcpyAsync(what, host_word, entries * 8, cudaMemcpyHostToDevice));
            const kernels::ScatterWordsArgs a{
                tori, std::uint64_t(shape_.torus_words()), where, where + entries, what, entries};
            scatter_words_kernel<<<blocks_for(entries), kThreads>>>(a);
            TOROID_CUDA_CHECK(cudaGetLastError());
        }
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        upload_generations();
    }

    void download(TorusBatch& batch) {
        const std::size_t words = count_ * std::size_t(shape_.torus_words());
        if (words == 0) return;
        std::uint64_t* host_words = host_words_.at_least(words);
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_words, a_.get(), words * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        std::copy_n(host_words, words, batch.words.data());
        batch.generations = generations_;
    }

    void step(std::uint64_t gens, BatchHistory& history) {
        history.reset(count_, gens);
        if (gens == 0 || count_ == 0) return;
        const std::size_t words = count_ * std::size_t(shape_.torus_words());
        const std::size_t rows = count_ * std::size_t(gens);
        std::uint64_t* hashes = device_at_least(hashes_, rows);
        std::uint32_t* pops = device_at_least(pops_, rows);
        const bool census = history.with_signature;
        std::uint64_t* signatures = census ? device_at_least(signatures_, rows) : nullptr;
        if (census) {
            ensure_boxes();
            for (std::uint64_t g = 0; g < gens; ++g) {
                // Only each torus's region (census_batch.hpp), then its
                // history by signature tiles and the new box.
                const kernels::CensusStepArgs st{a_.get(),
                                                 b_.get(),
                                                 shape_,
                                                 count_,
                                                 rules_.get(),
                                                 seeds_.get(),
                                                 generations_device_.get(),
                                                 g,
                                                 box_now_.get(),
                                                 box_before_.get()};
                const kernels::LaunchShape ss = kernels::census_step_launch(count_);
                census_step_kernel<<<to_dim3(ss.grid), to_dim3(ss.block)>>>(st);
                TOROID_CUDA_CHECK(cudaGetLastError());
                tile_pass(b_.get(), hashes + g * count_, pops + g * count_,
                          signatures + g * count_);
                // Generation t + 1 in a_, its box now; t's box before.
                std::swap(a_, b_);
                std::swap(box_before_, box_now_);
                std::swap(box_now_, box_next_);
            }
        } else {
            boxes_ready_ = false;
            std::uint64_t* in = a_.get();
            std::uint64_t* out = device_at_least(b_, words);
            for (std::uint64_t g = 0; g < gens; ++g) {
                kernels::BatchStepArgs st{
                    in, out, shape_, count_, rules_.get(), seeds_.get(), generations_device_.get(),
                    g};
                batch_step_kernel<<<blocks_for(words), kThreads>>>(st);
                TOROID_CUDA_CHECK(cudaGetLastError());
                kernels::BatchHistoryArgs h{out, shape_, count_, hashes + g * count_,
                                            pops + g * count_};
                batch_history_kernel<<<blocks_for(count_), kThreads>>>(h);
                TOROID_CUDA_CHECK(cudaGetLastError());
                std::swap(in, out);
            }
            if (in != a_.get()) std::swap(a_, b_);  // the last generation in a_
        }
        // Out: the history through pinned memory.
        std::uint64_t* host_hash = host_hash_.at_least(rows);
        std::uint32_t* host_pops = host_pops_.at_least(rows);
        std::uint64_t* host_signatures = census ? host_signatures_.at_least(rows) : nullptr;
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_hash, hashes, rows * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_pops, pops, rows * 4, cudaMemcpyDeviceToHost));
        if (census)
            TOROID_CUDA_CHECK(
                cudaMemcpyAsync(host_signatures, signatures, rows * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        std::copy_n(host_hash, rows, history.hash.data());
        std::copy_n(host_pops, rows, history.population.data());
        if (census) std::copy_n(host_signatures, rows, history.signature.data());
        for (std::uint64_t& gen : generations_) gen += gens;
        upload_generations();
    }

    void nonzero_words(SparseTori& out) {
        out.start.assign(count_ + 1, 0);
        out.index.clear();
        out.word.clear();
        if (count_ == 0) return;
        const std::size_t per_torus = std::size_t(kernels::census_tiles(shape_));
        const std::size_t tiles = count_ * per_torus;
        std::uint64_t* counts = device_at_least(tile_count_, tiles);
        std::uint64_t* offsets = device_at_least(tile_offset_, tiles);
        ensure_boxes();
        kernels::TileSparseArgs a{a_.get(), shape_,  count_,  box_now_.get(),
                                  counts,   offsets, nullptr, nullptr};
        const kernels::LaunchShape l = kernels::census_tile_launch(shape_, count_);
        tile_nonzero_kernel<<<to_dim3(l.grid), to_dim3(l.block)>>>(a);
        TOROID_CUDA_CHECK(cudaGetLastError());
        thrust::exclusive_scan(thrust::device, counts, counts + tiles, offsets);
        // Each torus's start, and the total (the last tile's offset and count).
        std::uint64_t* host_offsets = host_offsets_.at_least(tiles + 1);
        TOROID_CUDA_CHECK(
            cudaMemcpyAsync(host_offsets, offsets, tiles * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(
            cudaMemcpyAsync(host_offsets + tiles, counts + tiles - 1, 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        const std::size_t total = std::size_t(host_offsets[tiles - 1] + host_offsets[tiles]);
        for (std::size_t i = 0; i < count_; ++i) out.start[i] = host_offsets[i * per_torus];
        out.start[count_] = total;
        out.index.resize(total);
        out.word.resize(total);
        if (total == 0) return;
        a.index = device_at_least(sparse_index_, total);
        a.word = device_at_least(sparse_word_, total);
        tile_sparse_kernel<<<to_dim3(l.grid), to_dim3(l.block)>>>(a);
        TOROID_CUDA_CHECK(cudaGetLastError());
        std::uint32_t* host_index = host_index_.at_least(total);
        std::uint64_t* host_word = host_words_.at_least(total);
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_index, a.index, total * 4, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaMemcpyAsync(host_word, a.word, total * 8, cudaMemcpyDeviceToHost));
        TOROID_CUDA_CHECK(cudaStreamSynchronize(nullptr));
        std::copy_n(host_index, total, out.index.data());
        std::copy_n(host_word, total, out.word.data());
    }

    void keep(std::span<const std::size_t> keep) {
        const std::size_t n = keep.size();
        const std::uint64_t torus_words = std::uint64_t(shape_.torus_words());
        if (n > 0) {
            std::uint64_t* host_small = host_small_.at_least(n);
            std::copy(keep.begin(), keep.end(), host_small);
            std::uint64_t* kept = device_at_least(keep_, n);
            TOROID_CUDA_CHECK(cudaMemcpyAsync(kept, host_small, n * 8, cudaMemcpyHostToDevice));
            const kernels::GatherToriArgs g{a_.get(), device_at_least(b_, n * torus_words),
                                            torus_words, kept, n};
            gather_tori_kernel<<<blocks_for(n * torus_words), kThreads>>>(g);
            TOROID_CUDA_CHECK(cudaGetLastError());
            std::swap(a_, b_);
            // Rules and seeds gathered on the host, where they are kept.
            for (std::size_t k = 0; k < n; ++k) {
                rules_host_[k] = rules_host_[keep[k]];
                seeds_host_[k] = seeds_host_[keep[k]];
                generations_[k] = generations_[keep[k]];
            }
            TOROID_CUDA_CHECK(cudaMemcpy(rules_.get(), rules_host_.data(), n * sizeof(CompiledRule),
                                         cudaMemcpyHostToDevice));
            TOROID_CUDA_CHECK(
                cudaMemcpy(seeds_.get(), seeds_host_.data(), n * 8, cudaMemcpyHostToDevice));
            if (boxes_ready_) {
                // The kept tori's boxes; the output buffer (the larger
                // batch's last tori) zeroed, its boxes empty.
                std::vector<kernels::CensusBox> boxes(count_);
                TOROID_CUDA_CHECK(cudaMemcpy(boxes.data(), box_now_.get(),
                                             count_ * sizeof(kernels::CensusBox),
                                             cudaMemcpyDeviceToHost));
                for (std::size_t k = 0; k < n; ++k) boxes[k] = boxes[keep[k]];
                TOROID_CUDA_CHECK(cudaMemcpy(box_now_.get(), boxes.data(),
                                             n * sizeof(kernels::CensusBox),
                                             cudaMemcpyHostToDevice));
                zero_before(n);
            }
        }
        count_ = n;
        generations_.resize(n);
        rules_host_.resize(n);
        seeds_host_.resize(n);
        upload_generations();
    }

  private:
    // The census path's invariant (census_batch.hpp): box_now_ holds the
    // box of a_'s tori, box_before_ that of b_'s. Made here after an upload
    // or a plain step: b_ zeroed, its boxes empty, a_'s measured.
    void ensure_boxes() {
        if (boxes_ready_ || count_ == 0) return;
        const std::size_t words = count_ * std::size_t(shape_.torus_words());
        device_at_least(b_, words);
        device_at_least(box_now_, count_);
        device_at_least(box_before_, count_);
        device_at_least(box_next_, count_);
        std::vector<kernels::CensusBox> whole(count_, kernels::CensusBox::whole(shape_));
        TOROID_CUDA_CHECK(cudaMemcpy(box_now_.get(), whole.data(),
                                     count_ * sizeof(kernels::CensusBox), cudaMemcpyHostToDevice));
        zero_before(count_);
        // The whole of a_ measured (its history row is scratch).
        tile_pass(a_.get(), device_at_least(scratch_hash_, count_),
                  device_at_least(scratch_pops_, count_), device_at_least(scratch_sig_, count_));
        std::swap(box_now_, box_next_);
        boxes_ready_ = true;
    }
    // b_'s first n tori zeroed and their boxes empty.
    void zero_before(std::size_t n) {
        TOROID_CUDA_CHECK(cudaMemsetAsync(b_.get(), 0, n * std::size_t(shape_.torus_words()) * 8));
        const std::vector<kernels::CensusBox> empty(n);
        TOROID_CUDA_CHECK(cudaMemcpy(box_before_.get(), empty.data(),
                                     n * sizeof(kernels::CensusBox), cudaMemcpyHostToDevice));
    }
    // The tiles of `words` inside each torus's region (box_now_ grown,
    // joined with box_before_): this generation's history row and the new
    // boxes into box_next_.
    void tile_pass(const std::uint64_t* words, std::uint64_t* hash, std::uint32_t* population,
                   std::uint64_t* signature) {
        const std::size_t tiles = count_ * std::size_t(kernels::census_tiles(shape_));
        const kernels::CensusTileArgs t{words,
                                        shape_,
                                        count_,
                                        rules_.get(),
                                        box_now_.get(),
                                        box_before_.get(),
                                        device_at_least(tile_pops_, tiles),
                                        device_at_least(tile_hash_, tiles),
                                        device_at_least(tile_box_, tiles)};
        const kernels::LaunchShape ts = kernels::census_tile_launch(shape_, count_);
        census_tile_kernel<<<to_dim3(ts.grid), to_dim3(ts.block)>>>(t);
        TOROID_CUDA_CHECK(cudaGetLastError());
        const kernels::CensusHistoryArgs h{
            t.tile_population, t.tile_hash, t.tile_box,     shape_, count_, hash,
            population,        signature,   box_next_.get()};
        const kernels::LaunchShape hs = kernels::census_history_launch(count_);
        census_history_kernel<<<to_dim3(hs.grid), to_dim3(hs.block)>>>(h);
        TOROID_CUDA_CHECK(cudaGetLastError());
    }

    void upload_generations() {
        if (count_ == 0) return;
        TOROID_CUDA_CHECK(cudaMemcpy(device_at_least(generations_device_, count_),
                                     generations_.data(), count_ * 8, cudaMemcpyHostToDevice));
    }

    TorusShape shape_;
    std::size_t count_ = 0;
    // Of each torus, on the host too (keep() gathers them there).
    std::vector<std::uint64_t> generations_, seeds_host_;
    std::vector<CompiledRule> rules_host_;
    DeviceBuffer<std::uint64_t> a_, b_, hashes_, seeds_, generations_device_, signatures_,
        tile_hash_, tile_count_, tile_offset_, sparse_word_, keep_, scratch_hash_, scratch_sig_;
    DeviceBuffer<std::uint32_t> pops_, tile_pops_, sparse_index_, scratch_pops_;
    DeviceBuffer<kernels::CensusBox> box_now_, box_before_, box_next_, tile_box_;
    bool boxes_ready_ = false;
    DeviceBuffer<CompiledRule> rules_;
    PinnedBuffer<std::uint64_t> host_words_, host_small_, host_hash_, host_signatures_,
        host_offsets_;
    PinnedBuffer<std::uint32_t> host_pops_, host_index_;
    PinnedBuffer<CompiledRule> host_rules_;
};

// A batch kept on the device between chunks (a census's record).
class CudaResidentBatch final : public ResidentBatch {
  public:
    CudaResidentBatch(const TorusShape& shape, std::span<const CompiledRule> rules,
                      const SparseTori& start) {
        tori_.upload(shape, rules, start);
    }
    std::size_t count() const override { return tori_.count(); }
    void advance(std::uint64_t gens, BatchHistory& history) override { tori_.step(gens, history); }
    void nonzero_words(SparseTori& out) override { tori_.nonzero_words(out); }
    void keep(std::span<const std::size_t> keep) override { tori_.keep(keep); }

  private:
    DeviceTori tori_;
};

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

    // Sweeps call advance() once per chunk of generations.
    void advance(TorusBatch& batch, std::uint64_t gens, BatchHistory& history) override {
        history.reset(batch.count, gens);
        if (gens == 0 || batch.count == 0) return;
        tori_.upload(batch);
        tori_.step(gens, history);
        tori_.download(batch);
    }

    std::unique_ptr<ResidentBatch> resident(const TorusShape& shape,
                                            std::span<const CompiledRule> rules,
                                            const SparseTori& start) override {
        return std::make_unique<CudaResidentBatch>(shape, rules, start);
    }

  private:
    DeviceTori tori_;
};

}  // namespace

std::unique_ptr<BatchBackend> make_cuda_batch_backend(const BatchOptions&) {
    if (device_count() == 0) throw std::runtime_error("no CUDA device: " + device_description());
    return std::make_unique<CudaBatchBackend>();
}

}  // namespace toroid::gpu
