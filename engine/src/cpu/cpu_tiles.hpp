// Internal to the CPU backend: the tile contract between the scheduler
// (cpu_backend.cpp) and the per-ISA tile kernels (simd/tile_kernel_*.cpp).
// The stored plane is toroid/core/plane_layout.hpp (shared with the GPU).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "table_jit.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/plane_layout.hpp"

namespace toroid::detail {

inline constexpr std::int64_t kTileWords = 8;  // 512 cells: one AVX-512 vector per row
inline constexpr std::int64_t kTileRows = 32;

// A tile kernel's view of the planes: their shape (the torus, and the stored
// words per row of the planes or of the tile's column strip), where they
// are, and what to compute.
struct TileKernelArgs : PlaneShape {
    const std::uint64_t* src = nullptr;         // plane at generation t
    std::uint64_t* dst = nullptr;               // plane receiving t+1 (holds t-1 on entry)
    const std::uint64_t* word_masks = nullptr;  // valid bits of word j, for j < padded words
    CompiledRule rule;
    std::uint64_t seed = 0;
    std::uint64_t generation = 0;  // t
    // Also return the change of the tile's hash (TileOutcome::hash_delta):
    // set while someone reads hash() every generation (the analysers).
    bool track_hash = false;
    // Sparse work: rows whose content did not change are not stored (an
    // empty row of a fresh tile is never written, its memory never touched).
    bool sparse = false;
    // The rule's table tree as machine code (table_jit.hpp), for the
    // AVX-512 kernel of TableTreeStep; null: the C++ tree.
    const void* table_code = nullptr;
};

// Which borders of a tile changed: a neighbour tile needs recomputing only
// when the border it touches changed (its cells are the neighbour's input).
inline constexpr std::uint8_t kEdgeTop = 1, kEdgeBottom = 2, kEdgeLeft = 4, kEdgeRight = 8;

struct TileOutcome {
    std::uint64_t population = 0;  // of the rows computed (the whole tile unless told)
    // Sparse steps: new minus old population of the rows that changed,
    // modulo 2^64 (the tile's count follows without counting rows not computed).
    std::uint64_t population_delta = 0;
    std::uint8_t live = 0;   // bit j: word j of the rows computed holds a live cell
    bool changed = false;    // new content differs from what dst held (t-1)
    std::uint8_t edges = 0;  // kEdge* bits: borders (row or column of cells) that changed
    // Sparse steps: bit r set when row r of the tile changed (the rows the
    // next step must recompute around; see TileKernel).
    std::uint32_t rows = 0;
    // With track_hash: sum of hash_word(new) - hash_word(old) over the words
    // that changed (grid_hash.hpp), so the tile's hash follows without a rescan.
    std::uint64_t hash_delta = 0;
};

// Computes words [first_word, end_word) of rows [first_row, end_row) of the
// tile (words: a multiple of the kernel's vector width; 0, kTileWords, 0,
// kTileRows for the whole tile). The caller guarantees that the other words
// are dead and stay dead (no live cell in them or next to them), and that in
// the other rows dst already holds the next state: their neighbourhood did
// not change since dst was written two generations ago (a tile that
// repeats with period 2 costs nothing). Rows past the torus's last row are
// ignored. The outcome describes the whole tile, except `population` and
// `live`, which cover the rows computed.
using TileKernel = TileOutcome (*)(const TileKernelArgs&, std::int64_t tile_x, std::int64_t tile_y,
                                   std::int64_t first_word, std::int64_t end_word,
                                   std::int64_t first_row, std::int64_t end_row);

// Sum of hash_word(y * words + j, word) over the tile's canonical words of
// `plane` (grid_hash.hpp), i.e. the tile's share of Grid::hash().
using TileHasher = std::uint64_t (*)(const std::uint64_t* plane, const TileKernelArgs& shape,
                                     std::int64_t tile_x, std::int64_t tile_y);

// One whole row of the next generation (temporal blocking, cpu_bands.cpp):
// out = next state of the stored row `mid` (row y of the torus) between the
// stored rows `up` and `down`, canonical words masked, edge bits repaired;
// `generation` in args keys the stochastic draws. Adds each tile column's
// population to column_pop[tile_x] unless it is null.
using RowKernel = void (*)(const TileKernelArgs&, const std::uint64_t* up, const std::uint64_t* mid,
                           const std::uint64_t* down, std::uint64_t* out, std::int64_t y,
                           std::uint64_t* column_pop);

struct TileKernels {
    TileKernel step = nullptr;
    // Half a tile (kTileWords / 2 words) at a time: on AVX-512 a 256-bit
    // build of the kernel (tile_kernel_avx512_half.cpp), since a 512-bit
    // vector is the whole tile row; elsewhere `step` itself.
    TileKernel half = nullptr;
    TileHasher hash = nullptr;
    RowKernel row = nullptr;
    // Owner of TileKernelArgs::table_code (AVX-512 table-tree rules).
    std::shared_ptr<const TableJit> table_jit;
};

// Instruction sets this CPU runs, best first ("avx512", "avx2", "portable").
std::vector<std::string> available_instruction_sets();
// The kernel for the rule's kind on `wanted` (empty: the best available).
TileKernels select_tile_kernel(const CompiledRule& rule, std::string_view wanted, std::string* isa);

TileKernels tile_kernel_portable(const CompiledRule& rule);
TileKernels tile_kernel_avx2(const CompiledRule& rule);
TileKernels tile_kernel_avx512(const CompiledRule& rule);
TileKernels tile_kernel_avx512_half(const CompiledRule& rule);  // 4 lanes, AVX-512VL

}  // namespace toroid::detail
