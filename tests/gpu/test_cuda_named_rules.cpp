// Named rules on the device: the cuda backend against the cpu backend, cell
// for cell, for the shipped WireWorld and random rule tables of every
// neighbourhood (skipped without a GPU; scripts/gpu-check.sh runs it).
#include <random>

#include "gpu_test.hpp"
#include "toroid/analysis/table_selftest.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/soup.hpp"

namespace toroid {
namespace {

class CudaNamedRules : public testing::GpuTest {};

TEST_F(CudaNamedRules, EqualTheCpuCellForCell) {
    for (auto [w, h] : {std::pair<std::int64_t, std::int64_t>{1, 1}, {33, 9}, {1000, 700}}) {
        const Rule rule = Rule::parse("WireWorld");
        Grid start(w, h);
        fill_state_soup(start, 0.5, 4, 7);
        auto gpu = create_backend("cuda", rule, {});
        auto cpu = create_backend("cpu", rule, {});
        gpu->load(start);
        cpu->load(start);
        gpu->step(50);
        cpu->step(50);
        EXPECT_EQ(gpu->grid(), cpu->grid()) << w << "x" << h;
        EXPECT_EQ(gpu->population(), cpu->population());
    }
    SelftestOptions o;
    o.backends = {"cuda", "cpu"};
    o.generations = 5;
    const SelftestReport r = run_table_selftest(200, o);
    EXPECT_EQ(r.failure_count, 0u);
    EXPECT_EQ(r.backends.size(), 2u);
}

}  // namespace
}  // namespace toroid
