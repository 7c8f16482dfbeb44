// GpuTest: the fixture of every test that needs a CUDA device. Without one
// (no GPU, no driver) each test is skipped, not failed, with the device
// query's answer; scripts/gpu-check.sh runs these suites on a machine with
// a GPU. Fixtures name their suite with an alias, e.g.
//   using CudaBackendTest = toroid::testing::GpuTest;
//   TEST_F(CudaBackendTest, EqualsCpu) { ... }
// Only for the suites built with CUDA (they link toroid_kernels).
#pragma once

#include <gtest/gtest.h>

#include "toroid/gpu/device.hpp"

namespace toroid::testing {

class GpuTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (gpu::device_count() == 0)
            GTEST_SKIP() << "no CUDA device: " << gpu::device_description();
    }
};

}  // namespace toroid::testing
