// Benchmarks for the games library (Google Benchmark). Run:
//   build/bench/bench_games (iteration counts are fixed in the registrations)
// The targets: any 3-digit octal game to n = 10^7 in 60 s,
// Dawson's Kayles period proved in under 10 ms, Wythoff Grundy table
// 4096 x 4096 in 10 s. Results and the machine go to docs/benchmarks-games.md.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "toroid/games/lecture_games.hpp"
#include "toroid/games/nim.hpp"
#include "toroid/games/octal.hpp"
#include "toroid/games/wythoff.hpp"

using namespace toroid::games;

namespace {

const std::vector<std::string> kCodes = {"0.07",  "0.77",  "0.137", "4.07",  "0.106",
                                         "0.165", "0.356", "0.051", "0.777", "0.007",
                                         "0.244", "0.376", "0.014"};

// Octal Grundy sequence to n; the argument indexes kCodes, the second is n.
void BM_OctalGrundy(benchmark::State& state) {
    const auto game = OctalGame::parse(kCodes[static_cast<std::size_t>(state.range(0))]);
    const auto n = static_cast<std::size_t>(state.range(1));
    std::size_t computed = 0, rare = 0;
    for (auto _ : state) {
        auto seq = octal_grundy(game, n, true);
        computed = seq.computed;
        rare = seq.rare_positions;
        benchmark::DoNotOptimize(seq.g.data());
    }
    state.SetLabel(game.code() + " n=" + std::to_string(n));
    state.counters["computed"] = static_cast<double>(computed);
    state.counters["rare"] = static_cast<double>(rare);
}
// Fast codes (periodic, or sparse space) to 10^7.
BENCHMARK(BM_OctalGrundy)
    ->ArgsProduct({{0, 1, 2, 3, 4, 5, 6, 7}, {10'000'000}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
// Sparse spaces found late or with many values: 0.777 (values up to ~300,
// common values a coset of a 7-8 dimensional subspace), 0.376 (period 4 from
// 2268248, proved at 4536506), 0.014 (rare positions keep growing).
BENCHMARK(BM_OctalGrundy)
    ->Args({8, 10'000'000})
    ->Args({11, 10'000'000})
    ->Args({12, 1'000'000})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
// Codes without sparse space (values grow, no period found yet): quadratic.
BENCHMARK(BM_OctalGrundy)
    ->ArgsProduct({{9, 10}, {10'000, 20'000, 40'000}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// Dawson's Kayles: compute the prefix the proof needs and prove the period.
void BM_DawsonPeriodProof(benchmark::State& state) {
    const auto game = OctalGame::parse("0.07");
    for (auto _ : state) {
        const auto g = octal_grundy(game, 200, false).g;
        const auto p = octal_period(game, g);
        if (p.period != 34) state.SkipWithError("wrong period");
        benchmark::DoNotOptimize(p);
    }
}
BENCHMARK(BM_DawsonPeriodProof)->Unit(benchmark::kMicrosecond);

void BM_WythoffTable(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        auto t = wythoff_grundy_table(n);
        benchmark::DoNotOptimize(t.g.data());
    }
}
BENCHMARK(BM_WythoffTable)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_NimWinningMoves(benchmark::State& state) {
    std::vector<std::uint64_t> heaps(static_cast<std::size_t>(state.range(0)));
    for (std::size_t i = 0; i < heaps.size(); ++i) heaps[i] = (i * 2654435761u) ^ (i << 40);
    for (auto _ : state) benchmark::DoNotOptimize(nim_winning_moves(heaps));
}
BENCHMARK(BM_NimWinningMoves)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

void BM_SolveGameN(benchmark::State& state) {
    const GameN game(state.range(0));
    for (auto _ : state) {
        auto s = solve(game, GameN::start());
        benchmark::DoNotOptimize(s.size());
    }
}
BENCHMARK(BM_SolveGameN)->Arg(10'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
