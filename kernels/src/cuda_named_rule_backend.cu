// The CUDA backend of named rules (rule tables, trees: core/rule_tree.hpp):
// a byte torus in device memory, stepped one thread a cell by the body in
// kernels/bodies/.../named_rule_step.hpp (device_byte_torus.cuh), the rule's
// tree in device memory.
// Cells, populations and hashes cross to the host as canonical grids.
//
// Not tested on a GPU yet: the body is checked over its whole launch grid on
// the host (tests/kernels/test_named_rule_emulated.cpp); this file is the
// thin shell around it, run by scripts/gpu-check.sh where a GPU is lent.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "device_byte_torus.cuh"
#include "toroid/core/grid_states.hpp"
#include "toroid/core/rule_tree.hpp"
#include "toroid/error.hpp"
#include "toroid/gpu/cuda_named_rule_backend.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/kernels/named_rule_step.hpp"
#include "toroid/memory.hpp"

namespace toroid::gpu {
namespace {

__global__ void named_rule_step_kernel(kernels::NamedRuleTree tree, const std::uint8_t* cur,
                                       std::uint8_t* next, std::int64_t width,
                                       std::int64_t height) {
    kernels::named_rule_step_body(this_thread(), tree, cur, next, width, height);
}

class CudaNamedRuleBackend final : public Backend {
  public:
    CudaNamedRuleBackend(const Rule& rule, const BackendOptions& options)
        : Backend(rule, options.seed) {
        if (device_count() == 0) throw InputError("--backend cuda: " + device_description());
        const auto* tree = dynamic_cast<const TreeRule*>(rule.state_rule().get());
        if (!tree)
            throw UnsupportedRule("rule " + rule.to_string() +
                                  " is one of Golly's built-in families: the cuda backend runs "
                                  "rule tables and trees; use --backend cpu");
        const RuleTree& t = tree->tree();
        tree_ = DeviceBuffer<std::uint32_t>(t.data.size());
        TOROID_CUDA_CHECK(
            cudaMemcpy(tree_.get(), t.data.data(), t.data.size() * 4, cudaMemcpyHostToDevice));
        view_ = kernels::named_rule_tree(tree_.get(), t.root, t.order);
        load(Grid(1, 1), 0);
    }

    std::string name() const override { return "cuda"; }
    std::string describe() const override {
        return "cuda (" + device_description() + ", named rule " + rule_.to_string() + ")";
    }
    std::int64_t width() const override { return torus_.width(); }
    std::int64_t height() const override { return torus_.height(); }

    void check_fits(std::int64_t width, std::int64_t height, int caller_planes) const override {
        check_torus_host_memory(width, height, caller_planes, 8,
                                double(width) * double(height) / 8.0,
                                "the cuda backend's host copy of the bytes");
        const double bytes = double(width) * double(height);
        check_device_memory({2.0 * bytes, torus_name(width, height),
                             "2 byte planes of " + human_bytes(bytes) + " for the cuda backend",
                             "choose a smaller size or --backend cpu"});
    }

    void load(const Grid& grid, std::uint64_t generation) override {
        check_grid_states(grid, rule_);
        check_fits(grid.width(), grid.height(), 0);
        torus_.load(grid);
        generation_ = generation;
    }

    Grid grid() const override { return torus_.grid(rule_.states()); }
    bool get(std::int64_t x, std::int64_t y) const override { return torus_.get(x, y) != 0; }
    void set(std::int64_t x, std::int64_t y, bool alive) override {
        torus_.set(x, y, alive ? 1 : 0);
    }

    void step(std::uint64_t generations) override {
        const kernels::LaunchShape shape = kernels::named_rule_launch(width(), height());
        for (std::uint64_t g = 0; g < generations; ++g) {
            named_rule_step_kernel<<<to_dim3(shape.grid), to_dim3(shape.block)>>>(
                view_, torus_.cur(), torus_.next(), width(), height());
            TOROID_CUDA_CHECK(cudaGetLastError());
            torus_.swap();
            ++generation_;
        }
    }

    std::uint64_t population() const override { return torus_.population(); }
    std::uint64_t hash() const override { return grid().hash(); }

  private:
    DeviceBuffer<std::uint32_t> tree_;
    kernels::NamedRuleTree view_;
    DeviceByteTorus torus_;
};

}  // namespace

std::unique_ptr<Backend> make_cuda_named_rule_backend(const Rule& rule,
                                                      const BackendOptions& options) {
    return std::make_unique<CudaNamedRuleBackend>(rule, options);
}

}  // namespace toroid::gpu
