// gpu_bench: every CUDA kernel of toroid timed alone with CUDA events.
//
// For each item: warm-up runs, then N timed runs, each between two events on
// the default stream; the median is reported, with cells/s, the bytes the
// kernel must move at least (GB/s) and that as a percentage of the measured
// device-to-device copy bandwidth (the first item, the ceiling). Data are
// random words (never zeros). Items: the copy; each step kernel alone
// (classic: one generation, then the edge repair timed apart; strip: k = 1,
// 2, 4, 8 per launch (cells counted for all k generations), and a
// band-height sweep for Life) for Life, B36/S23, hexagonal, von Neumann and stochastic rules at
// 4096^2, 16384^2 and 65536^2; population + hash; the batch backend at sweep
// sizes (host transfers included: what a sweep sees); a 1-D rule on 2^30
// cells; render at 1280x720 zoomed in and out; 100 generations as plain
// launches against one CUDA graph of them.
//
//   gpu_bench [--only SUBSTRING] [--tsv FILE] [--budget SECONDS] [--list] [--quick] [--device]
//
// --list prints the plan and exits (no device needed; scripts/gpu-check.sh
// --dry-run checks it); --device prints the device's properties. Items past the budget are reported
// as "skipped: budget" and the exit status is 3, so a cut run is never mistaken for a full one.
// Output: one TSV row per item, "item size kernel param ms cells_per_s GB_per_s pct_copy".
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "life_kernels.cuh"
#include "render.cuh"
#include "strip_kernels.cuh"
#include "toroid/core/batch_backend.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/splitmix64.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/gpu/batch.hpp"
#include "toroid/gpu/device.hpp"
#include "toroid/gpu/eca.hpp"

namespace toroid::gpu {
namespace {

struct Options {
    std::string only;
    std::string tsv;
    double budget = 1e9;
    bool list = false;
    bool quick = false;
    bool device = false;
};

struct Item {
    std::string name, size, kernel, param;
    std::function<void()> run;  // one timed call
    double cells = 0;           // cell updates per call
    double bytes = 0;           // least device bytes per call
    int reps = 10;
    std::function<void()> setup;       // before the warm-up (untimed)
    std::function<double()> cells_of;  // cells per call, known only after setup

    Item(std::string n, std::string sz, std::string k, std::string p, std::function<void()> r,
         double c, double b, int reps_, std::function<void()> setup_ = {})
        : name(std::move(n)),
          size(std::move(sz)),
          kernel(std::move(k)),
          param(std::move(p)),
          run(std::move(r)),
          cells(c),
          bytes(b),
          reps(reps_),
          setup(std::move(setup_)) {}
};

__global__ void fill_kernel(std::uint64_t* plane, PlaneShape s, std::uint64_t seed) {
    const std::int64_t j = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    for (std::int64_t y = blockIdx.y; y < s.height; y += gridDim.y)
        if (j < s.words)
            plane[s.word_index(y, j)] =
                splitmix64(seed ^ std::uint64_t(y * s.words + j)) & s.word_mask(j);
}

// Two planes of a torus with random contents and repaired edges.
struct Planes {
    PlaneShape s;
    DeviceBuffer<std::uint64_t> a, b;
    explicit Planes(std::int64_t side) : s(PlaneShape::of(side, side)) {
        a = DeviceBuffer<std::uint64_t>(std::size_t(s.plane_words()));
        b = DeviceBuffer<std::uint64_t>(std::size_t(s.plane_words()));
        TOROID_CUDA_CHECK(cudaMemset(b.get(), 0, std::size_t(s.plane_words()) * 8));
        fill_kernel<<<dim3(unsigned((s.words + 255) / 256), 4096), 256>>>(a.get(), s, 12345);
        TOROID_CUDA_CHECK(cudaGetLastError());
        launch_fix_edges(a.get(), s);
        TOROID_CUDA_CHECK(cudaDeviceSynchronize());
    }
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::string side_name(std::int64_t side) {
    return std::to_string(side) + "^2";
}

class Bench {
  public:
    explicit Bench(Options o) : o_(std::move(o)) {}

