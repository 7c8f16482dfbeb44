// Drawing against stepping: what one viewer frame costs the CPU backend
// (Backend::render of a 1280x720 view) at each zoom, beside what one
// generation of the same torus costs. The viewer must never spend more on
// drawing a frame than on stepping a generation: both are reported as real
// time per iteration, with the same threads.
//
//   bench_render --benchmark_filter=16384
//
// Zoom k: 2^k cells per pixel for k >= 0 (0 is 1:1), 1:2^-k pixels per
// cell for k < 0. The view is centred on the torus (for hexagonal rules on
// the sheared position of its centre, as the viewer fits it). Soups of
// density 0.5, the viewer's default log-density look.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "toroid/core/render_request.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

// One torus per (rule, size), kept between benchmarks: a 16384^2 soup takes
// a while to make.
CpuBackend& torus(const char* rule, std::int64_t n) {
    static std::vector<std::pair<std::string, std::unique_ptr<CpuBackend>>> made;
    const std::string key = std::string(rule) + "/" + std::to_string(n);
    for (auto& [k, b] : made)
        if (k == key) return *b;
    auto b = std::make_unique<CpuBackend>(Rule::parse(rule), BackendOptions{0, 1});
    Grid g(n, n);
    fill_soup(g, 0.5, 1);
    b->load(g);
    b->step(2);
    made.emplace_back(key, std::move(b));
    return *made.back().second;
}

void BM_Render(benchmark::State& state, const char* rule) {
    const std::int64_t n = state.range(0);
    const int k = int(state.range(1));
    CpuBackend& b = torus(rule, n);
    RenderRequest q;
    q.width = 1280;
    q.height = 720;
    q.step = k >= 0 ? kSubcell << k : kSubcell >> -k;
    const bool hex = b.rule().neighbourhood() == Neighbourhood::Hexagonal;
    q.centre_y = n * kSubcell / 2;
    q.centre_x = n * kSubcell / 2 - (hex ? q.centre_y / 2 : 0);
    std::vector<std::uint32_t> pixels(std::size_t(q.width) * std::size_t(q.height));
    const RenderTarget target{pixels.data(), q.width, q.height, q.width, RenderMemory::Host};
    for (auto _ : state) {
        b.render(q, target);
        benchmark::DoNotOptimize(pixels.data());
    }
    state.SetLabel(b.rule().to_string() + (k >= 0 ? ", " + std::to_string(1 << k) + ":1"
                                                  : ", 1:" + std::to_string(1 << -k)));
}

void BM_Step(benchmark::State& state, const char* rule) {
    const std::int64_t n = state.range(0);
    CpuBackend& b = torus(rule, n);
    for (auto _ : state) {
        b.step(1);
        benchmark::DoNotOptimize(b.population());
    }
    state.SetLabel(b.rule().to_string() + ", " + std::to_string(b.threads()) + " threads");
}

void zooms(benchmark::internal::Benchmark* bm) {
    for (std::int64_t n : {4096, 16384})
        for (int k : {-3, 0, 1, 2, 3, 4, 5, 6}) bm->Args({n, k});
}

BENCHMARK_CAPTURE(BM_Render, square, "B3/S23")
    ->Apply(zooms)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Render, hexagonal, "B2/S34H")
    ->Apply(zooms)
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Step, square, "B3/S23")
    ->Args({4096})
    ->Args({16384})
    ->MeasureProcessCPUTime()
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Step, hexagonal, "B2/S34H")
    ->Args({4096})
    ->Args({16384})
    ->MeasureProcessCPUTime()
    ->UseRealTime();

}  // namespace
}  // namespace toroid

BENCHMARK_MAIN();
