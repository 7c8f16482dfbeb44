// Backend::host_rows: the CPU backend's canonical rows in place (the Python
// module's zero-copy Torus.bits), offered exactly when the layout allows.
#include <gtest/gtest.h>

#include "toroid/core/soup.hpp"
#include "toroid/cpu/cpu_backend.hpp"

namespace toroid {
namespace {

// The rows host_rows() shows, copied into a Grid.
Grid rows_in_place(const Backend& b) {
    const Backend::HostRows rows = b.host_rows();
    Grid g(b.width(), b.height());
    for (std::int64_t y = 0; y < b.height(); ++y)
        for (std::int64_t j = 0; j < g.words_per_row(); ++j)
            g.row(y)[std::size_t(j)] = rows.words[y * rows.stride + j];
    return g;
}

TEST(HostRows, AreTheCanonicalRowsThroughStepsAndEdits) {
    for (const char* rule : {"B3/S23", "B36/S23", "B2/S34H", "B0/S8", "B2(1/3)/S12H"}) {
        for (auto [w, h] : {std::pair{64, 1}, {64, 33}, {128, 64}, {576, 40}, {4096, 70}}) {
            CpuBackend b(Rule::parse(rule), BackendOptions{2, 5, true});
            Grid g(w, h);
            fill_soup(g, 0.4, 7);
            b.load(g);
            for (int round = 0; round < 5; ++round) {
                ASSERT_NE(b.host_rows().words, nullptr) << rule << " " << w << "x" << h;
                ASSERT_EQ(rows_in_place(b), b.grid()) << rule << " " << w << "x" << h;
                b.step(std::uint64_t(round * 3 + 1));
                b.set(round, round, true);
            }
            b.reset(w, h);  // cleared tiles read as zero words
            EXPECT_EQ(rows_in_place(b), Grid(w, h));
        }
    }
}

TEST(HostRows, AreRefusedWhereTheLayoutIsNotCanonical) {
    CpuBackend b(Rule::parse("B3/S23"));
    b.reset(100, 10);  // the last word carries cell 0 in bit W
    EXPECT_EQ(b.host_rows().words, nullptr);
    CpuBackend strips(Rule::parse("B3/S23"));
    strips.set_column_strips(8);
    strips.reset(1024, 16);  // column strips
    ASSERT_GT(strips.column_strips(), 1);
    EXPECT_EQ(strips.host_rows().words, nullptr);
}

}  // namespace
}  // namespace toroid