    void add(Item item) {
        if (!o_.only.empty() &&
            (item.name + " " + item.size + " " + item.kernel + " " + item.param).find(o_.only) ==
                std::string::npos)
            return;
        items_.push_back(std::move(item));
    }

    int run() {
        std::FILE* tsv = o_.tsv.empty() ? nullptr : std::fopen(o_.tsv.c_str(), "w");
        const char* header = "item\tsize\tkernel\tparam\tms\tcells_per_s\tGB_per_s\tpct_copy\n";
        std::fputs(header, stdout);
        if (tsv) std::fputs(header, tsv);
        const auto start = std::chrono::steady_clock::now();
        int skipped = 0;
        cudaEvent_t e0, e1;
        if (!o_.list) {
            TOROID_CUDA_CHECK(cudaEventCreate(&e0));
            TOROID_CUDA_CHECK(cudaEventCreate(&e1));
        }
        for (Item& it : items_) {
            char line[512];
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (o_.list || elapsed > o_.budget) {
                if (!o_.list) ++skipped;
                std::snprintf(line, sizeof line, "%s\t%s\t%s\t%s\t%s\t\t\t\n", it.name.c_str(),
                              it.size.c_str(), it.kernel.c_str(), it.param.c_str(),
                              o_.list ? "planned" : "skipped: budget");
            } else {
                if (it.setup) it.setup();
                if (it.cells_of) it.cells = it.cells_of();
                const int reps = o_.quick ? 3 : it.reps;
                for (int w = 0; w < 2; ++w) it.run();
                TOROID_CUDA_CHECK(cudaDeviceSynchronize());
                std::vector<double> ms;
                for (int r = 0; r < reps; ++r) {
                    TOROID_CUDA_CHECK(cudaEventRecord(e0));
                    it.run();
                    TOROID_CUDA_CHECK(cudaEventRecord(e1));
                    TOROID_CUDA_CHECK(cudaEventSynchronize(e1));
                    float t = 0;
                    TOROID_CUDA_CHECK(cudaEventElapsedTime(&t, e0, e1));
                    ms.push_back(double(t));
                }
                TOROID_CUDA_CHECK(cudaGetLastError());
                const double m = median(ms);
                const double gbs = it.bytes / (m * 1e-3) / 1e9;
                if (it.name == "copy") copy_gbs_ = gbs;
                std::snprintf(line, sizeof line, "%s\t%s\t%s\t%s\t%.4f\t%.4g\t%.1f\t%.1f\n",
                              it.name.c_str(), it.size.c_str(), it.kernel.c_str(), it.param.c_str(),
                              m, it.cells / (m * 1e-3), gbs,
                              copy_gbs_ > 0 ? 100.0 * gbs / copy_gbs_ : 0.0);
            }
            std::fputs(line, stdout);
            std::fflush(stdout);
            if (tsv) std::fputs(line, tsv), std::fflush(tsv);
        }
        if (tsv) std::fclose(tsv);
        if (skipped) std::fprintf(stderr, "gpu_bench: %d items skipped (budget)\n", skipped);
        return skipped ? 3 : 0;
    }

  private:
    Options o_;
    std::vector<Item> items_;
    double copy_gbs_ = 0;
};

// Planes are made when their first item runs and kept for the items after.
class PlanePool {
  public:
    Planes& get(std::int64_t side) {
        if (!p_ || p_->s.width != side) {
            p_.reset();
            p_ = std::make_unique<Planes>(side);
        }
        return *p_;
    }

