// The CUDA backend of Generations and range-r rules: a byte torus in device
// memory (device_byte_torus.cuh), stepped by the bodies of
// kernels/bodies/.../generations_step.hpp (range 1: a thread a cell and the
// live plane's 512-entry table) and range_step.hpp (Larger than Life and
// HROT: running sums in two launches a generation, the rule's runs and
// decision bits in device memory, range_plan.hpp). Cells, populations and
// hashes cross to the host as canonical grids.
//
// Not tested on a GPU yet: the bodies are checked over their whole launch
// grids on the host (tests/kernels/test_multistate_emulated.cpp); this file
// is the thin shell around them, run by tests/gpu/test_cuda_multistate.cpp
// (scripts/gpu-check.sh) where a GPU is lent.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "device_byte_torus.cuh"
#include "toroid/core/grid_states.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/cuda_multistate_backend.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/kernels/generations_step.hpp"
#include "toroid/kernels/range_plan.hpp"
#include "toroid/kernels/range_step.hpp"
#include "toroid/memory.hpp"

namespace toroid::gpu {
namespace {

__global__ void generations_step_kernel(kernels::GenerationsTable table, const std::uint8_t* cur,
                                        std::uint8_t* next, std::int64_t width,
                                        std::int64_t height) {
    kernels::generations_step_body(this_thread(), table, cur, next, width, height);
}
__global__ void range_columns_kernel(kernels::RangeView v, const std::uint8_t* cur) {
    kernels::range_columns_body(this_thread(), v, cur);
}
__global__ void range_box_rows_kernel(kernels::RangeView v, const std::uint8_t* cur,
                                      std::uint8_t* next) {
    kernels::range_box_rows_body(this_thread(), v, cur, next);
}
__global__ void range_prefix_kernel(kernels::RangeView v, const std::uint8_t* cur) {
    kernels::range_prefix_body(this_thread(), v, cur);
}
__global__ void range_runs_kernel(kernels::RangeView v, const std::uint8_t* cur,
                                  std::uint8_t* next) {
    kernels::range_runs_body(this_thread(), v, cur, next);
}

template <class T>
DeviceBuffer<T> upload(const std::vector<T>& host) {
    DeviceBuffer<T> d(host.size());
    if (!host.empty())
        TOROID_CUDA_CHECK(
            cudaMemcpy(d.get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

class CudaMultiStateBackend final : public Backend {
  public:
    CudaMultiStateBackend(const Rule& rule, const BackendOptions& options)
        : Backend(rule, options.seed) {
        if (device_count() == 0) throw InputError("--backend cuda: " + device_description());
        if (rule.range_rule()) {
            plan_ = kernels::range_plan(rule);
            runs_ = upload(plan_.runs);
            odd_runs_ = upload(plan_.odd_runs);
            decide_ = upload(plan_.decide);
        } else {
            table_ = kernels::generations_table(rule.two_state().range1_table(), rule.states());
        }
        load(Grid(1, 1), 0);
    }

    std::string name() const override { return "cuda"; }
    std::string describe() const override {
        return "cuda (" + device_description() + ", multi-state rule " + rule_.to_string() + ")";
    }
    std::int64_t width() const override { return torus_.width(); }
    std::int64_t height() const override { return torus_.height(); }

    void check_fits(std::int64_t width, std::int64_t height, int caller_planes) const override {
        check_torus_host_memory(width, height, caller_planes, 8,
                                double(width) * double(height) / 8.0,
                                "the cuda backend's host copy of the bytes");
        const double cells = double(width) * double(height);
        double bytes = 2.0 * cells;
        std::string what = "2 byte planes of " + human_bytes(cells);
        if (rule_.range_rule()) {
            const double sums = 2.0 * double(plan_.column_entries(width, height)) +
                                4.0 * double(plan_.prefix_entries(width, height)) +
                                4.0 * double(plan_.prefix2_entries(width, height));
            bytes += sums;
            what += " and " + human_bytes(sums) + " of running sums";
        }
        check_device_memory({bytes, torus_name(width, height), what + " for the cuda backend",
                             "choose a smaller size or --backend cpu"});
    }

    void load(const Grid& grid, std::uint64_t generation) override {
        check_grid_states(grid, rule_);
        check_fits(grid.width(), grid.height(), 0);
        const std::int64_t w = grid.width(), h = grid.height();
        columns_ = DeviceBuffer<std::uint16_t>();  // free the old size's first
        prefix_ = DeviceBuffer<std::uint32_t>();
        prefix2_ = DeviceBuffer<std::uint32_t>();
        torus_.load(grid);
        if (rule_.range_rule()) {
            columns_ = DeviceBuffer<std::uint16_t>(std::size_t(plan_.column_entries(w, h)));
            prefix_ = DeviceBuffer<std::uint32_t>(std::size_t(plan_.prefix_entries(w, h)));
            prefix2_ = DeviceBuffer<std::uint32_t>(std::size_t(plan_.prefix2_entries(w, h)));
            view_ = plan_.view(w, h);
            view_.decide = decide_.get();
            view_.runs = runs_.get();
            view_.odd_runs = odd_runs_.get();
            view_.columns = columns_.get();
            view_.prefix = prefix_.get();
            view_.prefix2 = prefix2_.get();
        }
        generation_ = generation;
    }

    Grid grid() const override { return torus_.grid(rule_.states()); }
    bool get(std::int64_t x, std::int64_t y) const override { return torus_.get(x, y) != 0; }
    void set(std::int64_t x, std::int64_t y, bool alive) override {
        torus_.set(x, y, alive ? 1 : 0);
    }

    void step(std::uint64_t generations) override {
        for (std::uint64_t g = 0; g < generations; ++g) {
            if (rule_.range_rule())
                step_range();
            else
                step_generations();
            TOROID_CUDA_CHECK(cudaGetLastError());
            torus_.swap();
            ++generation_;
        }
    }

    std::uint64_t population() const override { return torus_.population(); }
    std::uint64_t hash() const override { return grid().hash(); }

  private:
    void step_generations() {
        const kernels::LaunchShape s = kernels::generations_launch(width(), height());
        generations_step_kernel<<<to_dim3(s.grid), to_dim3(s.block)>>>(
            table_, torus_.cur(), torus_.next(), width(), height());
    }
    void step_range() {
        if (plan_.box) {
            const kernels::LaunchShape c = kernels::range_columns_launch(view_);
            range_columns_kernel<<<to_dim3(c.grid), to_dim3(c.block)>>>(view_, torus_.cur());
            const kernels::LaunchShape r = kernels::range_box_rows_launch(view_);
            range_box_rows_kernel<<<to_dim3(r.grid), to_dim3(r.block)>>>(view_, torus_.cur(),
                                                                         torus_.next());
        } else {
            const kernels::LaunchShape p = kernels::range_prefix_launch(view_);
            range_prefix_kernel<<<to_dim3(p.grid), to_dim3(p.block)>>>(view_, torus_.cur());
            const kernels::LaunchShape r = kernels::range_runs_launch(view_);
            range_runs_kernel<<<to_dim3(r.grid), to_dim3(r.block)>>>(view_, torus_.cur(),
                                                                     torus_.next());
        }
    }

    DeviceByteTorus torus_;
    kernels::GenerationsTable table_;  // range 1
    kernels::RangePlan plan_;          // range r
    DeviceBuffer<kernels::RangeRun> runs_, odd_runs_;
    DeviceBuffer<std::uint32_t> decide_;
    DeviceBuffer<std::uint16_t> columns_;
    DeviceBuffer<std::uint32_t> prefix_, prefix2_;
    kernels::RangeView view_;
};

}  // namespace

std::unique_ptr<Backend> make_cuda_multistate_backend(const Rule& rule,
                                                      const BackendOptions& options) {
    if (rule.named() || !rule.needs_multistate_backend())
        throw InputError("the cuda multi-state backend runs Generations and range-r rules, not " +
                         rule.to_string());
    return std::make_unique<CudaMultiStateBackend>(rule, options);
}

}  // namespace toroid::gpu
