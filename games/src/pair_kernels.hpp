// The two inner loops of the sparse solver (sparse_solver.cpp).
//
// * mark_rare_batch: the splits with a rare part of kRareBatch consecutive
//   remainders first .. first + 15. For a rare position p the partners
//   first - p .. first + 15 - p are adjacent, so one cache line of g serves
//   the whole batch. The marks go first to two blocks of 8 interleaved
//   rows (the store address is then the XOR times 8 plus an immediate; with
//   a row offset per remainder the compiler reloaded the offset after every
//   byte store), then an 8 x 8 byte transpose writes each remainder's row.
//   The loop is bound by its byte stores, one per pair, and by the partners'
//   cache lines (prefetched 16 rare positions ahead). 0.206 to 2e6 on one
//   core: from 0.34 to about 0.2 ns per pair. An AVX-512 copy that computed
//   the 16 addresses in one vector measured 10% slower than the old loop
//   (the extraction costs more than the scalar XORs).
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
//   registers and 16 lookups are two permutes (vpermi2d) and a shift. So
//   the solver marks only while many values are left (kScanMax).
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