  private:
    std::unique_ptr<Planes> p_;
};

void plan(Bench& bench, PlanePool& pool, bool quick) {
    // The ceiling: a 2 GiB device-to-device copy (bytes read + written).
    {
        auto bufs = std::make_shared<std::pair<DeviceBuffer<char>, DeviceBuffer<char>>>();
        const std::size_t bytes = std::size_t(1) << 31;
        bench.add(Item{"copy", "2GiB", "cudaMemcpy", "d2d",
                       [bufs, bytes] {
                           TOROID_CUDA_CHECK(cudaMemcpyAsync(bufs->second.get(), bufs->first.get(),
                                                             bytes, cudaMemcpyDeviceToDevice));
                       },
                       0, 2.0 * double(bytes), 10,
                       [bufs, bytes] {
                           if (!bufs->first.get()) {
                               bufs->first = DeviceBuffer<char>(bytes);
                               bufs->second = DeviceBuffer<char>(bytes);
                               TOROID_CUDA_CHECK(cudaMemset(bufs->first.get(), 0x5a, bytes));
                           }
                       }});
    }
    const std::vector<std::int64_t> sides =
        quick ? std::vector<std::int64_t>{4096} : std::vector<std::int64_t>{4096, 16384, 65536};
    const char* rules[] = {"B3/S23", "B36/S23", "B2/S34H", "B2/S013V", "B2(1/3)/S12H"};
    for (std::int64_t side : sides) {
        const double cells = double(side) * double(side);
        const double plane_bytes = cells / 8;
        for (const char* text : rules) {
            const CompiledRule rule = Rule::parse(text).compile();
            auto planes = [&pool, side]() -> Planes& { return pool.get(side); };
            bench.add(Item{"step", side_name(side), "classic", text,
                           [planes, rule] {
                               Planes& p = planes();
                               launch_step(p.a.get(), p.b.get(), p.s, rule, 1, 0);
                           },
                           cells, 2 * plane_bytes, 20, [planes] { planes(); }});
            for (int k : {1, 2, 4, 8}) {
                if (k > kernels::strip_max_k(rule)) continue;  // not instantiated: it would spill
                bench.add(Item{"step", side_name(side), "strip",
                               std::string(text) + " k=" + std::to_string(k),
                               [planes, rule, k] {
                                   Planes& p = planes();
                                   launch_strip(p.a.get(), p.b.get(), p.s, rule, 1, 0, k);
                               },
                               cells * k, 2 * plane_bytes, 20, [planes] { planes(); }});
            }
        }
        auto planes = [&pool, side]() -> Planes& { return pool.get(side); };
        const CompiledRule life = Rule::parse("B3/S23").compile();
        for (std::int64_t band : {16, 64, 256, 1024})
            bench.add(Item{"band", side_name(side), "strip",
                           "B3/S23 k=4 rows=" + std::to_string(band),
                           [planes, life, band] {
                               Planes& p = planes();
                               launch_strip(p.a.get(), p.b.get(), p.s, life, 1, 0, 4, band);
                           },
                           cells * 4, 2 * plane_bytes, 20, [planes] { planes(); }});
        bench.add(Item{"edges", side_name(side), "classic", "fix_edges",
                       [planes] {
                           Planes& p = planes();
                           launch_fix_edges(p.b.get(), p.s);
                       },
                       0, double(side) * 2 * 64, 20, [planes] { planes(); }});
        auto scratch = std::make_shared<DeviceBuffer<unsigned long long>>();
        bench.add(Item{"reduce", side_name(side), "plane_sum", "population+hash",
                       [planes, scratch] {
                           Planes& p = planes();
                           launch_plane_sums(p.a.get(), p.s, scratch->get(), nullptr);
                       },
                       cells, plane_bytes, 20,
                       [planes, scratch] {
                           planes();
                           if (!scratch->get()) *scratch = DeviceBuffer<unsigned long long>(2);
                       }});
    }
    // Render: 1280x720 from the last plane, 8 pixels a cell and 64 cells a pixel.
    {
        const std::int64_t side = sides.back();
        auto image = std::make_shared<DeviceBuffer<std::uint32_t>>();
        for (std::int64_t step : {kSubcell / 8, kSubcell * 64}) {
            RenderRequest q;
            q.width = 1280;
            q.height = 720;
            q.step = step;
            q.centre_x = side * kSubcell / 2;
            q.centre_y = side * kSubcell / 2;
            q.grid_lines = step < kSubcell;
            auto planes = [&pool, side]() -> Planes& { return pool.get(side); };
            const double shown = 1280.0 * 720 * double(step) / kSubcell * double(step) / kSubcell;
            bench.add(Item{"render", side_name(side), "render",
                           step < kSubcell ? "1280x720 zoom 8" : "1280x720 zoom 1/64",
                           [planes, q, image] {
                               Planes& p = planes();
                               launch_render(p.a.get(), p.s, false, q, image->get(), 1280);
                           },
                           shown, 1280.0 * 720 * 4, 20,
                           [planes, image] {
                               planes();
                               if (!image->get()) *image = DeviceBuffer<std::uint32_t>(1280 * 720);
                           }});
        }
    }
    // Plain launches against a graph: 100 generations of Life on 4096^2.
    {
        const std::int64_t side = 4096;
        auto planes = [&pool, side]() -> Planes& { return pool.get(side); };
        const CompiledRule life = Rule::parse("B3/S23").compile();
        auto hundred = [planes, life] {
            Planes& p = planes();
            for (int g = 0; g < 50; ++g) {
                launch_step(p.a.get(), p.b.get(), p.s, life, 1, 0);
                launch_fix_edges(p.b.get(), p.s);
                launch_step(p.b.get(), p.a.get(), p.s, life, 1, 0);
                launch_fix_edges(p.a.get(), p.s);
            }
        };
        const double cells = double(side) * side * 100;
        bench.add(Item{"launches", side_name(side), "classic", "100 gens plain", hundred, cells,
                       cells / 4, 5, [planes] { planes(); }});
        auto graph = std::make_shared<cudaGraphExec_t>(nullptr);
        auto capture = [planes, life, graph] {
            if (*graph) return;
            Planes& p = planes();
            cudaStream_t s;
            TOROID_CUDA_CHECK(cudaStreamCreate(&s));
            cudaGraph_t g;
            TOROID_CUDA_CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
            for (int i = 0; i < 50; ++i) {
                launch_strip(p.a.get(), p.b.get(), p.s, life, 1, 0, 1, 0, nullptr, s);
                launch_strip(p.b.get(), p.a.get(), p.s, life, 1, 0, 1, 0, nullptr, s);
            }
            TOROID_CUDA_CHECK(cudaStreamEndCapture(s, &g));
            TOROID_CUDA_CHECK(cudaGraphInstantiate(graph.get(), g, 0));
            TOROID_CUDA_CHECK(cudaGraphDestroy(g));
            TOROID_CUDA_CHECK(cudaStreamDestroy(s));
        };
        auto strip_plain = [planes, life] {
            Planes& p = planes();
            for (int i = 0; i < 50; ++i) {
                launch_strip(p.a.get(), p.b.get(), p.s, life, 1, 0, 1);
                launch_strip(p.b.get(), p.a.get(), p.s, life, 1, 0, 1);
            }
        };
        bench.add(Item{"launches", side_name(side), "strip", "100 gens k=1 plain", strip_plain,
                       cells, cells / 4, 5, [planes] { planes(); }});
        bench.add(Item{"launches", side_name(side), "strip", "100 gens k=1 graph",
                       [graph] { TOROID_CUDA_CHECK(cudaGraphLaunch(*graph, nullptr)); }, cells,
                       cells / 4, 5, capture});
    }
    // 1-D: rule 110 on a ring of 2^30 cells, 256 generations a call.
    {
        const std::int64_t width = quick ? (std::int64_t(1) << 24) : (std::int64_t(1) << 30);
        auto ring = std::make_shared<std::unique_ptr<EcaDeviceRing>>();
        bench.add(Item{"eca", "2^" + std::to_string(quick ? 24 : 30), "eca_warp", "rule 110 x256",
                       [ring] { (*ring)->step(110, 256); }, double(width) * 256,
                       double(width) / 8 * 2 * 4, 5,
                       [ring, width] {
                           if (*ring) return;
                           EcaRing r(width);
                           std::uint64_t x = 1;
                           for (auto& w : r.words()) w = splitmix64(x++);
                           r.words().back() &= width % 64 ? (1ull << (width % 64)) - 1 : ~0ull;
                           *ring = std::make_unique<EcaDeviceRing>(r);
                       }});
    }
    // Sweeps: the batch backend at its preferred batch, host transfers included.
    for (std::int64_t side : {32, 64}) {
        auto state = std::make_shared<std::pair<std::unique_ptr<BatchBackend>, TorusBatch>>();
        auto history = std::make_shared<BatchHistory>();
        const int gens = 100;
        auto setup = [state, side] {
            if (state->first) return;
            state->first = make_cuda_batch_backend({});
            TorusShape shape = TorusShape::of(side, side);
            const std::size_t n = state->first->preferred_batch(shape);
            state->second = TorusBatch(side, side, n);
            const CompiledRule life = Rule::parse("B3/S23").compile();
            std::uint64_t x = 7;
            for (auto& w : state->second.words) w = splitmix64(x++);
            for (std::size_t i = 0; i < n; ++i) state->second.rules[i] = life;
        };
        auto cells_of = [state, side, gens] {
            return double(state->second.count) * double(side) * double(side) * double(gens);
        };
        Item item{"batch",
                  std::to_string(side) + "^2",
                  "cuda batch",
                  "B3/S23 100 gens, preferred batch",
                  [state, history, gens] {
                      state->first->advance(state->second, std::uint64_t(gens), *history);
                  },
                  0,
                  0,
                  3,
                  setup};
        item.cells_of = cells_of;
        bench.add(item);
    }
}

int main_impl(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
            return argv[++i];
        };
        if (a == "--only")
            o.only = value();
        else if (a == "--tsv")
            o.tsv = value();
        else if (a == "--budget")
            o.budget = std::stod(value());
        else if (a == "--list")
            o.list = true;
        else if (a == "--quick")
            o.quick = true;
        else if (a == "--device")
            o.device = true;
        else {
            std::fprintf(stderr,
                         "usage: gpu_bench [--only SUBSTRING] [--tsv FILE] [--budget SECONDS] "
                         "[--list] [--quick] [--device]\n");
            return 2;
        }
    }
    if (!o.list && device_count() == 0) {
        std::fprintf(stderr, "gpu_bench: %s\n", device_description().c_str());
        return 1;
    }
    if (o.device) {  // the properties the kernels are sized by
        cudaDeviceProp p{};
        TOROID_CUDA_CHECK(cudaGetDeviceProperties(&p, 0));
        int clock_khz = 0, memory_khz = 0;
        TOROID_CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
        TOROID_CUDA_CHECK(cudaDeviceGetAttribute(&memory_khz, cudaDevAttrMemoryClockRate, 0));
        std::printf(
            "device\t%s\ncompute capability\t%d.%d\nmultiprocessors\t%d\n"
            "SM clock (max)\t%d MHz\nmemory clock\t%d MHz\nmemory bus\t%d bits\n"
            "global memory\t%.1f GiB\nL2\t%.1f MiB\nregisters per SM\t%d\n"
            "shared memory per SM\t%zu KiB\nshared memory per block (opt-in)\t%zu KiB\n"
            "threads per SM\t%d\n",
            p.name, p.major, p.minor, p.multiProcessorCount, clock_khz / 1000, memory_khz / 1000,
            p.memoryBusWidth, double(p.totalGlobalMem) / 1073741824.0,
            double(p.l2CacheSize) / 1048576.0, p.regsPerMultiprocessor,
            p.sharedMemPerMultiprocessor / 1024, p.sharedMemPerBlockOptin / 1024,
            p.maxThreadsPerMultiProcessor);
        return 0;
    }
    if (!o.list) std::fprintf(stderr, "gpu_bench on %s\n", device_description().c_str());
    Bench bench(o);
    PlanePool pool;
    plan(bench, pool, o.quick);  // allocates nothing: setups run when an item does
    return bench.run();
}

}  // namespace
}  // namespace toroid::gpu

int main(int argc, char** argv) {
    try {
        return toroid::gpu::main_impl(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpu_bench: %s\n", e.what());
        return 1;
    }
}
