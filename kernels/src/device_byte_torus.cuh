// DeviceByteTorus: a torus of one byte a cell (states 0..255, row-major, no
// halos) in device memory, twice (current and next), and its crossings to
// the host as canonical grids: what the CUDA backends of multi-state rules
// (named rules, Generations, Larger than Life) share. Their kernels read
// cur() and write next(), then swap().
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "cuda_check.cuh"
#include "toroid/core/grid.hpp"
#include "toroid/core/state_bytes.hpp"

namespace toroid::gpu {

// The cells of cells[0 .. n) in a non-zero state, counted on the device
// (byte_population.hpp; device_byte_torus.cu) into *counter (device memory,
// zeroed here) and returned.
std::uint64_t count_nonzero_bytes(const std::uint8_t* cells, std::int64_t n,
                                  unsigned long long* counter);

class DeviceByteTorus {
  public:
    std::int64_t width() const { return width_; }
    std::int64_t height() const { return height_; }
    std::uint8_t* cur() const { return cells_[0].get(); }
    std::uint8_t* next() const { return cells_[1].get(); }
    void swap() { std::swap(cells_[0], cells_[1]); }

    // The grid's states (already checked against the rule) become cur().
    void load(const Grid& grid) {
        width_ = grid.width();
        height_ = grid.height();
        const std::size_t n = std::size_t(width_ * height_);
        std::vector<std::uint8_t> host(n);
        grid_to_state_bytes(grid, host.data());
        for (auto& b : cells_) b = DeviceBuffer<std::uint8_t>();  // free before allocating
        for (auto& b : cells_) b = DeviceBuffer<std::uint8_t>(n);
        TOROID_CUDA_CHECK(cudaMemcpy(cur(), host.data(), n, cudaMemcpyHostToDevice));
    }

    // cur() as a canonical grid of a rule of `states` states.
    Grid grid(int states) const {
        return grid_from_state_bytes(bytes().data(), width_, height_, states);
    }

    std::uint8_t get(std::int64_t x, std::int64_t y) const {
        std::uint8_t s = 0;
        TOROID_CUDA_CHECK(cudaMemcpy(&s, cur() + offset(x, y), 1, cudaMemcpyDeviceToHost));
        return s;
    }
    void set(std::int64_t x, std::int64_t y, std::uint8_t s) {
        TOROID_CUDA_CHECK(cudaMemcpy(cur() + offset(x, y), &s, 1, cudaMemcpyHostToDevice));
    }

    // Cells in a non-zero state, counted on the device (byte_population.hpp).
    std::uint64_t population() const {
        if (!counter_.get()) counter_ = DeviceBuffer<unsigned long long>(1);
        return count_nonzero_bytes(cur(), width_ * height_, counter_.get());
    }

  private:
    std::size_t offset(std::int64_t x, std::int64_t y) const {
        x = ((x % width_) + width_) % width_;
        y = ((y % height_) + height_) % height_;
        return std::size_t(y * width_ + x);
    }
    std::vector<std::uint8_t> bytes() const {
        std::vector<std::uint8_t> host(std::size_t(width_ * height_));
        TOROID_CUDA_CHECK(cudaMemcpy(host.data(), cur(), host.size(), cudaMemcpyDeviceToHost));
        return host;
    }

    DeviceBuffer<std::uint8_t> cells_[2];
    std::int64_t width_ = 0, height_ = 0;
    mutable DeviceBuffer<unsigned long long> counter_;  // population()'s, allocated once
};

}  // namespace toroid::gpu
