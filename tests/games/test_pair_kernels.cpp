// The sparse solver's inner loops (games/src/pair_kernels.hpp) against
// their definitions on random data, every instruction-set copy against the
// portable one, and the whole solver against the definition for the slow
// sparse codes of the survey (0.206, 0.216, 0.064-0.067), whose runs go
// through every kernel: rare-pair batches, marking, bitmap scans, compares.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "pair_kernels.hpp"
#include "sparse_solver.hpp"
#include "toroid/games/octal.hpp"

using namespace toroid::games;

namespace {

std::vector<std::uint32_t> random_values(std::mt19937& rng, std::size_t n, std::size_t universe) {
    std::vector<std::uint32_t> g(n);
    for (auto& v : g) v = static_cast<std::uint32_t>(rng() % universe);
    return g;
}

}  // namespace

TEST(PairKernels, RareBatchRowsHoldExactlyThePairValues) {
    std::mt19937 rng(21);
    for (const std::size_t universe : {8u, 64u, 1024u, 4096u}) {
        const std::size_t n = 3000, slots = 40;
        const auto g = random_values(rng, n, universe);
        // Rare positions: sorted, distinct; first - pos + 15 < n.
        std::vector<std::uint32_t> pos, val;
        for (std::uint32_t p = 16; p < 2000; p += static_cast<std::uint32_t>(1 + rng() % 30)) {
            pos.push_back(p);
            val.push_back(g[p]);
        }
        for (int trial = 0; trial < 8; ++trial) {
            const std::size_t first = 2000 + rng() % 900;
            const std::size_t lo = rng() % pos.size(), hi = lo + rng() % (pos.size() + 1 - lo);
            // Distinct slots out of order, rows full of garbage beforehand:
            // every byte of each row must be rewritten.
            std::vector<std::uint32_t> slot(slots);
            for (std::size_t i = 0; i < slots; ++i) slot[i] = static_cast<std::uint32_t>(i);
            std::shuffle(slot.begin(), slot.end(), rng);
            std::uint32_t offset[detail::kRareBatch];
            for (std::size_t j = 0; j < detail::kRareBatch; ++j)
                offset[j] = static_cast<std::uint32_t>(slot[j] * universe);
            std::vector<std::uint8_t> rows(slots * universe, 0xa5);
            detail::mark_rare_batch(rows.data(), offset, universe, g.data(), first, pos.data(),
                                    val.data(), lo, hi);
            for (std::size_t j = 0; j < detail::kRareBatch; ++j) {
                std::vector<std::uint8_t> want(universe, 0);
                for (std::size_t i = lo; i < hi; ++i) want[val[i] ^ g[first - pos[i] + j]] = 1;
                const std::vector<std::uint8_t> got(rows.begin() + offset[j],
                                                    rows.begin() + offset[j] + universe);
                EXPECT_EQ(got, want) << "universe " << universe << " row " << j;
            }
            for (std::size_t i = detail::kRareBatch; i < slots; ++i)  // other rows untouched
                EXPECT_EQ(rows[slot[i] * universe], 0xa5);
        }
    }
}

TEST(PairKernels, ScanFindsEveryNeededValueInOrderOnEveryPath) {
    std::mt19937 rng(34);
    // 64 and 1024: the two-register table, 2048: four registers, 8192: gather.
    for (const std::size_t universe : {64u, 1024u, 2048u, 8192u}) {
        const std::size_t n = 6000;
        const auto g = random_values(rng, n, universe);
        const std::size_t words = std::max(universe, detail::kNeededMinBits) / 64;
        for (int trial = 0; trial < 300; ++trial) {
            const std::size_t r = 40 + rng() % (n - 40), last = r / 2;
            const std::size_t a0 = 1 + rng() % last, a1 = a0 + rng() % (last + 2 - a0);
            // Needed values: a few, or many (hits in most blocks of 16).
            const std::size_t count = 1 + rng() % (trial % 2 ? 8 : universe / 2);
            std::vector<std::uint64_t> needed(words, 0);
            std::size_t left = 0;
            for (std::size_t k = 0; k < count; ++k) {
                const std::uint32_t v = static_cast<std::uint32_t>(rng() % universe);
                if (!((needed[v >> 6] >> (v & 63)) & 1)) ++left;
                needed[v >> 6] |= std::uint64_t{1} << (v & 63);
            }
            const std::size_t stop_at = rng() % 3 == 0 ? 0 : rng() % left;
            // The definition: pairs in order, each needed value once.
            auto want_bits = needed;
            std::vector<std::uint32_t> want_found;
            std::size_t want_at = a1, want_left = left;
            for (std::size_t a = a0; a < a1; ++a) {
                const std::uint32_t x = g[a] ^ g[r - a];
                if ((want_bits[x >> 6] >> (x & 63)) & 1) {
                    want_bits[x >> 6] &= ~(std::uint64_t{1} << (x & 63));
                    want_found.push_back(x);
                    if (--want_left == stop_at) {
                        want_at = a + 1;
                        break;
                    }
                }
            }
            using Scan = detail::ScanResult (*)(const std::uint32_t*, std::size_t, std::size_t,
                                                std::size_t, std::uint64_t*, std::size_t,
                                                std::size_t, std::size_t, std::uint32_t*);
            std::vector<std::pair<const char*, Scan>> paths = {
                {"portable", detail::scan_needed_portable}, {"dispatch", detail::scan_needed}};
            if (detail::pair_kernels_have_avx512())
                paths.push_back({"avx512", detail::scan_needed_avx512});
            for (const auto& [name, scan] : paths) {
                auto bits = needed;
                std::vector<std::uint32_t> found(left);
                const auto res =
                    scan(g.data(), r, a0, a1, bits.data(), universe, left, stop_at, found.data());
                found.resize(left - res.left);
                EXPECT_EQ(res.at, want_at) << name << " universe " << universe;
                EXPECT_EQ(res.left, want_left) << name;
                EXPECT_EQ(found, want_found) << name;
                EXPECT_EQ(bits, want_bits) << name;
            }
        }
    }
}

TEST(SparseSolver, SlowSparseCodesOfTheSurveyEqualTheDefinition) {
    // The codes whose speed the pair kernels were tuned for, at a length
    // where their cosets have dimension 6-9 and thousands of rare
    // positions, with one thread and with the helper.
    for (const char* code : {"0.206", "0.216", "0.064", "0.065", "0.066", "0.067"}) {
        const auto game = OctalGame::parse(code);
        const std::size_t upto = 20000;
        const auto naive = octal_grundy_naive(game, upto);
        for (const unsigned threads : {1u, 2u}) {
            OctalRunOptions o;
            o.extend_by_period = false;
            o.threads = threads;
            EXPECT_EQ(detail::octal_grundy_scheduled(game, upto, o, 8, 64).g, naive)
                << code << " threads " << threads;
        }
    }
}
