// CudaBackend: the Backend interface over device-resident bit-planes.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "life_kernels.cuh"
#include "render.cuh"
#include "strip_kernels.cuh"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/row_bits.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/cuda_backend.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/memory.hpp"

namespace toroid::gpu {
namespace {

// Which step kernel runs: TOROID_CUDA_KERNEL=classic (one generation per
// launch, then the edge repair) or strip (toroid/kernels/strip_step.hpp: up
// to 8 generations per launch, edges and population in the step). Classic
// stays the default until a GPU run measures strip faster (docs/gpu.md).
enum class StepKernel { Classic, Strip };

StepKernel step_kernel_from_environment() {
    const char* v = std::getenv("TOROID_CUDA_KERNEL");
    if (!v || !*v || std::string(v) == "classic") return StepKernel::Classic;
    if (std::string(v) == "strip") return StepKernel::Strip;
    throw InputError("TOROID_CUDA_KERNEL=" + std::string(v) + ": expected classic or strip");
}

class CudaBackend final : public Backend {
  public:
    CudaBackend(const Rule& rule, const BackendOptions& options)
        : Backend(rule, options.seed),
          compiled_(rule.compile()),
          kernel_(step_kernel_from_environment()) {
        if (device_count() == 0) throw InputError("--backend cuda: " + device_description());
        sums_ = std::make_unique<PlaneSumScratch>();
        load(Grid(1, 1), 0);
    }

    std::string name() const override { return "cuda"; }
    std::string describe() const override {
        return "cuda (" + device_description() +
               (kernel_ == StepKernel::Strip ? ", strip kernel)" : ")");
    }

    // Host: the caller's canonical planes; device: two planes of padded rows.
    void check_fits(std::int64_t width, std::int64_t height, int caller_planes) const override {
        check_torus_host_memory(width, height, caller_planes, 0, 0, "the cuda backend");
        const double plane = device_plane_words(width, height) * 8.0;
        check_device_memory({2.0 * plane, torus_name(width, height),
                             "2 bit-planes of " + human_bytes(plane) + " for the cuda backend",
                             "choose a smaller size or --backend cpu"});
    }
    std::int64_t width() const override { return shape_.width; }
    std::int64_t height() const override { return shape_.height; }

    // Allocates (or keeps) the planes and zeroes them: no host grid.
    void reset(std::int64_t width, std::int64_t height, std::uint64_t generation) override {
        const PlaneShape s = PlaneShape::of(width, height);
        const std::size_t plane_words = std::size_t(s.plane_words());
        if (s.width != shape_.width || s.height != shape_.height) {
            check_fits(s.width, s.height, 0);  // refuses with the old planes kept
            for (auto& p : plane_) p = DeviceBuffer<std::uint64_t>();  // free before allocating
            for (auto& p : plane_) p = DeviceBuffer<std::uint64_t>(plane_words);
        }
        shape_ = s;
        cur_ = 0;
        population_known_ = false;
        for (auto& p : plane_) TOROID_CUDA_CHECK(cudaMemset(p.get(), 0, plane_words * 8));
        generation_ = generation;
    }

    void load(const Grid& g, std::uint64_t generation) override {
        reset(g.width(), g.height(), generation);
        const PlaneShape& s = shape_;
        TOROID_CUDA_CHECK(cudaMemcpy2D(plane_[0].get() + kRowOffset, std::size_t(s.stride) * 8,
                                       g.words().data(), std::size_t(s.words) * 8,
                                       std::size_t(s.words) * 8, std::size_t(s.height),
                                       cudaMemcpyHostToDevice));
        launch_fix_edges(plane_[0].get(), shape_);
        population_known_ = false;
    }

    // The rows the region reaches, whole: down, pasted on the host, up again
    // (one copy each way per run of rows; the torus is never copied whole).
    void write_region(const Grid& src, std::int64_t x, std::int64_t y) override {
        if (src.height() > shape_.height)
            return Backend::write_region(src, x, y);  // wraps on itself
        const std::int64_t first = ((y % shape_.height) + shape_.height) % shape_.height;
        std::int64_t done = 0;
        std::vector<std::uint64_t> rows;
        while (done < src.height()) {  // at most twice: before and after the wrap
            const std::int64_t top = (first + done) % shape_.height;
            const std::int64_t n = std::min(src.height() - done, shape_.height - top);
            const std::size_t row_bytes = std::size_t(shape_.words) * 8;
            rows.assign(std::size_t(n * shape_.words), 0);
            std::uint64_t* device_rows = plane_[cur_].get() + shape_.word_index(top, 0);
            TOROID_CUDA_CHECK(cudaMemcpy2D(rows.data(), row_bytes, device_rows,
                                           std::size_t(shape_.stride) * 8, row_bytes,
                                           std::size_t(n), cudaMemcpyDeviceToHost));
            for (std::int64_t i = 0; i < n; ++i)
                paste_row_wrapped(rows.data() + i * shape_.words, shape_.width, x,
                                  src.row(done + i).data(), src.width(), true);
            TOROID_CUDA_CHECK(cudaMemcpy2D(device_rows, std::size_t(shape_.stride) * 8, rows.data(),
                                           row_bytes, row_bytes, std::size_t(n),
                                           cudaMemcpyHostToDevice));
            done += n;
        }
        launch_fix_edges(plane_[cur_].get(), shape_);
        population_known_ = false;
    }

