#include <gtest/gtest.h>

#include <bit>

#include "eca_naive.hpp"
#include "toroid/eca/eca_cpu.hpp"
#include "toroid/eca/eca_ring.hpp"
#include "toroid/eca/eca_update.hpp"
#include "toroid/error.hpp"

using namespace toroid;
using toroid::testing::Cells;

namespace {

EcaRing to_ring(const Cells& cells) {
    EcaRing ring(static_cast<std::int64_t>(cells.size()));
    for (std::size_t x = 0; x < cells.size(); ++x)
        ring.set(static_cast<std::int64_t>(x), cells[x] != 0);
    return ring;
}

Cells to_cells(const EcaRing& ring) {
    Cells c(static_cast<std::size_t>(ring.width()));
    for (std::int64_t x = 0; x < ring.width(); ++x) c[static_cast<std::size_t>(x)] = ring.get(x);
    return c;
}

std::vector<EcaCpuKernel> kernels() {
    std::vector<EcaCpuKernel> k;
    for (auto kind : {EcaCpuKernel::Portable, EcaCpuKernel::Avx2, EcaCpuKernel::Avx512})
        if (eca_cpu_kernel_available(kind)) k.push_back(kind);
    return k;
}

}  // namespace

TEST(EcaUpdate, WordFunctionMatchesTruthTable) {
    for (int rule = 0; rule < 256; ++rule) {
        const EcaMasks k = eca_masks(static_cast<unsigned>(rule));
        // Bits i of l, c, r run through all eight neighbourhoods.
        const std::uint64_t l = 0xF0, c = 0xCC, r = 0xAA;
        const std::uint64_t out = eca_apply(k, l, c, r);
        EXPECT_EQ(out & 0xFF, static_cast<std::uint64_t>(rule)) << rule;
    }
}

TEST(EcaUpdate, Extract64WrapsAnyWidth) {
    for (std::int64_t width : {1, 2, 3, 63, 64, 65, 130}) {
        Cells cells = toroid::testing::random_cells(static_cast<std::size_t>(width), 7 + width);
        EcaRing ring = to_ring(cells);
        for (std::int64_t start :
             {std::int64_t{-70}, std::int64_t{0}, std::int64_t{5}, width - 1, width * 3}) {
            const std::uint64_t w = eca_extract64(ring.words().data(), width, start);
            for (int i = 0; i < 64; ++i) {
                std::int64_t x = (start + i) % width;
                if (x < 0) x += width;
                ASSERT_EQ((w >> i) & 1,
                          static_cast<std::uint64_t>(cells[static_cast<std::size_t>(x)]))
                    << "width " << width << " start " << start << " bit " << i;
            }
        }
    }
}

TEST(EcaRing, InitialStatesAndErrors) {
    EXPECT_EQ(eca_initial_ring(9, "center").to_string(), "....#....");
    EXPECT_EQ(eca_initial_ring(4, "centre").to_string(), "..#.");
    EXPECT_EQ(eca_initial_ring(5, "left").to_string(), "#....");
    EXPECT_EQ(eca_initial_ring(5, "right").to_string(), "....#");
    EXPECT_EQ(eca_initial_ring(6, "011001").to_string(), ".##..#");
    EXPECT_EQ(eca_initial_ring(100, "random:5"), eca_initial_ring(100, "random:5"));
    EXPECT_NE(eca_initial_ring(100, "random:5"), eca_initial_ring(100, "random:6"));
    const EcaRing r = eca_initial_ring(130, "random:1");
    EXPECT_EQ(r.words()[2] >> 2, 0u);  // padding stays zero
    EXPECT_THROW(eca_initial_ring(5, "01201"), InputError);
    EXPECT_THROW(eca_initial_ring(5, "0101"), InputError);
    EXPECT_THROW(eca_initial_ring(5, "random:x"), InputError);
    EXPECT_THROW(eca_initial_ring(5, "middle"), InputError);
    EXPECT_THROW(eca_initial_ring(0, "center"), InputError);
    EXPECT_THROW(EcaRing(std::int64_t{1} << 62), InputError);
}

TEST(EcaCpu, WorkedExampleRule110) {
    // DOMAIN.md rule 110 on 9 cells from one live cell, worked by hand from
    // the table 111->0 110->1 101->1 100->0 011->1 010->1 001->1 000->0.
    const char* expected[] = {"000010000", "000110000", "001110000", "011010000", "111110000"};
    EcaRing ring = eca_initial_ring(9, "center");
    for (int step = 0; step <= 4; ++step) {
        EXPECT_EQ(ring.to_string('1', '0'), expected[step]) << "step " << step;
        eca_step(ring, 110, 1);
    }
}

TEST(EcaCpu, Rule90PopulationIsPowerOfTwo) {
    const std::int64_t width = 1001;  // wide enough that 400 steps never wrap
    EcaRing ring = eca_initial_ring(width, "center");
    for (int n = 0; n <= 400; ++n) {
        ASSERT_EQ(ring.population(), std::uint64_t{1} << std::popcount(static_cast<unsigned>(n)))
            << n;
        eca_step(ring, 90, 1);
    }
}

