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
// * hunt_pair (with an AVX-512 copy chosen at run time): the tail of a witness search, the first
// split a + (r - a) of a
//   remainder r whose value g(a) ^ g(r - a) is one of a few values still
//   needed. Most values are found in the first few thousand pairs but the
//   last handful take tens of thousands (0.007 at n = 2.5e5: the last of
//   ~300 values near a = 50 000, the 16th from last near a = 10 000). Marking
//   every pair's value costs a scattered store per pair whatever is left to
//   find; with at most kHuntMax values left, a vector compare of 16 pairs
//   against each of them is cheaper.
#pragma once

#include <cstddef>
#include <cstdint>

namespace toroid::games::detail {

inline constexpr std::size_t kRareBatch = 16;
inline constexpr std::size_t kHuntMax = 16;

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

// hunt_pair for one instruction set each (tests compare them); the AVX-512
// one only where pair_kernels_have_avx512().
bool pair_kernels_have_avx512();
std::size_t hunt_pair_portable(const std::uint32_t* g, std::size_t r, std::size_t a0,
                               std::size_t a1, const std::uint32_t* values, std::size_t count);
std::size_t hunt_pair_avx512(const std::uint32_t* g, std::size_t r, std::size_t a0, std::size_t a1,
                             const std::uint32_t* values, std::size_t count);

}  // namespace toroid::games::detail
