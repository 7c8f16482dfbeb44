// HashLife on tori (issue 25): the workloads of its targets, in process.
//
//   gun_2_30       the Gosper gun to 2^30 generations on a 2^31 torus (no
//                  glider wraps): Golly's HashLife does this on its plane
//                  (bench/hashlife_golly.sh compares the two programs)
//   soup_10_12     a 50% soup on an N^2 torus to 10^12 generations (the
//                  chaotic start, then the periodic ash for free)
//   gliders_10_15  300 gliders on a 2^20 torus to 10^15 generations
//   lifespan       R-pentomino's whole-torus lifespan on 2^16 (node identity)
// Every iteration starts from a fresh backend (empty caches). Counters:
// nodes live at the end, collections, generations per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>

#include "toroid/analysis/torus_cycle.hpp"
#include "toroid/core/soup.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"
#include "toroid/io/pattern.hpp"

namespace {

using toroid::BackendOptions;
using toroid::Grid;
using toroid::HashLifeBackend;
using toroid::Rule;

constexpr std::uint64_t kBudget = std::uint64_t(2) << 30;

void glider(HashLifeBackend& b, std::int64_t x, std::int64_t y, int sx, int sy) {
    for (auto [dx, dy] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}})
        b.set(x + (sx > 0 ? dx : 2 - dx), y + (sy > 0 ? dy : 2 - dy), true);
}

void report(benchmark::State& state, const HashLifeBackend& b, double generations) {
    state.counters["nodes"] = double(b.store().live_nodes());
    state.counters["collections"] = double(b.store().collections());
    state.counters["gens/s"] =
        benchmark::Counter(generations, benchmark::Counter::kIsIterationInvariantRate);
}

void gun_2_30(benchmark::State& state) {
    const toroid::Pattern gun = toroid::parse_pattern(
        "x = 36, y = 9\n24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4b"
        "obo$10bo5bo7bo$11bo3bo$12b2o!",
        "gun");
    const std::int64_t n = std::int64_t(1) << 31;
    for (auto _ : state) {
        HashLifeBackend b(Rule(), BackendOptions{1, 0, true, kBudget});
        b.reset(n, n);
        b.write_region(gun.cells, n / 2, n / 2);
        b.step(std::uint64_t(1) << 30);
        benchmark::DoNotOptimize(b.population_wide());
        if (state.iterations() == 0) report(state, b, double(std::uint64_t(1) << 30));
    }
}
BENCHMARK(gun_2_30)->Unit(benchmark::kMillisecond);

void soup_10_12(benchmark::State& state) {
    const std::int64_t n = state.range(0);
    Grid g(n, n);
    toroid::fill_soup(g, 0.5, 1);
    for (auto _ : state) {
        HashLifeBackend b(Rule(), BackendOptions{1, 0, true, kBudget});
        b.load(g);
        b.step(1000000000000ull);
        benchmark::DoNotOptimize(b.population());
        report(state, b, 1e12);
    }
}
BENCHMARK(soup_10_12)->Arg(256)->Arg(1024)->Unit(benchmark::kSecond)->Iterations(1);

void gliders_10_15(benchmark::State& state) {
    const std::int64_t n = std::int64_t(1) << 20;
    for (auto _ : state) {
        HashLifeBackend b(Rule(), BackendOptions{1, 0, true, kBudget});
        b.reset(n, n);
        std::mt19937_64 rng(5);
        for (int k = 0; k < 300; ++k)
            glider(b, std::int64_t(rng() % 16384) * 8, std::int64_t(rng() % 16384) * 8,
                   rng() & 1 ? 1 : -1, rng() & 2 ? 1 : -1);
        b.step(1000000000000000ull);
        benchmark::DoNotOptimize(b.population());
        report(state, b, 1e15);
    }
}
BENCHMARK(gliders_10_15)->Unit(benchmark::kMillisecond);

void lifespan(benchmark::State& state) {
    const std::int64_t n = std::int64_t(1) << 16;
    for (auto _ : state) {
        HashLifeBackend b(Rule(), BackendOptions{1, 0, true, kBudget});
        b.reset(n, n);
        for (auto [x, y] : {std::pair{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}})  // R-pentomino
            b.set(n / 2 + x, n / 2 + y, true);
        toroid::TorusCycleOptions o;
        o.max_generations = std::uint64_t(1) << 40;
        o.stride = std::uint64_t(n) / 2;
        const toroid::TorusCycle c = toroid::find_torus_cycle(b, o);
        benchmark::DoNotOptimize(c.start);
        state.counters["lifespan"] = double(c.start);
        state.counters["period"] = double(c.period);
    }
}
BENCHMARK(lifespan)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
