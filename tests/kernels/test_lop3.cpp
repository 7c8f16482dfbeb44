// The LOP3 gates and the ten-gate Life circuit (toroid/kernels/lop3.hpp)
// against their definitions and bitslice.hpp, on random words. The host's
// lop3 evaluates the same tables the device's lop3.b32 runs; tests/gpu runs
// the circuit in a kernel and compares it with the host.
#include <gtest/gtest.h>

#include <random>
#include <utility>

#include "toroid/kernels/eca_warp.hpp"
#include "toroid/kernels/lop3.hpp"

namespace toroid::kernels {
namespace {

TEST(Lop3, TablesComputeTheirFunctions) {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 1000; ++i) {
        const std::uint64_t a = rng(), b = rng(), c = rng();
        EXPECT_EQ(lop3<kLutXor3>(a, b, c), a ^ b ^ c);
        EXPECT_EQ(lop3<kLutMaj>(a, b, c), (a & b) | (a & c) | (b & c));
        EXPECT_EQ(lop3<kLutXor>(a, b, c), a ^ b);
        EXPECT_EQ(lop3<kLutAnd>(a, b, c), a & b);
        EXPECT_EQ(lop3<kLutLifeX>(a, b, c), (a ^ b) & ~c);
        EXPECT_EQ(lop3<kLutLifeNext>(a, b, c), a & (b | c));
        // Any table: an ECA rule number is its own LOP3 table on (left, self, right).
        EXPECT_EQ(lop3<110>(a, b, c), (b ^ c) | (~a & c)) << "rule 110";
        EXPECT_EQ(lop3<30>(a, b, c), a ^ (b | c)) << "rule 30";
        const std::uint32_t a32 = std::uint32_t(a), b32 = std::uint32_t(b), c32 = std::uint32_t(c);
        EXPECT_EQ(lop3<kLutMaj>(a32, b32, c32), (a32 & b32) | (a32 & c32) | (b32 & c32));
    }
}

template <class W>
void expect_circuit_equals_bitslice(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (int i = 0; i < 20000; ++i) {
        W w[9];
        for (auto& x : w) x = W(i % 3 == 0 ? rng() & rng() : rng());  // sparse and dense words
        const RowSums<W> up = row_sums(w[0], w[1], w[2]);
        const RowSums<W> mid = row_sums(w[3], w[4], w[5]);
        const RowSums<W> down = row_sums(w[6], w[7], w[8]);
        const RowSums<W> up_gates = row_sums_gates(w[0], w[1], w[2]);
        ASSERT_EQ(up_gates.pair_lo, up.pair_lo);
        ASSERT_EQ(up_gates.pair_hi, up.pair_hi);
        ASSERT_EQ(up_gates.triple_lo, up.triple_lo);
        ASSERT_EQ(up_gates.triple_hi, up.triple_hi);
        const W expected = apply_life(w[4], moore_count(up, mid, down));
        ASSERT_EQ(life_next_gates(up, mid, w[4], down), expected) << i;
        ASSERT_EQ(life_next(up, mid, w[4], down), expected) << i;
        // And against the generic multiplexer with Life's masks.
        ASSERT_EQ(expected, apply_rule(w[4], moore_count(up, mid, down), 1u << 3, 0xCu)) << i;
    }
}

TEST(Lop3, LifeCircuitEqualsBitsliceOnRandomWords) {
    expect_circuit_equals_bitslice<std::uint64_t>(2);
    expect_circuit_equals_bitslice<std::uint32_t>(3);
}

// The 1-D kernels' rule: the Wolfram number as the LOP3 table equals the
// masks' multiplexer (what the emulation and the CPU run), for every rule.
template <int... Rules>
void expect_every_eca_rule(std::integer_sequence<int, Rules...>) {
    std::mt19937_64 rng(4);
    std::uint64_t l[64], c[64], r[64];
    for (int i = 0; i < 64; ++i) l[i] = rng(), c[i] = rng(), r[i] = rng();
    auto one = [&](auto lop3_rule, int rule) {
        const EcaMaskRule masks{eca_masks(unsigned(rule))};
        for (int i = 0; i < 64; ++i)
            ASSERT_EQ(lop3_rule(l[i], c[i], r[i]), masks(l[i], c[i], r[i])) << "rule " << rule;
    };
    (one(EcaLop3Rule<Rules>{}, Rules), ...);
}

TEST(Lop3, WolframNumberIsTheTableOfEveryElementaryRule) {
    expect_every_eca_rule(std::make_integer_sequence<int, 256>{});
}

}  // namespace
}  // namespace toroid::kernels
