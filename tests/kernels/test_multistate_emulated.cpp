// The CUDA steps of Generations and range-r rules (kernels/bodies/...
// generations_step.hpp, range_step.hpp, range_plan.hpp) over their
// launchers' whole grids on the host, in index and shuffled order, through
// the sequence of launches kernels/src/cuda_multistate_backend.cu makes,
// against the plain reference (tests/support/reference_multistate) and the
// CPU's multi-state backend, generation by generation: random Generations
// rules on the Moore, hexagonal and von Neumann neighbourhoods with and
// without letters, random Larger than Life and HROT rules on every
// neighbourhood letter toroid accepts (M N C 2 + B H L), ranges 1..12 and
// large ones, tori from 1x1 to wider and taller than a block and smaller
// than the range, default and short sliding segments (their seams), and
// grids cut below the torus (the strided loops).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "emulated_launch.hpp"
#include "reference_multistate.hpp"
#include "toroid/core/backend.hpp"
#include "toroid/core/isotropic.hpp"
#include "toroid/core/rule.hpp"
#include "toroid/core/table_reference.hpp"
#include "toroid/kernels/byte_population.hpp"
#include "toroid/kernels/generations_step.hpp"
#include "toroid/kernels/range_plan.hpp"
#include "toroid/kernels/range_step.hpp"

namespace toroid {
namespace {

// How the emulation departs from the device's launch shapes, to reach code
// the default shapes do not on small tori.
struct Shapes {
    std::int64_t segment = 0;        // sliding segment length (0: the device's)
    std::uint32_t max_blocks_y = 0;  // cut the cell grids' y (0: the device's)
};

kernels::LaunchShape cut(kernels::LaunchShape s, const Shapes& shapes) {
    if (shapes.max_blocks_y) s.grid.y = std::min(s.grid.y, shapes.max_blocks_y);
    return s;
}

// The device's buffers in host memory and its launches for one generation
// (CudaMultiStateBackend::step). The sums' buffers start as garbage, so a
// read of an entry no launch wrote shows up.
class EmulatedMultiState {
  public:
    EmulatedMultiState(const Rule& rule, const Grid& start, const Shapes& shapes)
        : rule_(rule), shapes_(shapes), w_(start.width()), h_(start.height()) {
        cur_ = state_bytes(start);
        next_.assign(cur_.size(), 0xee);
        std::mt19937_64 rng(7);
        if (rule.range_rule()) {
            plan_ = kernels::range_plan(rule);
            columns_.resize(std::size_t(plan_.column_entries(w_, h_)));
            prefix_.resize(std::size_t(plan_.prefix_entries(w_, h_)));
            prefix2_.resize(std::size_t(plan_.prefix2_entries(w_, h_)));
            for (auto& c : columns_) c = std::uint16_t(rng());
            for (auto& p : prefix_) p = std::uint32_t(rng());
            for (auto& p : prefix2_) p = std::uint32_t(rng());
            view_ = plan_.view(w_, h_);
            view_.decide = plan_.decide.data();
            view_.runs = plan_.runs.data();
            view_.odd_runs = plan_.odd_runs.empty() ? nullptr : plan_.odd_runs.data();
            view_.columns = columns_.empty() ? nullptr : columns_.data();
            view_.prefix = prefix_.empty() ? nullptr : prefix_.data();
            view_.prefix2 = prefix2_.empty() ? nullptr : prefix2_.data();
            if (shapes.segment) view_.column_segment = view_.row_segment = shapes.segment;
        } else {
            table_ = kernels::generations_table(rule.two_state().range1_table(), rule.states());
        }
    }

