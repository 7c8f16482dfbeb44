// Internal: the row stepper of the census torus (analysis/census_torus.hpp),
// compiled once per instruction set (simd/soup_rows_<isa>.cpp) like the
// tile kernels, on the same step variants (core/step_variant.hpp), so every
// two-state rule the tile engine runs steps here bit for bit the same.
//
// The plane: a square torus of `height` rows of `words` canonical words
// (a multiple of 4), turned by `turn` words (only the tiles and hashes see
// it), row y at plane + y * stride, its stored word j at [1 + j],
// with guard words on both sides mirroring the row's other end ([0] holds
// word words-1, [words + 1] holds word 0), so a 4-word vector and its
// west and east neighbours are three unaligned loads, around the torus.
//
// One call computes, in each vector column c of `columns` (words 4c..4c+3),
// the rows of its bitset need[c], from `src` into `dst`, which holds the
// generation before src: the caller guarantees that every other row of
// every column of dst already holds its next state (no cell near it
// changed). Every row computed is stored (a branch per row cost more);
// the call reports, per column, which of those rows changed (against what
// dst held: a row that repeats with period 2 is unchanged) and which hold
// live cells, the rows whose hash changed, and the population change of
// every 512 x 32 tile touched (the CPU backend's tiles, whose populations
// make the signature).
#pragma once

#include <cstdint>
#include <string>

#include "toroid/core/compiled_rule.hpp"

namespace toroid::detail {

struct SoupRowsArgs {
    const std::uint64_t* src = nullptr;
    std::uint64_t* dst = nullptr;
    std::int64_t stride = 0, words = 0, height = 0;
    // Bitsets of rows (height bits each), one per vector column, column c
    // at [c * height / 64]: need (rows to compute), and for dst: changed
    // (rows that changed in its last write; the computed columns'
    // overwritten) and nonzero (rows holding live cells; the computed
    // rows' bits set or cleared); stale, per column too: the changed rows added.
    // Only words [first_word, end_word) of the bitsets are read or written.
    const std::uint64_t* need = nullptr;
    std::int64_t first_word = 0, end_word = 0;
    std::uint64_t columns = 0;  // vector columns to compute
    const CompiledRule* rule = nullptr;
    std::uint64_t* changed = nullptr;
    std::uint64_t* nonzero = nullptr;
    std::uint64_t* stale = nullptr;
    // Like changed: the rows whose first cell (west) or last cell (east)
    // of the column changed, which the neighbour column on that side reads;
    // west_columns / east_columns: bit c set when column c has some (the
    // caller zeroes both).
    std::uint64_t *west = nullptr, *east = nullptr;
    std::uint64_t west_columns = 0, east_columns = 0;
    // Out: the words [changed_first, changed_end) of `changed` hold its
    // bits (the caller sets first to end_word and end to first_word).
    std::int64_t changed_first = 0, changed_end = 0;
    // tile_delta[t]: population change of tile t (t = (y / 32) * tiles_x +
    // j / 8), its index appended to touched[] the first time (touched_flag[t]
    // set; the caller clears both).
    std::int64_t* tile_delta = nullptr;
    std::int64_t tiles_x = 0;
    std::int64_t turn = 0;  // even: word j of the torus is stored at (j + turn) mod words
    std::uint32_t* touched = nullptr;
    std::size_t touched_count = 0;  // in and out
    std::uint8_t* touched_flag = nullptr;
};

// Returns the columns in which some row changed.
using SoupRowsKernel = std::uint64_t (*)(SoupRowsArgs&);

// The kernel for the rule on the best instruction set allowed
// (best_instruction_set(): TOROID_CPU_ISA caps it); its name in *isa.
SoupRowsKernel select_soup_rows(std::string* isa);

SoupRowsKernel soup_rows_portable();
SoupRowsKernel soup_rows_avx2();
SoupRowsKernel soup_rows_avx512();

}  // namespace toroid::detail
