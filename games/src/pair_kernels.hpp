// The two inner loops of the sparse solver (sparse_solver.cpp).
//
// * mark_rare_batch: the splits with a rare part of kRareBatch consecutive
//   remainders first .. first + 15. For a rare position p the partners
//   first - p .. first + 15 - p are adjacent, so one cache line of g serves
//   the whole batch. The marks go first to two blocks of 8 interleaved
//   rows (the store address is then the XOR times 8 plus an immediate; with
//   a row offset per remainder the compiler reloaded the offset after every
//   byte store), then an 8 x 8 byte transpose writes each remainder's row.
//   The partners' cache lines are prefetched 16 rare positions ahead. The
//   loop now runs at the machine's rate of scattered byte stores (0.28 ns
//   per store into 16 KiB, measured alone; a microbenchmark of this loop
//   0.29 ns per pair, was 0.48; 0.206 to 2e6 on one core: 7.5 -> 5.8 s).
//   AVX-512 copies that computed the 16 addresses in one vector measured
//   slower, with the old rows (10%) and the interleaved blocks (0.40 ns).
// * hunt_pair and scan_needed (each with an AVX-512 copy chosen at run
//   time): the tail of a witness search, the first split a + (r - a) of a
//   remainder r whose value g(a) ^ g(r - a) is one of the values still
//   needed. Most values are found in the first few thousand pairs but the
//   last handful take tens of thousands (0.007 at n = 2.5e5: the last of
//   ~300 values near a = 50 000, the 16th from last near a = 10 000). Marking
//   every pair's value costs a scattered store per pair whatever is left to
//   find. hunt_pair compares 16 pairs at once against each of a few values
//   (cheapest for 1-4 values); scan_needed looks every pair's value up in a
//   bitmap of the needed values, at a cost that does not grow with their
//   number: with AVX-512 the bitmap (up to 2048 values) sits in four
//   registers and 16 lookups are two permutes (vpermi2d) and a shift.
//   The solver still marks while more than kScanMax values are left: early
//   on a needed value turns up every few pairs, and handling a hit (leave
//   the vector loop, clear the bit, reload the registers) costs more than
//   the stores (0.206 to 2e6: 12.3 s with 16, 15.2 s with 64, 21 s with
//   scans only). Tried and dropped: a lookup-table search that takes the
//   parts of value v ^ y from a table of positions for the most frequent y
//   (each check succeeds with y's frequency): slower at 1e6 for 0.206 and
//   0.064, the last values' witnesses are far out in a; AVX-512 marking
//   (vector XORs, scalar stores): no change, the stores are the bound.
#pragma once

#include <cstddef>
#include <cstdint>

namespace toroid::games::detail {

inline constexpr std::size_t kRareBatch = 16;
inline constexpr std::size_t kHuntMax = 16;  // values hunt_pair takes at most
inline constexpr std::size_t kScanMax = 16;  // the solver hunts once this few are left
// scan_needed's bitmap holds at least this many bits (zero beyond the universe).
inline constexpr std::size_t kNeededMinBits = 2048;

// Row j (j < kRareBatch) at rows + offset[j], universe bytes (a multiple of
// 8), is set to: 1 at x = val[i] ^ g[first - pos[i] + j] for every i in
// [lo, hi), 0 elsewhere (pos[i] + ... : all parts known by the caller).
void mark_rare_batch(std::uint8_t* rows, const std::uint32_t* offset, std::size_t universe,
                     const std::uint32_t* g, std::size_t first, const std::uint32_t* pos,
                     const std::uint32_t* val, std::size_t lo, std::size_t hi);

// The first a in [a0, a1) with g[a] ^ g[r - a] in values[0 .. count), or a1
// when there is none. Requires a1 <= r / 2 + 1 (both parts known) and
// count <= kHuntMax.
std::size_t hunt_pair(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                      const std::uint32_t* values, std::size_t count);

// Scans the pairs a + (r - a), a = a0, a0 + 1, ..., for values whose bit
// is set in needed: each such value has its bit cleared and is appended to
// found (in the order of a), and left is decremented; the scan stops after
// the pair that brings left down to stop_at, or at a1. Returns where it
// stopped (the a after the last pair looked at). needed holds
// max(universe, kNeededMinBits) bits, every g[.] < universe (a power of
// two), a1 <= r / 2 + 1, stop_at < left <= the bits set.
struct ScanResult {
    std::size_t at;
    std::size_t left;
};
ScanResult scan_needed(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                       std::uint64_t* needed, std::size_t universe, std::size_t left,
                       std::size_t stop_at, std::uint32_t* found);

// hunt_pair and scan_needed for one instruction set each (tests compare them); the AVX-512
// one only where pair_kernels_have_avx512().
bool pair_kernels_have_avx512();
std::size_t hunt_pair_portable(const std::uint32_t* g, std::size_t r, std::size_t a0,
                               std::size_t a1, const std::uint32_t* values, std::size_t count);
std::size_t hunt_pair_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                             const std::uint32_t* values, std::size_t count);
ScanResult scan_needed_portable(const std::uint32_t* g, std::size_t r, std::size_t a0,
                                std::size_t a1, std::uint64_t* needed, std::size_t universe,
                                std::size_t left, std::size_t stop_at, std::uint32_t* found);
ScanResult scan_needed_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                              std::uint64_t* needed, std::size_t universe, std::size_t left,
                              std::size_t stop_at, std::uint32_t* found);

// scan_needed's test of one value: clears its bit, true when it was set.
inline bool take_needed(std::uint32_t x, std::uint64_t* needed) {
    const std::uint64_t bit = std::uint64_t{1} << (x & 63);
    const bool set = (needed[x >> 6] & bit) != 0;
    needed[x >> 6] &= ~bit;
    return set;
}

}  // namespace toroid::games::detail
