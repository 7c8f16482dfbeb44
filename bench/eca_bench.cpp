// Elementary (1-D) automata: cell updates per second of the CPU kernels, and
// of the "cuda" 1-D backend from the registry (skipped when this build has
// none or no device is present).
//
//   bench_eca --benchmark_filter=Cpu      # counters: cells/s = cell updates per second
#include <benchmark/benchmark.h>

#include <memory>

#include "toroid/eca/eca_backend.hpp"
#include "toroid/eca/eca_cpu.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/error.hpp"

namespace {

using toroid::EcaCpuKernel;

void run_cpu(benchmark::State& state, EcaCpuKernel kernel, int rule, int threads = 0) {
    if (!toroid::eca_cpu_kernel_available(kernel)) {
        state.SkipWithError("kernel not supported by this CPU");
        return;
    }
    const std::int64_t width = state.range(0);
    const std::int64_t steps = state.range(1);
    toroid::EcaRing ring = toroid::eca_initial_ring(width, "random:1");
    toroid::EcaCpuOptions opt;
    opt.kernel = kernel;
    toroid::ThreadPool pool(threads);
    opt.pool = &pool;
    for (auto _ : state) {
        toroid::eca_step(ring, rule, steps, opt);
        benchmark::DoNotOptimize(ring.words().data());
    }
    state.counters["cells/s"] =
        benchmark::Counter(static_cast<double>(width) * static_cast<double>(steps),
                           benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(toroid::eca_cpu_kernel_name(kernel));
}

void BM_EcaCpuAuto(benchmark::State& s) {
    run_cpu(s, EcaCpuKernel::Auto, 110);
}
void BM_EcaCpuAvx512(benchmark::State& s) {
    run_cpu(s, EcaCpuKernel::Avx512, 110);
}
void BM_EcaCpuAvx2(benchmark::State& s) {
    run_cpu(s, EcaCpuKernel::Avx2, 110);
}
void BM_EcaCpuPortable(benchmark::State& s) {
    run_cpu(s, EcaCpuKernel::Portable, 110);
}
void BM_EcaCpuRule30(benchmark::State& s) {
    run_cpu(s, EcaCpuKernel::Auto, 30);
}
void BM_EcaCpuOneThread(benchmark::State& s) {
    run_cpu(s, EcaCpuKernel::Auto, 110, 1);
}

// 2^24 cells (the target size), 1024 generations per iteration.
BENCHMARK(BM_EcaCpuAuto)
    ->Args({1 << 24, 1024})
    ->Args({1 << 20, 4096})
    ->Args({1 << 28, 64})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_EcaCpuAvx512)->Args({1 << 24, 1024})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EcaCpuAvx2)->Args({1 << 24, 1024})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EcaCpuPortable)->Args({1 << 24, 1024})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EcaCpuOneThread)->Args({1 << 24, 1024})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EcaCpuRule30)->Args({1 << 24, 1024})->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_EcaGpu(benchmark::State& state) {
    const std::int64_t width = state.range(0);
    const std::int64_t steps = state.range(1);
    std::unique_ptr<toroid::EcaBackend> backend;
    try {
        backend = toroid::create_eca_backend("cuda", 110);
        backend->check_fits(width, 1);
    } catch (const toroid::InputError& e) {
        state.SkipWithError(e.what());
        return;
    }
    backend->load(toroid::eca_initial_ring(width, "random:1"));
    for (auto _ : state) {
        backend->step(steps);
        backend->synchronize();
    }
    state.counters["cells/s"] =
        benchmark::Counter(static_cast<double>(width) * static_cast<double>(steps),
                           benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(backend->describe());
}
BENCHMARK(BM_EcaGpu)
    ->Args({1 << 24, 4096})
    ->Args({std::int64_t{1} << 30, 256})
    ->Args({std::int64_t{1} << 34, 64})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