    void step() {
        using testing::emulate_launch;
        const std::uint8_t* cur = cur_.data();
        std::uint8_t* next = next_.data();
        if (!rule_.range_rule()) {
            const kernels::LaunchShape s = cut(kernels::generations_launch(w_, h_), shapes_);
            emulate_launch(s.grid, s.block, [&](const LaunchIndex& at) {
                kernels::generations_step_body(at, table_, cur, next, w_, h_);
            });
        } else if (plan_.box) {
            const kernels::LaunchShape c = kernels::range_columns_launch(view_);
            emulate_launch(c.grid, c.block, [&](const LaunchIndex& at) {
                kernels::range_columns_body(at, view_, cur);
            });
            const kernels::LaunchShape r = kernels::range_box_rows_launch(view_);
            emulate_launch(r.grid, r.block, [&](const LaunchIndex& at) {
                kernels::range_box_rows_body(at, view_, cur, next);
            });
        } else {
            const kernels::LaunchShape p = kernels::range_prefix_launch(view_);
            emulate_launch(p.grid, p.block, [&](const LaunchIndex& at) {
                kernels::range_prefix_body(at, view_, cur);
            });
            const kernels::LaunchShape r = cut(kernels::range_runs_launch(view_), shapes_);
            emulate_launch(r.grid, r.block, [&](const LaunchIndex& at) {
                kernels::range_runs_body(at, view_, cur, next);
            });
        }
        std::swap(cur_, next_);
    }

    const std::vector<std::uint8_t>& cells() const { return cur_; }

