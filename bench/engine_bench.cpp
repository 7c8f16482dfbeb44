// Google Benchmark programs for the 2-D engine (the CPU backend; the "cuda"
// backend from the registry, skipped when this build has none or no device
// is present). Items processed are
// cell updates, so the reported rate is cell updates per second.
#include <benchmark/benchmark.h>

#include <memory>

#include "toroid/core/soup.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/error.hpp"

namespace toroid {
namespace {

Grid soup(std::int64_t n) {
    Grid g(n, n);
    fill_soup(g, 0.5, 1);
    return g;
}

void run_dense(benchmark::State& state, Backend& b, std::int64_t n) {
    b.load(soup(n));
    b.step(2);
    for (auto _ : state) {
        b.step(1);
        benchmark::DoNotOptimize(b.population());
    }
    state.SetItemsProcessed(state.iterations() * n * n);
}

void BM_CpuDense(benchmark::State& state, const char* rule) {
    const std::int64_t n = state.range(0);
    CpuBackend b(Rule::parse(rule), {int(state.range(1)), 1});
    state.SetLabel(b.instruction_set() + ", " + std::to_string(b.threads()) + " threads");
    run_dense(state, b, n);
}
BENCHMARK_CAPTURE(BM_CpuDense, life, "B3/S23")
    ->Args({4096, 0})
    ->Args({16384, 0})
    ->Args({4096, 1})
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_CpuDense, highlife, "B36/S23")->Args({4096, 0})->UseRealTime();
BENCHMARK_CAPTURE(BM_CpuDense, hex, "B2/S34H")->Args({4096, 0})->UseRealTime();
BENCHMARK_CAPTURE(BM_CpuDense, von_neumann, "B2/S013V")->Args({4096, 0})->UseRealTime();
BENCHMARK_CAPTURE(BM_CpuDense, stochastic, "B2(1/3)/S12H")->Args({2048, 0})->UseRealTime();

// Acorn to its stabilisation (5206 generations): the cost must not depend on
// the torus size.
void BM_CpuAcorn(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    Grid g(n, n);
    for (auto [x, y] : {std::pair{1, 0}, {3, 1}, {0, 2}, {1, 2}, {4, 2}, {5, 2}, {6, 2}})
        g.set(n / 2 + x, n / 2 + y, true);
    CpuBackend b(Rule(), {0, 0});
    for (auto _ : state) {
        state.PauseTiming();
        b.load(g);
        state.ResumeTiming();
        b.step(5206);
        benchmark::DoNotOptimize(b.population());
    }
}
BENCHMARK(BM_CpuAcorn)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_CudaDense(benchmark::State& state, const char* rule) {
    const std::int64_t n = state.range(0);
    std::unique_ptr<Backend> b;
    try {
        b = create_backend("cuda", Rule::parse(rule), {0, 1});
        b->check_fits(n, n, 1);
    } catch (const InputError& e) {
        state.SkipWithError(e.what());
        return;
    }
    state.SetLabel(b->describe());
    run_dense(state, *b, n);
}
BENCHMARK_CAPTURE(BM_CudaDense, life, "B3/S23")->Arg(16384)->Arg(65536)->UseRealTime();
BENCHMARK_CAPTURE(BM_CudaDense, hex, "B2/S34H")->Arg(16384)->UseRealTime();
BENCHMARK_CAPTURE(BM_CudaDense, stochastic, "B2(1/3)/S12H")->Arg(16384)->UseRealTime();

}  // namespace
}  // namespace toroid

BENCHMARK_MAIN();
