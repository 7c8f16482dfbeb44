// The node store under small budgets: garbage collection keeps results
// exact, and a budget too small for a step refuses it cleanly.
#include <gtest/gtest.h>

#include "input_error_of.hpp"
#include "reference.hpp"
#include "toroid/cpu/cpu_backend.hpp"
#include "toroid/hashlife/hashlife_backend.hpp"

namespace toroid {
namespace {

using testing::input_error_of;
using testing::random_grid;

TEST(HashLifeMemory, HashConsingGivesOneNodePerContent) {
    hashlife::NodeStore s(std::uint64_t(16) << 20);
    const auto a = s.leaf(0x1234), b = s.leaf(0x1234), c = s.leaf(0x4321);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_EQ(s.node(a, c, a, c), s.node(a, c, a, c));
    EXPECT_NE(s.node(a, c, a, c), s.node(c, a, a, c));
    EXPECT_EQ(s.empty(4), s.node(s.empty(3), s.empty(3), s.empty(3), s.empty(3)));
    EXPECT_EQ(s.leaf_cells(c), 0x4321u);
    EXPECT_EQ(s.level(s.empty(9)), 9);
}

TEST(HashLifeMemory, CollectionFreesUnreachableNodesOnly) {
    hashlife::NodeStore s(std::uint64_t(16) << 20);
    const auto kept = s.node(s.leaf(1), s.leaf(2), s.leaf(3), s.leaf(4));
    s.pin(kept);
    for (std::uint64_t i = 0; i < 1000; ++i) s.leaf(i * 7919 + 5);
    const std::uint64_t before = s.live_nodes();
    s.collect(false);
    EXPECT_LT(s.live_nodes(), before - 900);
    EXPECT_EQ(s.node(s.leaf(1), s.leaf(2), s.leaf(3), s.leaf(4)), kept);  // still there, same id
    s.unpin(kept);
    s.collect(false);
    EXPECT_LE(s.live_nodes(), 6u);  // the empty leaf and node, nothing else
}

// Runs a soup on a torus under `budget` bytes and on the CPU backend, in
// several steps; the grids must agree whatever the collector dropped.
void expect_exact_under_budget(std::uint64_t budget, std::int64_t w, std::int64_t h, int rounds) {
    const Rule rule = Rule::parse("B3/S23");
    const Grid start = random_grid(w, h, 0.4, 42);
    CpuBackend cpu(rule, {1, 0});
    HashLifeBackend hl(rule, BackendOptions{1, 0, true, budget});
    cpu.load(start);
    hl.load(start);
    for (int r = 0; r < rounds; ++r) {
        const std::uint64_t gens = std::uint64_t(37 * r + 1);
        cpu.step(gens);
        hl.step(gens);
        ASSERT_EQ(hl.grid(), cpu.grid()) << "after " << cpu.generation() << " generations";
    }
    EXPECT_GT(hl.store().collections(), 0u) << "the budget never made the collector run";
}

TEST(HashLifeMemory, ATinyBudgetKeepsResultsExact) {
    expect_exact_under_budget(hashlife::NodeStore::kMinBudgetBytes, 128, 128, 12);
    expect_exact_under_budget(std::uint64_t(2) << 20, 256, 64, 10);
}

TEST(HashLifeMemory, ABudgetTooSmallRefusesTheStepAndKeepsTheTorus) {
    const Rule rule = Rule::parse("B3/S23");
    HashLifeBackend hl(rule, BackendOptions{1, 0, true, hashlife::NodeStore::kMinBudgetBytes});
    const Grid start = random_grid(512, 512, 0.5, 3);  // ~ 4096 distinct leaves at least
    std::string e;
    try {
        hl.load(start);
        hl.step(1000);
    } catch (const hashlife::MemoryBudgetExceeded& x) {
        e = x.what();
    }
    ASSERT_FALSE(e.empty()) << "expected the budget to be exceeded";
    EXPECT_NE(e.find("give a larger --memory"), std::string::npos) << e;
    // The torus is what it was before the refused call (the start, if the
    // refusal came while stepping).
    if (hl.width() == 512 && hl.generation() == 0) {
        EXPECT_EQ(hl.grid(), start);
    }
}

TEST(HashLifeMemory, RefusesABudgetBelowTheMinimum) {
    const std::string e = input_error_of([] {
        HashLifeBackend(Rule(), BackendOptions{1, 0, true, 1000});
    });
    EXPECT_NE(e.find("too small"), std::string::npos) << e;
}

}  // namespace
}  // namespace toroid
