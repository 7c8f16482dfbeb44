#include "dense_octal.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <thread>

#include "background_job.hpp"
#include "toroid/usable_cores.hpp"

namespace toroid::games::detail {

namespace {

// Heaps per block: as many as keep the seen rows of one thread within about
// 48 KiB (L1 data cache) -- the byte stores are the cost, and a store that
// misses L1 costs several times one that hits (0.004 near n = 2^18, values
// below 2048: 2.1 ns per pair with 64 rows of twice that, 0.3 ns with 24).
constexpr std::size_t kRowBudget = 48 * 1024;
constexpr std::size_t kMinBlock = 4, kMaxBlock = 64;

// Marks g[a] ^ g[r_j - a] in row j for every a in [a_lo, a_hi] and every
// j < B, where r_j - a = base - a + j (all parts known).
void mark_block(const std::uint32_t* g, std::size_t base, std::size_t a_lo, std::size_t a_hi,
                std::size_t blocks, std::uint8_t* rows, std::size_t row_size) {
    for (std::size_t a = a_lo; a <= a_hi; ++a) {
        const std::uint32_t x = g[a];
        const std::uint32_t* __restrict p = g + (base - a);
        std::uint8_t* __restrict r = rows;
        for (std::size_t j = 0; j < blocks; ++j, r += row_size) r[x ^ p[j]] = 1;
    }
}

}  // namespace

std::size_t octal_dense_fill(const OctalGame& game, std::vector<std::uint32_t>& g, std::size_t from,
                             std::size_t to, unsigned threads,
                             const std::function<bool(std::size_t)>& keep_going) {
    if (threads == 0) threads = usable_cores();
    const std::size_t t = game.max_take();
    std::vector<std::size_t> split_ks, one_heap_ks;
    for (std::size_t k = 0; k <= t; ++k) {
        if (game.digit(k) & 4) split_ks.push_back(k);
        if (k > 0 && (game.digit(k) & 2)) one_heap_ks.push_back(k);
    }
    std::uint32_t maxv = 0;
    for (std::size_t a = 0; a < from; ++a) maxv = std::max(maxv, g[a]);
    std::vector<std::vector<std::uint8_t>> rows(threads);
    // Threads 1 .. threads - 1 (thread 0 is the caller), kept for the whole call.
    std::vector<std::unique_ptr<BackgroundJob>> helpers;
    for (unsigned w = 1; w < threads; ++w) helpers.push_back(std::make_unique<BackgroundJob>());
    std::vector<std::uint8_t> seen;
    std::size_t done = from - 1;
    for (std::size_t n0 = from; n0 <= to;) {
        // Values of pairs of parts below n0 are below the power of two above
        // every value so far (values of the block itself are marked in pass 2).
        const std::size_t row_size = std::bit_ceil(static_cast<std::size_t>(maxv) + 1);
        const std::size_t block = std::clamp(kRowBudget / row_size, kMinBlock, kMaxBlock);
        const std::size_t blocks = std::min(block, to - n0 + 1);
        for (auto& r : rows) r.assign(blocks * row_size, 0);
        // Pass 1: pairs with both parts below n0, in parallel over a.
        for (const auto k : split_ks) {
            if (n0 < k + 2 + block) continue;  // small heaps: all in pass 2
            // For j < blocks, r_j = n0 + j - k; valid a: r_j - a <= n0 - 1 and a <= r_j / 2.
            const std::size_t a_lo = std::max<std::size_t>(1, blocks > k ? blocks - k : 1);
            const std::size_t a_hi = (n0 - k) / 2;
            if (a_hi < a_lo) continue;
            const std::size_t base = n0 - k, span = a_hi - a_lo + 1;
            const unsigned used = span < 4096 ? 1u : threads;
            for (unsigned w = used; w-- > 0;) {  // the helpers' slices first, then the caller's
                const std::size_t lo = a_lo + span * w / used, hi = a_lo + span * (w + 1) / used;
                if (lo >= hi) continue;
                auto job = [&, w, lo, hi] {
                    mark_block(g.data(), base, lo, hi - 1, blocks, rows[w].data(), row_size);
                };
                if (w == 0)
                    job();
                else
                    helpers[w - 1]->post(job);
            }
            for (auto& h : helpers) h->wait();
        }
        // Pass 2: heap by heap, merge the rows and add the remaining options.
        for (std::size_t j = 0; j < blocks; ++j) {
            const std::size_t n = n0 + j;
            seen.assign(row_size + 1, 0);
            for (unsigned w = 0; w < threads; ++w) {
                const std::uint8_t* r = rows[w].data() + j * row_size;
                for (std::size_t v = 0; v < row_size; ++v) seen[v] |= r[v];
            }
            auto mark = [&](std::uint32_t v) {
                if (v >= seen.size()) seen.resize(std::size_t{v} + 1, 0);
                seen[v] = 1;
            };
            for (const auto k : one_heap_ks)
                if (n > k) mark(g[n - k]);
            for (std::size_t k = 1; k <= t; ++k)
                if (k == n && (game.digit(k) & 1)) mark(0);
            for (const auto k : split_ks) {
                if (n < k + 2) continue;
                const std::size_t r = n - k, last = r / 2;
                const bool pass1 =
                    n0 >= k + 2 + block &&
                    (n0 - k) / 2 >= std::max<std::size_t>(1, blocks > k ? blocks - k : 1);
                const std::size_t a_lo =
                    pass1 ? std::max<std::size_t>(1, blocks > k ? blocks - k : 1) : last + 1;
                const std::size_t a_hi = pass1 ? (n0 - k) / 2 : 0;
                for (std::size_t a = 1; a <= last; ++a) {
                    if (a >= a_lo && a <= a_hi) {
                        a = a_hi;  // done in pass 1
                        continue;
                    }
                    mark(g[a] ^ g[r - a]);
                }
            }
            std::size_t mex = 0;
            while (mex < seen.size() && seen[mex]) ++mex;
            g[n] = static_cast<std::uint32_t>(mex);
            maxv = std::max(maxv, g[n]);
        }
        done = n0 + blocks - 1;
        n0 += blocks;
        if (keep_going && !keep_going(done)) return done;
    }
    return done;
}

}  // namespace toroid::games::detail
