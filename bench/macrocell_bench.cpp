// Reading Golly macrocell files into a 16384 x 16384 torus (issue: about 10^6
// live cells in under a second), and writing them back with hash-consing.
//
//   random   a 2240 x 2240 soup at 20% (~10^6 cells): nearly every leaf is
//            distinct, the largest file for its population (worst case)
//   tiled    160 x 160 Gosper guns, one per 64 x 64 square (921,600 cells):
//            few distinct nodes, a small file that expands to many cells
//
// Each read benchmark parses the text (decode_pattern, as a file read does
// after loading the bytes) and places the pattern on the torus; the counters
// give live cells, file bytes and cells per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "toroid/core/grid.hpp"
#include "toroid/io/gzip.hpp"
#include "toroid/io/pattern.hpp"

namespace {

constexpr std::int64_t kTorus = 16384;

toroid::Grid random_soup(std::int64_t side, double density, std::uint64_t seed) {
    toroid::Grid g(side, side);
    std::uint64_t s = seed;
    const auto threshold = std::uint64_t(density * 18446744073709551616.0);
    for (std::int64_t y = 0; y < side; ++y)
        for (std::int64_t x = 0; x < side; ++x) {
            s += 0x9e3779b97f4a7c15ULL;  // splitmix64
            std::uint64_t z = s;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            z ^= z >> 31;
            if (z < threshold) g.set(x, y, true);
        }
    return g;
}

toroid::Grid tiled_guns(std::int64_t side) {
    const toroid::Pattern gun = toroid::parse_pattern(
        "x = 36, y = 9\n24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4b"
        "obo$10bo5bo7bo$11bo3bo$12b2o!",
        "gun");
    toroid::Grid g(side, side);
    for (std::int64_t y = 0; y + 64 <= side; y += 64)
        for (std::int64_t x = 0; x + 64 <= side; x += 64) g.paste(gun.cells, x, y, false);
    return g;
}

const std::string& macrocell_of(const char* which) {
    static const std::string random = [] {
        toroid::WriteOptions o;
        o.crop = true;
        return toroid::format_macrocell(random_soup(2240, 0.2, 1), std::nullopt, o);
    }();
    static const std::string tiled = [] {
        toroid::WriteOptions o;
        o.crop = true;
        return toroid::format_macrocell(tiled_guns(10240), std::nullopt, o);
    }();
    return std::string(which) == "random" ? random : tiled;
}

void read_into_torus(benchmark::State& state, const char* which, bool gz) {
    const std::string text = gz ? toroid::gzip_compress(macrocell_of(which)) : macrocell_of(which);
    std::uint64_t cells = 0;
    for (auto _ : state) {
        const toroid::Pattern p = toroid::decode_pattern(text, which);
        const toroid::Grid torus = toroid::place_pattern(p, kTorus, kTorus);
        cells = p.cells.population();
        benchmark::DoNotOptimize(torus.words().data());
    }
    state.counters["live_cells"] = double(cells);
    state.counters["file_bytes"] = double(text.size());
    state.counters["cells_per_s"] =
        benchmark::Counter(double(cells), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_ReadMacrocellRandom(benchmark::State& s) {
    read_into_torus(s, "random", false);
}
void BM_ReadMacrocellRandomGz(benchmark::State& s) {
    read_into_torus(s, "random", true);
}
void BM_ReadMacrocellTiled(benchmark::State& s) {
    read_into_torus(s, "tiled", false);
}

void BM_WriteMacrocellRandom(benchmark::State& state) {
    const toroid::Grid g = random_soup(2240, 0.2, 1);
    toroid::WriteOptions o;
    o.crop = true;
    std::size_t bytes = 0;
    for (auto _ : state) bytes = toroid::format_macrocell(g, std::nullopt, o).size();
    state.counters["file_bytes"] = double(bytes);
}

}  // namespace

BENCHMARK(BM_ReadMacrocellRandom)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadMacrocellRandomGz)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadMacrocellTiled)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WriteMacrocellRandom)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