  private:
    Rule rule_;
    Shapes shapes_;
    std::int64_t w_, h_;
    std::vector<std::uint8_t> cur_, next_;
    kernels::GenerationsTable table_;
    kernels::RangePlan plan_;
    kernels::RangeView view_;
    std::vector<std::uint16_t> columns_;
    std::vector<std::uint32_t> prefix_, prefix2_;
};

void expect_emulation_equals(const Rule& rule, std::int64_t w, std::int64_t h, std::uint64_t seed,
                             int generations, const Shapes& shapes = {}) {
    SCOPED_TRACE(rule.to_string() + " on " + std::to_string(w) + "x" + std::to_string(h) +
                 " segment " + std::to_string(shapes.segment) + " blocks_y " +
                 std::to_string(shapes.max_blocks_y));
    const Grid start = testing::random_state_grid(w, h, rule.states(), 0.45, seed);
    // The reference's generations, once; the CPU backend must agree.
    std::vector<std::vector<std::uint8_t>> expected;
    auto cpu = create_backend("cpu", rule, {});
    cpu->load(start);
    Grid g = start;
    for (int k = 1; k <= generations; ++k) {
        g = testing::reference_generations_run(g, rule, 1);
        cpu->step(1);
        expected.push_back(state_bytes(g));
        ASSERT_EQ(state_bytes(cpu->grid()), expected.back()) << "cpu, generation " << k;
    }
    testing::for_each_launch_order([&] {
        EmulatedMultiState device(rule, start, shapes);
        for (int k = 1; k <= generations; ++k) {
            device.step();
            ASSERT_EQ(device.cells(), expected[std::size_t(k - 1)]) << "generation " << k;
        }
    });
}

// A random Generations rule: counts, or letters on some of them.
Rule random_generations_rule(std::mt19937_64& rng, Neighbourhood n, int states, bool letters) {
    const int max = n == Neighbourhood::Moore ? 8 : n == Neighbourhood::Hexagonal ? 6 : 4;
    LetterMasks birth{}, survive{};
    for (int k = 0; k <= max; ++k) {
        const std::uint16_t full = full_mask(n, k);
        auto pick = [&]() -> std::uint16_t {
            if (rng() % 2) return 0;
            if (letters && n != Neighbourhood::VonNeumann && rng() % 3 == 0)
                return std::uint16_t(rng() & full);
            return full;
        };
        birth[std::size_t(k)] = k == 0 ? 0 : pick();
        survive[std::size_t(k)] = pick();
    }
    return Rule::generations(Rule::from_letters(n, birth, survive), states);
}

// A random range rule, LtL or HROT notation, M0 or M1, 2 to 6 states,
// counts within the shape's size.
Rule random_range_rule(std::mt19937_64& rng, int r, char shape) {
    const int states = rng() % 3 == 0 ? 0 : int(3 + rng() % 4);
    const bool ltl = rng() % 2 == 0;
    const bool middle = ltl && rng() % 2 == 0;
    const std::string hood = std::string(",N") + shape;
    const int n = Rule::parse("R" + std::to_string(r) + ",C0,S,B" + hood).range().neighbours();
    const int top = n + (middle ? 1 : 0);
    auto interval = [&](int low) {
        const int a = std::max(low, int(std::uniform_int_distribution<int>(n / 5, n / 2)(rng)));
        const int b = std::min(top, a + int(rng() % std::uint64_t(n / 3 + 2)));
        return std::pair{a, std::max(a, b)};
    };
    const auto b = interval(1), s = interval(middle ? 1 : 0);
    std::string text = "R" + std::to_string(r) + ",C" + std::to_string(states);
    if (ltl)
        return Rule::parse(text + ",M" + (middle ? "1" : "0") + ",S" + std::to_string(s.first) +
                           ".." + std::to_string(s.second) + ",B" + std::to_string(b.first) + ".." +
                           std::to_string(b.second) + hood);
    auto list = [&](std::pair<int, int> p) {  // a range and, past a gap, one count
        std::string t = std::to_string(p.first) + "-" + std::to_string(p.second);
        if (p.second + 2 <= top) t += "," + std::to_string(p.second + 2);
        return t;
    };
    return Rule::parse(text + ",S" + list(s) + ",B" + list(b) + hood);
}

using Size = std::pair<std::int64_t, std::int64_t>;

TEST(EmulatedGenerationsKernel, RandomRulesEveryNeighbourhoodAndAwkwardTori) {
    std::mt19937_64 rng(2323);
    const Size sizes[] = {{1, 1}, {2, 3}, {1, 7}, {9, 1}, {33, 9}, {70, 17}};
    int i = 0;
    for (Neighbourhood n :
         {Neighbourhood::Moore, Neighbourhood::Hexagonal, Neighbourhood::VonNeumann})
        for (const Size& size : sizes) {
            const int states = i % 5 == 4 ? 256 : int(3 + rng() % 8);
            const Rule rule = random_generations_rule(rng, n, states, i++ % 2 == 1);
            expect_emulation_equals(rule, size.first, size.second, rng(), 4);
        }
    for (const char* text :
         {"/2/3", "345/2/4", "B2/S345/C4", "1e2-a3-cij4aijkrtz5cnqr/2ce3aejnr4aj5y6a/3"})
        expect_emulation_equals(Rule::parse(text), 41, 19, 5, 6);
}

TEST(EmulatedGenerationsKernel, RowsBeyondTheGridsYLimitAreStrided) {
    std::mt19937_64 rng(11);
    const Rule rule = random_generations_rule(rng, Neighbourhood::Moore, 5, true);
    expect_emulation_equals(rule, 35, 37, 3, 3, {0, 1});
    expect_emulation_equals(rule, 5, 20, 4, 3, {0, 2});
}

TEST(EmulatedRangeKernels, RandomRulesEveryShapeAndRangesOneToTwelve) {
    std::mt19937_64 rng(4242);
    const Size sizes[] = {{40, 23}, {67, 9}, {1, 1}, {3, 2}, {5, 17}, {26, 4}};
    int i = 0;
    for (char shape : std::string("MNC2+BHL"))
        for (int r = 1; r <= 12; r += shape == 'M' ? 1 : 2) {
            const Rule rule = random_range_rule(rng, r, shape);
            const Size size = sizes[std::size_t(i++) % std::size(sizes)];
            expect_emulation_equals(rule, size.first, size.second, rng(), 3);
        }
}

TEST(EmulatedRangeKernels, ShortSegmentsAndCutGridsKeepTheirSeams) {
    std::mt19937_64 rng(77);
    for (char shape : std::string("MNBL"))
        for (std::int64_t segment : {1, 3, 7}) {
            const Rule rule = random_range_rule(rng, 1 + int(rng() % 4), shape);
            expect_emulation_equals(rule, 29, 22, rng(), 3, {segment, 1});
            expect_emulation_equals(rule, 3, 5, rng(), 2, {segment, 0});
        }
}

TEST(EmulatedRangeKernels, BoscoAndLargeRanges) {
    std::mt19937_64 rng(5);
    expect_emulation_equals(Rule::parse("R5,C0,M1,S34..58,B34..45,NM"), 90, 70, rng(), 4);
    expect_emulation_equals(Rule::parse("R5,C0,M1,S34..58,B34..45,NM"), 90, 70, rng(), 2, {9, 0});
    expect_emulation_equals(Rule::parse("R50,C0,M1,S3000..5500,B3100..4600,NM"), 105, 103, rng(),
                            2);
    expect_emulation_equals(Rule::parse("R30,C3,M0,S700..1500,B800..1400,NC"), 75, 64, rng(), 2);
    // Far larger than the torus: every cell counted many times over.
    expect_emulation_equals(Rule::parse("R500,C3,M0,S400000..600000,B300000..500000,NM"), 9, 7,
                            rng(), 2);
    expect_emulation_equals(Rule::parse("R100,C0,S5000-9000,B6000-8000,NN"), 9, 7, rng(), 2);
}

TEST(EmulatedRangeKernels, PlansCountTheMiddleOnce) {
    // M0: a live cell with n live neighbours has count n + 1 in the kernels.
    const kernels::RangePlan p = kernels::range_plan(Rule::parse("R1,C0,M0,S2..3,B3..3,NM"));
    EXPECT_EQ(p.max_count, 9);
    auto bit = [&](int c, int live) { return (p.decide[0] >> (2 * c + live)) & 1; };
    EXPECT_EQ(bit(3, 0), 1u);
    EXPECT_EQ(bit(2, 0), 0u);
    EXPECT_EQ(bit(3, 1), 1u);  // two neighbours and the cell
    EXPECT_EQ(bit(4, 1), 1u);
    EXPECT_EQ(bit(2, 1), 0u);
    EXPECT_EQ(bit(5, 1), 0u);
    const kernels::RangePlan b = kernels::range_plan(Rule::parse("R2,C0,S1,B1,NB"));
    EXPECT_TRUE(b.step2);
    EXPECT_FALSE(b.box);
    EXPECT_EQ(b.max_count, 12 + 1);
}

// The byte torus's population (byte_population.hpp): every thread's count
// added, as the warps' atomics add them on the device, equals the non-zero
// bytes; sizes around a block and beyond the grid's cap (the strided loop).
TEST(EmulatedBytePopulation, CountsTheNonZeroCells) {
    std::mt19937_64 rng(9);
    for (std::int64_t n : {std::int64_t(1), std::int64_t(255), std::int64_t(256), std::int64_t(257),
                           std::int64_t(4096 * 256 + 77)}) {
        std::vector<std::uint8_t> cells(static_cast<std::size_t>(n));
        for (auto& c : cells) c = rng() % 3 == 0 ? std::uint8_t(rng()) : 0;
        const kernels::LaunchShape l = kernels::byte_population_launch(n);
        EXPECT_LE(l.grid.x, std::uint32_t(kernels::kBytePopulationMaxBlocks));
        std::uint64_t total = 0;
        testing::emulate_launch(l.grid, l.block, [&](const LaunchIndex& at) {
            total += kernels::byte_population_thread(at, cells.data(), n);
        });
        EXPECT_EQ(total, std::uint64_t(std::count_if(cells.begin(), cells.end(),
                                                     [](std::uint8_t c) { return c != 0; })))
            << n << " cells";
    }
}

}  // namespace
}  // namespace toroid