    Grid grid() const override {
        Grid g(shape_.width, shape_.height);
        TOROID_CUDA_CHECK(cudaMemcpy2D(
            g.words().data(), std::size_t(shape_.words) * 8, plane_[cur_].get() + kRowOffset,
            std::size_t(shape_.stride) * 8, std::size_t(shape_.words) * 8,
            std::size_t(shape_.height), cudaMemcpyDeviceToHost));
        g.mask_padding();
        return g;
    }

    bool get(std::int64_t x, std::int64_t y) const override {
        wrap(x, y);
        std::uint64_t w = 0;
        TOROID_CUDA_CHECK(cudaMemcpy(&w, word_address(x, y), 8, cudaMemcpyDeviceToHost));
        return (w >> (x % 64)) & 1;
    }

    void set(std::int64_t x, std::int64_t y, bool alive) override {
        wrap(x, y);
        std::uint64_t* address = word_address(x, y);
        std::uint64_t w = 0;
        TOROID_CUDA_CHECK(cudaMemcpy(&w, address, 8, cudaMemcpyDeviceToHost));
        const std::uint64_t bit = std::uint64_t(1) << (x % 64);
        w = alive ? (w | bit) : (w & ~bit);
        TOROID_CUDA_CHECK(cudaMemcpy(address, &w, 8, cudaMemcpyHostToDevice));
        launch_fix_edges(plane_[cur_].get(), shape_);
        population_known_ = false;
    }

    void step(std::uint64_t generations) override {
        if (generations == 0) return;
        population_known_ = false;
        if (kernel_ == StepKernel::Strip) {
            // Launches of 8, 4, 2, 1 generations; the last one counts the population.
            while (generations > 0) {
                const int k =
                    kernels::strip_launch_generations(generations, kernels::strip_max_k(compiled_));
                const bool last = std::uint64_t(k) == generations;
                if (last)
                    TOROID_CUDA_CHECK(
                        cudaMemsetAsync(sums_->device_counter(), 0, sizeof(unsigned long long)));
                launch_strip(plane_[cur_].get(), plane_[1 - cur_].get(), shape_, compiled_, seed_,
                             generation_, k, 0, last ? sums_->device_counter() : nullptr);
                cur_ = 1 - cur_;
                generation_ += std::uint64_t(k);
                generations -= std::uint64_t(k);
            }
            population_known_ = true;
            return;
        }
        for (std::uint64_t g = 0; g < generations; ++g) {
            launch_step(plane_[cur_].get(), plane_[1 - cur_].get(), shape_, compiled_, seed_,
                        generation_);
            cur_ = 1 - cur_;
            launch_fix_edges(plane_[cur_].get(), shape_);
            ++generation_;
        }
    }

    std::uint64_t population() const override {
        if (population_known_) return sums_->read_counter();
        return sums_->sums(plane_[cur_].get(), shape_).population;
    }

    std::uint64_t hash() const override {
        population_known_ = false;  // the counters are reused
        return hash_finish(shape_.width, shape_.height,
                           sums_->sums(plane_[cur_].get(), shape_).hash);
    }

    // --- Rendering: device targets directly (a mapped GL buffer), host
    // targets through a device scratch image and one copy of the pixels.
    bool renders_to_device() const override { return true; }
    void render(const RenderRequest& request, const RenderTarget& target) const override {
        const bool hex = rule_.neighbourhood() == Neighbourhood::Hexagonal;
        if (target.memory == RenderMemory::Device) {
            launch_render(plane_[cur_].get(), shape_, hex, request, target.pixels, target.pitch);
            TOROID_CUDA_CHECK(cudaDeviceSynchronize());
            return;
        }
        const std::size_t count = std::size_t(request.width) * std::size_t(request.height);
        if (render_scratch_.size() < count) render_scratch_ = DeviceBuffer<std::uint32_t>(count);
        launch_render(plane_[cur_].get(), shape_, hex, request, render_scratch_.get(),
                      request.width);
        TOROID_CUDA_CHECK(cudaMemcpy2D(target.pixels, std::size_t(target.pitch) * 4,
                                       render_scratch_.get(), std::size_t(request.width) * 4,
                                       std::size_t(request.width) * 4, std::size_t(request.height),
                                       cudaMemcpyDeviceToHost));
    }

  private:
    // A double: sides up to 2^40 would overflow 64-bit integers.
    static double device_plane_words(std::int64_t width, std::int64_t height) {
        return double((width + 63) / 64 + 2 * kRowOffset) * double(height);
    }
    mutable DeviceBuffer<std::uint32_t> render_scratch_;
    void wrap(std::int64_t& x, std::int64_t& y) const {
        x %= shape_.width;
        y %= shape_.height;
        if (x < 0) x += shape_.width;
        if (y < 0) y += shape_.height;
    }
    std::uint64_t* word_address(std::int64_t x, std::int64_t y) const {
        return plane_[cur_].get() + shape_.word_index(y, x / 64);
    }

    CompiledRule compiled_;
    StepKernel kernel_;
    std::unique_ptr<PlaneSumScratch> sums_;
    mutable bool population_known_ = false;  // counter 0 holds the strip kernel's count
    PlaneShape shape_;
    DeviceBuffer<std::uint64_t> plane_[2];
    int cur_ = 0;
};

}  // namespace

std::unique_ptr<Backend> make_cuda_backend(const Rule& rule, const BackendOptions& options) {
    return std::make_unique<CudaBackend>(rule, options);
}

}  // namespace toroid::gpu
