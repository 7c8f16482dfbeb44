// The soup census (issue 29): whole soups through `SoupCensusRunner`, and
// the census torus's stepping alone, on the instruction set the process
// may use (TOROID_CPU_ISA caps it: run once per level to compare them).
//   build-dev/bench/bench_census --benchmark_min_time=2
//   TOROID_CPU_ISA=avx2 build-dev/bench/bench_census
// BENCHMARKS.md "Tiles instead of rows" has the side-by-side figures with
// apgsearch; this program is for comparing versions of toroid.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "../engine/src/analysis/census_torus.hpp"
#include "toroid/analysis/soup_census.hpp"
#include "toroid/core/rule.hpp"

namespace {

// 500 soups of apgsearch's k_toroidbench01 (the first of the 4000 in
// BENCHMARKS.md), on the census torus (arg 1) or the CPU backend's (arg 0).
// 10748 objects: what the census reported when this benchmark was written;
// a different count means the benchmark no longer measures the same work.
void BM_CensusSoups(benchmark::State& state) {
    toroid::CensusOptions options;
    options.census_torus = state.range(0) != 0;
    toroid::SoupCensusRunner runner(toroid::Rule::parse("B3/S23"), options);
    constexpr int kSoups = 500;
    for (auto _ : state) {
        std::size_t objects = 0;
        for (int i = 0; i < kSoups; ++i)
            objects += runner.run("k_toroidbench01" + std::to_string(i)).objects.size();
        if (objects != 10748) state.SkipWithError("a different census than 10748 objects");
    }
    state.SetLabel(options.census_torus ? "census torus" : "CPU backend's torus");
    state.counters["soups/s"] = benchmark::Counter(double(kSoups) * double(state.iterations()),
                                                   benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CensusSoups)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

// Stepping alone: a random 48 x 48 soup at the centre of a 1024 torus run
// for 600 generations (its chaotic phase, the census's costly part).
void BM_CensusTorusSteps(benchmark::State& state) {
    const std::int64_t side = 1024;
    std::unique_ptr<toroid::Universe> torus =
        toroid::detail::make_census_torus(toroid::Rule::parse("B3/S23"), side);
    std::mt19937_64 rng(29);
    std::vector<toroid::Cell> soup;
    for (std::int64_t y = 0; y < 48; ++y)
        for (std::int64_t x = 0; x < 48; ++x)
            if (rng() & 1) soup.push_back({side / 2 - 24 + x, side / 2 - 24 + y});
    constexpr int kGenerations = 600;
    for (auto _ : state) {
        torus->start(soup, 0);
        torus->step(kGenerations);
        benchmark::DoNotOptimize(torus->signature());
    }
    state.SetLabel(torus->name());
    state.counters["gens/s"] = benchmark::Counter(double(kGenerations) * double(state.iterations()),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CensusTorusSteps)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
