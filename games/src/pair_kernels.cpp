#include "pair_kernels.hpp"

#include <cstring>
#include <vector>

#include "toroid/cpu_features.hpp"

namespace toroid::games::detail {

namespace {

// The 8 x 8 byte matrix in a[0..7] (byte j of a[i] is entry (i, j)) transposed
// in place: three rounds of swapping blocks across the diagonal (4 x 4, 2 x 2,
// 1 x 1 bytes), each a masked xor of word pairs.
void transpose8x8(std::uint64_t* a) {
    for (int i = 0; i < 4; ++i) {
        const std::uint64_t t = ((a[i] >> 32) ^ a[i + 4]) & 0x00000000ffffffffULL;
        a[i] ^= t << 32;
        a[i + 4] ^= t;
    }
    for (const int i : {0, 1, 4, 5}) {
        const std::uint64_t t = ((a[i] >> 16) ^ a[i + 2]) & 0x0000ffff0000ffffULL;
        a[i] ^= t << 16;
        a[i + 2] ^= t;
    }
    for (const int i : {0, 2, 4, 6}) {
        const std::uint64_t t = ((a[i] >> 8) ^ a[i + 1]) & 0x00ff00ff00ff00ffULL;
        a[i] ^= t << 8;
        a[i + 1] ^= t;
    }
}

}  // namespace

void mark_rare_batch(std::uint8_t* rows, const std::uint32_t* offset, std::size_t universe,
                     const std::uint32_t* g, std::size_t first, const std::uint32_t* pos,
                     const std::uint32_t* val, std::size_t lo, std::size_t hi) {
    // Marks go to two interleaved blocks of 8 rows (row j, value v at
    // block[8 v + j % 8]): the store is then one instruction with an
    // immediate offset, where separate rows cost a load of the row's offset
    // per pair (a byte store may alias it, so the compiler reloads it).
    // thread_local: the main thread and the helper fill batches at once.
    thread_local std::vector<std::uint64_t> scratch;
    scratch.assign(2 * universe, 0);
    auto* const low = reinterpret_cast<std::uint8_t*>(scratch.data());
    auto* const high = low + 8 * universe;
    // The partners of the rare position kPrefetch ahead: they are scattered
    // over the last n values of g, out of reach of the hardware prefetcher.
    constexpr std::size_t kPrefetch = 16;
    for (std::size_t i = lo; i < hi; ++i) {
        if (i + kPrefetch < hi) __builtin_prefetch(g + (first - pos[i + kPrefetch]));
        const std::uint32_t* partner = g + (first - pos[i]);
        const std::size_t x = val[i];
#pragma GCC unroll 8
        for (std::size_t j = 0; j < 8; ++j) low[8 * (x ^ partner[j]) + j] = 1;
#pragma GCC unroll 8
        for (std::size_t j = 0; j < 8; ++j) high[8 * (x ^ partner[8 + j]) + j] = 1;
    }
    // Back to one row per remainder, 8 values at a time.
    for (std::size_t half = 0; half < 2; ++half) {
        const std::uint64_t* block = scratch.data() + half * universe;
        for (std::size_t v = 0; v < universe; v += 8) {
            std::uint64_t a[8];
            std::memcpy(a, block + v, sizeof a);
            transpose8x8(a);
            for (std::size_t j = 0; j < 8; ++j)
                std::memcpy(rows + offset[8 * half + j] + v, &a[j], sizeof a[j]);
        }
    }
}

std::size_t hunt_pair_portable(const std::uint32_t* g, std::size_t r, std::size_t a0,
                               std::size_t a1, const std::uint32_t* values, std::size_t count) {
    // Blocks of 8 pairs with a branch-free test, so the compiler can use
    // whatever vectors the build allows; the block with a hit is searched again.
    constexpr std::size_t kStep = 8;
    std::size_t a = a0;
    for (; a + kStep <= a1; a += kStep) {
        std::uint32_t x[kStep];
        for (std::size_t i = 0; i < kStep; ++i) x[i] = g[a + i] ^ g[r - a - i];
        bool hit = false;
        for (std::size_t k = 0; k < count; ++k)
            for (std::size_t i = 0; i < kStep; ++i) hit |= x[i] == values[k];
        if (hit) break;
    }
    for (; a < a1; ++a) {
        const std::uint32_t x = g[a] ^ g[r - a];
        for (std::size_t k = 0; k < count; ++k)
            if (x == values[k]) return a;
    }
    return a1;
}

ScanResult scan_needed_portable(const std::uint32_t* g, std::size_t r, std::size_t a0,
                                std::size_t a1, std::uint64_t* needed, std::size_t,
                                std::size_t left, std::size_t stop_at, std::uint32_t* found) {
    for (std::size_t a = a0; a < a1; ++a) {
        const std::uint32_t x = g[a] ^ g[r - a];
        if (take_needed(x, needed)) {
            *found++ = x;
            if (--left == stop_at) return {a + 1, left};
        }
    }
    return {a1, left};
}

#if defined(TOROID_GAMES_X86)
bool pair_kernels_have_avx512() {
    static const bool has = best_instruction_set() == InstructionSet::Avx512;
    return has;
}
#else
bool pair_kernels_have_avx512() {
    return false;
}
std::size_t hunt_pair_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                             const std::uint32_t* values, std::size_t count) {
    return hunt_pair_portable(g, r, a0, a1, values, count);
}
ScanResult scan_needed_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                              std::uint64_t* needed, std::size_t universe, std::size_t left,
                              std::size_t stop_at, std::uint32_t* found) {
    return scan_needed_portable(g, r, a0, a1, needed, universe, left, stop_at, found);
}
#endif

std::size_t hunt_pair(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                      const std::uint32_t* values, std::size_t count) {
    return pair_kernels_have_avx512() ? hunt_pair_avx512(g, r, a0, a1, values, count)
                                      : hunt_pair_portable(g, r, a0, a1, values, count);
}

}  // namespace toroid::games::detail

namespace toroid::games::detail {

ScanResult scan_needed(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                       std::uint64_t* needed, std::size_t universe, std::size_t left,
                       std::size_t stop_at, std::uint32_t* found) {
    return pair_kernels_have_avx512()
               ? scan_needed_avx512(g, r, a0, a1, needed, universe, left, stop_at, found)
               : scan_needed_portable(g, r, a0, a1, needed, universe, left, stop_at, found);
}

}  // namespace toroid::games::detail
