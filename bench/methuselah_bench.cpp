// Methuselah analysis end to end (run, ship removal, period detection, exact
// lifespan): the figures in docs/benchmarks-methuselah.md.
//   build-meth/bench/bench_methuselah --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include "toroid/analysis/methuselah.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/io/pattern.hpp"

namespace {

struct Named {
    const char* name;
    const char* rle;
    std::uint64_t lifespan;
};

// The same cells as patterns/*.rle (embedded so the program runs anywhere).
const Named kPatterns[] = {
    {"r-pentomino", "x = 3, y = 3\nb2o$2o$bo!", 1103},
    {"acorn", "x = 7, y = 3\nbo$3bo$2o2b3o!", 5206},
    {"rabbits", "x = 7, y = 3\no3b3o$3o2bo$bo!", 17331},
    {"lidka", "x = 9, y = 15\nbo$obo$bo8$8bo$6bobo$5b2obo2$4b3o!", 29055},
};

void BM_Methuselah(benchmark::State& state) {
    const Named& n = kPatterns[state.range(0)];
    const toroid::Pattern p = toroid::parse_pattern(n.rle, n.name);
    std::uint64_t gens = 0;
    for (auto _ : state) {
        const auto r = toroid::analyse_methuselah(p.cells, n.name, toroid::Rule(), {});
        if (!r.stabilised || r.lifespan != n.lifespan) state.SkipWithError("wrong lifespan");
        gens += r.generations_run;
    }
    state.SetLabel(n.name);
    state.counters["gens/s"] = benchmark::Counter(double(gens), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Methuselah)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

// Stepping alone, no analysis: the CPU backend's active tiles on Acorn's
// 5206 generations.
void BM_AcornCpuBackendStep(benchmark::State& state) {
    const toroid::Pattern p = toroid::parse_pattern(kPatterns[1].rle, "acorn");
    const toroid::Grid g = toroid::place_pattern(p, 2048, 2048);
    toroid::CpuBackend b(toroid::Rule(), {int(state.range(0)), 0});
    for (auto _ : state) {
        b.load(g);
        for (int i = 0; i < 5206; ++i) b.step(1);
        benchmark::DoNotOptimize(b.population());
    }
    state.SetLabel(std::to_string(b.threads()) + " threads");
}
BENCHMARK(BM_AcornCpuBackendStep)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