TEST(EcaCpu, Rule150RowsArePowersOfTrinomial) {
    // Row n of rule 150 from one cell = coefficients of (1 + t + t^2)^n mod 2.
    const std::int64_t width = 301, centre = width / 2;
    std::vector<int> poly{1};
    EcaRing ring = eca_initial_ring(width, "center");
    for (int n = 0; n <= 140; ++n) {
        for (std::int64_t x = 0; x < width; ++x) {
            const std::int64_t k = x - centre + n;  // exponent of t
            const int coeff = (k >= 0 && k < static_cast<std::int64_t>(poly.size()))
                                  ? poly[static_cast<std::size_t>(k)]
                                  : 0;
            ASSERT_EQ(ring.get(x), coeff != 0) << "n " << n << " x " << x;
        }
        std::vector<int> next(poly.size() + 2, 0);
        for (std::size_t i = 0; i < poly.size(); ++i)
            for (std::size_t j = 0; j < 3; ++j) next[i + j] ^= poly[i];
        poly = next;
        eca_step(ring, 150, 1);
    }
    EcaRing r2 = eca_initial_ring(width, "center");
    eca_step(r2, 150, 64);
    EXPECT_EQ(r2.population(), 3u);  // step 2^k has three live cells
}

TEST(EcaCpu, Rule30CentreColumn) {
    // OEIS A051023: the centre column of rule 30 from one cell.
    const int a051023[] = {1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0,
                           1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 1, 0};
    // OEIS A070952: number of live cells of rule 30 at step n.
    const int a070952[] = {1, 3, 3, 6, 4, 9, 5, 12, 7, 12, 11, 14, 12, 19, 13, 22, 15, 19, 20, 24};
    const std::int64_t width = 201;
    EcaRing ring = eca_initial_ring(width, "center");
    for (int n = 0; n < 26; ++n) {
        EXPECT_EQ(ring.get(width / 2), a051023[n] != 0) << n;
        if (n < 20) {
            EXPECT_EQ(ring.population(), static_cast<std::uint64_t>(a070952[n])) << n;
        }
        eca_step(ring, 30, 1);
    }
}

TEST(EcaCpu, MatchesNaiveReferenceOnAwkwardWidths) {
    const std::int64_t widths[] = {1, 2, 3, 5, 63, 64, 65, 127, 128, 129, 200, 1000, 4097};
    const int rules[] = {0, 1, 30, 45, 54, 73, 90, 110, 150, 184, 255};
    std::uint64_t seed = 1;
    for (auto kernel : kernels()) {
        for (std::int64_t width : widths) {
            for (int rule : rules) {
                const Cells start =
                    toroid::testing::random_cells(static_cast<std::size_t>(width), seed++);
                for (std::int64_t steps : {1, 7, 64, 65, 150}) {
                    EcaCpuOptions opt;
                    opt.kernel = kernel;
                    opt.block_words = 3;  // many blocks, halos across block edges
                    EcaRing ring = to_ring(start);
                    eca_step(ring, rule, steps, opt);
                    ASSERT_EQ(to_cells(ring), toroid::testing::naive_eca_run(start, rule, steps))
                        << eca_cpu_kernel_name(kernel) << " width " << width << " rule " << rule
                        << " steps " << steps;
                }
            }
        }
    }
}

TEST(EcaCpu, AllRulesRandomWidthsAndIndependentOfThreadsAndBlocks) {
    std::mt19937_64 gen(42);
    ThreadPool one(1), three(3);
    for (int rule = 0; rule < 256; ++rule) {
        const std::int64_t width = 1 + static_cast<std::int64_t>(gen() % 700);
        const Cells start = toroid::testing::random_cells(static_cast<std::size_t>(width), gen());
        const std::int64_t steps = 1 + static_cast<std::int64_t>(gen() % 100);
        const Cells want = toroid::testing::naive_eca_run(start, rule, steps);
        EcaCpuOptions a;
        a.pool = &one;
        EcaCpuOptions b;
        b.pool = &three;
        b.block_words = 1 + static_cast<int>(gen() % 5);
        b.generations_per_pass = 1 + static_cast<int>(gen() % 64);
        EcaRing ra = to_ring(start), rb = to_ring(start);
        eca_step(ra, rule, steps, a);
        eca_step(rb, rule, steps, b);
        ASSERT_EQ(to_cells(ra), want) << "rule " << rule << " width " << width;
        ASSERT_EQ(ra, rb) << "rule " << rule << " width " << width;
    }
}

TEST(EcaCpu, RejectsBadArguments) {
    EcaRing ring(10);
    EXPECT_THROW(eca_step(ring, 256, 1), InputError);
    EXPECT_THROW(eca_step(ring, -1, 1), InputError);
    EXPECT_THROW(eca_step(ring, 30, -1), InputError);
}

TEST(EcaCpu, EveryRuleOnEveryKernel) {
    // Each kernel holds one specialised loop per rule: check all 256 of each.
    for (auto kernel : kernels()) {
        for (int rule = 0; rule < 256; ++rule) {
            const std::int64_t width = 65 + rule;
            const Cells start =
                toroid::testing::random_cells(static_cast<std::size_t>(width), 1000 + rule);
            EcaCpuOptions opt;
            opt.kernel = kernel;
            opt.block_words = 2;
            EcaRing ring = to_ring(start);
            eca_step(ring, rule, 70, opt);
            ASSERT_EQ(to_cells(ring), toroid::testing::naive_eca_run(start, rule, 70))
                << eca_cpu_kernel_name(kernel) << " rule " << rule;
        }
    }
}
