// Kernel bodies of a census's batch on the device (BatchHistory::
// with_signature; analysis/census_record.hpp): each generation's step,
// Grid::hash(), population and the CPU backend's signature
// (core/tile_signature.hpp) of every torus, and the tori's nonzero words.
//
// A census's tori are large (16384 words at 1024^2) and its soups small (a
// few hundred words): every torus carries the box of its cells (rows and
// word columns, CensusBox) and only the words that can change are touched.
// Generation t + 1 is computed over census_region(): the box of
// generation t grown by one row and one word column on each side (a
// whole row or column of the torus where that reaches an edge: the cells
// wrap), joined with the box of generation t - 1, whose cells the output
// buffer still holds and which must be overwritten; outside it the output
// is zero already. The buffer a batch starts writing into is zeroed and its
// box empty.
//
// census_step_body: a block per torus, its threads striding over the
// region's words (torus_step.hpp's arithmetic, as batch_step_body).
// census_tile_body: a thread per signature tile of every torus (64 tiles of
// 256 words at 1024^2): population, hash share and box of its cells, zero
// without a read outside the region.
// census_history_body: a thread per torus: the tiles summed into this
// generation's row of the history, and the new box.
//
// The nonzero words of every torus (ResidentBatch::nonzero_words):
// tile_nonzero_body counts each tile's nonzero words (a thread a tile, none
// read outside the torus's box), an exclusive scan over all the tiles of
// all the tori gives each tile's place in one packed list
// (thrust::exclusive_scan on the device, std::exclusive_scan in the
// emulation), and tile_sparse_body writes each tile's (index, word) pairs
// there: torus i's words start at the offset of its first tile.
//
// No barriers, no shared memory: all are plain emulate_launch() bodies.
#pragma once

#include <cstdint>

#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/launch_index.hpp"
#include "toroid/core/tile_signature.hpp"
#include "toroid/core/torus_geometry.hpp"
#include "toroid/core/torus_step.hpp"
#include "toroid/kernels/launch_shape.hpp"

namespace toroid::kernels {

inline constexpr std::uint32_t kCensusThreads = 128;

// Rows y0..y1 and word columns j0..j1 (inclusive); empty where y0 > y1.
struct CensusBox {
    std::int32_t y0 = 1, y1 = 0, j0 = 1, j1 = 0;
    TOROID_HD bool empty() const { return y0 > y1; }
    TOROID_HD static CensusBox whole(const TorusShape& s) {
        return {0, std::int32_t(s.height - 1), 0, std::int32_t(s.words - 1)};
    }
    TOROID_HD bool holds(std::int64_t y, std::int64_t j) const {
        return y >= y0 && y <= y1 && j >= j0 && j <= j1;
    }
    TOROID_HD CensusBox joined(const CensusBox& o) const {
        if (empty()) return o;
        if (o.empty()) return *this;
        return {y0 < o.y0 ? y0 : o.y0, y1 > o.y1 ? y1 : o.y1, j0 < o.j0 ? j0 : o.j0,
                j1 > o.j1 ? j1 : o.j1};
    }
};

// Where generation t + 1 can differ from zero or from what the output
// buffer holds (generation t - 1): the box of t grown by one, joined with
// the box of t - 1; the whole torus under a rule with birth on 0.
TOROID_HD CensusBox census_region(const CensusBox& now, const CensusBox& before,
                                  const TorusShape& s, const CompiledRule& rule) {
    if (rule.births_on_empty()) return CensusBox::whole(s);
    CensusBox grown;
    if (!now.empty()) {
        grown = {now.y0 - 1, now.y1 + 1, now.j0 - 1, now.j1 + 1};
        if (grown.y0 < 0 || grown.y1 >= s.height)
            grown.y0 = 0, grown.y1 = std::int32_t(s.height - 1);
        if (grown.j0 < 0 || grown.j1 >= s.words) grown.j0 = 0, grown.j1 = std::int32_t(s.words - 1);
    }
    return grown.joined(before);
}

constexpr std::int64_t census_tiles(const TorusShape& s) {
    return signature_tiles_x(s) * signature_tiles_y(s);
}

struct CensusStepArgs {
    const std::uint64_t* in = nullptr;  // generation t, count tori back to back
    std::uint64_t* out = nullptr;       // generation t - 1 there; t + 1 written
    TorusShape shape;
    std::uint64_t count = 0;
    const CompiledRule* rules = nullptr;
    const std::uint64_t* seeds = nullptr;
    const std::uint64_t* generations = nullptr;  // at the start of the call
    std::uint64_t step = 0;                      // generations already done in it
    const CensusBox* now = nullptr;              // box of `in`, per torus
    const CensusBox* before = nullptr;           // box of `out`, per torus
};

constexpr LaunchShape census_step_launch(std::uint64_t count) {
    return {{std::uint32_t(count), 1, 1}, {kCensusThreads, 1, 1}};
}

TOROID_HD void census_step_body(const LaunchIndex& idx, const CensusStepArgs& a) {
    const std::uint64_t torus = idx.block.x;
    if (torus >= a.count) return;
    const CensusBox r = census_region(a.now[torus], a.before[torus], a.shape, a.rules[torus]);
    if (r.empty()) return;
    const std::int64_t cols = r.j1 - r.j0 + 1, n = (r.y1 - r.y0 + 1) * cols;
    const std::uint64_t words = std::uint64_t(a.shape.torus_words());
    const std::uint64_t* in = a.in + torus * words;
    std::uint64_t* out = a.out + torus * words;
    for (std::int64_t w = idx.thread.x; w < n; w += idx.block_dim.x) {
        const std::int64_t y = r.y0 + w / cols, j = r.j0 + w % cols;
        out[y * a.shape.words + j] = torus_next_word_any(
            in, a.shape, a.rules[torus], a.seeds[torus], a.generations[torus] + a.step, y, j);
    }
}

struct CensusTileArgs {
    const std::uint64_t* words = nullptr;  // the generation just written
    TorusShape shape;
    std::uint64_t count = 0;
    const CompiledRule* rules = nullptr;
    const CensusBox* now = nullptr;            // the step's boxes: the region
    const CensusBox* before = nullptr;         // holds every nonzero word
    std::uint32_t* tile_population = nullptr;  // [torus * tiles + t]
    std::uint64_t* tile_hash = nullptr;        // likewise
    CensusBox* tile_box = nullptr;             // likewise
};

constexpr LaunchShape census_tile_launch(const TorusShape& s, std::uint64_t count) {
    return {
        {std::uint32_t(blocks_for(std::int64_t(count) * census_tiles(s), kCensusThreads)), 1, 1},
        {kCensusThreads, 1, 1}};
}

// For each thread of census_tile_launch(), tile t of torus `torus` (g:
// their index in the tile arrays): calls f(row, word column, word) for its
// nonzero words inside region(torus), row by row; false past the last tile.
template <class Region, class F>
TOROID_HD bool for_each_tile_word(const LaunchIndex& idx, const TorusShape& s, std::uint64_t count,
                                  const std::uint64_t* words, Region&& region, std::uint64_t& g,
                                  F&& f) {
    const std::uint64_t tiles = std::uint64_t(census_tiles(s));
    g = std::uint64_t(idx.global_x());
    if (g >= count * tiles) return false;
    const std::uint64_t torus = g / tiles;
    const std::int64_t t = std::int64_t(g % tiles), tiles_x = signature_tiles_x(s);
    const CensusBox r = region(torus);
    std::int64_t j0 = (t % tiles_x) * kSignatureTileWords, y0 = (t / tiles_x) * kSignatureTileRows;
    std::int64_t j1 = j0 + kSignatureTileWords - 1, y1 = y0 + kSignatureTileRows - 1;
    // The tile's part of the region (and of the torus).
    j0 = j0 > r.j0 ? j0 : r.j0, y0 = y0 > r.y0 ? y0 : r.y0;
    j1 = j1 < r.j1 ? j1 : r.j1, y1 = y1 < r.y1 ? y1 : r.y1;
    const std::uint64_t* w = words + torus * std::uint64_t(s.torus_words());
    for (std::int64_t y = y0; y <= y1; ++y)
        for (std::int64_t j = j0; j <= j1; ++j)
            if (const std::uint64_t v = w[y * s.words + j]) f(y, j, v);
    return true;
}

TOROID_HD void census_tile_body(const LaunchIndex& idx, const CensusTileArgs& a) {
    std::uint64_t g = 0;
    std::uint32_t population = 0;
    std::uint64_t hash = 0;
    CensusBox box;
    auto region = [&](std::uint64_t torus) {
        return census_region(a.now[torus], a.before[torus], a.shape, a.rules[torus]);
    };
    if (!for_each_tile_word(idx, a.shape, a.count, a.words, region, g,
                            [&](std::int64_t y, std::int64_t j, std::uint64_t w) {
                                population += std::uint32_t(popcount64(w));
                                hash += hash_word(std::uint64_t(y * a.shape.words + j), w);
                                box = box.joined({std::int32_t(y), std::int32_t(y), std::int32_t(j),
                                                  std::int32_t(j)});
                            }))
        return;
    a.tile_population[g] = population;
    a.tile_hash[g] = hash;
    a.tile_box[g] = box;
}

struct CensusHistoryArgs {
    const std::uint32_t* tile_population = nullptr;  // census_tile_body's
    const std::uint64_t* tile_hash = nullptr;
    const CensusBox* tile_box = nullptr;
    TorusShape shape;
    std::uint64_t count = 0;
    std::uint64_t* hash = nullptr;        // this generation's row: count entries
    std::uint32_t* population = nullptr;  // likewise
    std::uint64_t* signature = nullptr;   // likewise
    CensusBox* box = nullptr;             // the new generation's, per torus
};

constexpr LaunchShape census_history_launch(std::uint64_t count) {
    return {{std::uint32_t(blocks_for(std::int64_t(count), kCensusThreads)), 1, 1},
            {kCensusThreads, 1, 1}};
}

TOROID_HD void census_history_body(const LaunchIndex& idx, const CensusHistoryArgs& a) {
    const std::uint64_t torus = std::uint64_t(idx.global_x());
    if (torus >= a.count) return;
    const std::uint64_t tiles = std::uint64_t(census_tiles(a.shape));
    TorusTileSums sums;
    CensusBox box;
    for (std::uint64_t t = 0; t < tiles; ++t) {
        const std::uint64_t g = torus * tiles + t;
        sums.add(t, a.tile_population[g], a.tile_hash[g]);
        box = box.joined(a.tile_box[g]);
    }
    a.hash[torus] = sums.hash(a.shape);
    a.population[torus] = sums.population;
    a.signature[torus] = sums.signature;
    a.box[torus] = box;
}

struct TileSparseArgs {
    const std::uint64_t* words = nullptr;  // count tori, canonical, back to back
    TorusShape shape;
    std::uint64_t count = 0;
    const CensusBox* box = nullptr;         // of each torus's cells
    std::uint64_t* tile_count = nullptr;    // tile_nonzero_body: [torus * tiles + t]
    const std::uint64_t* offset = nullptr;  // tile_sparse_body: the scan of tile_count
    std::uint32_t* index = nullptr;         // tile_sparse_body's output
    std::uint64_t* word = nullptr;
};

TOROID_HD void tile_nonzero_body(const LaunchIndex& idx, const TileSparseArgs& a) {
    std::uint64_t g = 0, n = 0;
    auto box = [&](std::uint64_t torus) { return a.box[torus]; };
    if (for_each_tile_word(idx, a.shape, a.count, a.words, box, g,
                           [&](std::int64_t, std::int64_t, std::uint64_t) { ++n; }))
        a.tile_count[g] = n;
}

TOROID_HD void tile_sparse_body(const LaunchIndex& idx, const TileSparseArgs& a) {
    std::uint64_t g = 0, at = 0;
    bool first = true;
    auto box = [&](std::uint64_t torus) { return a.box[torus]; };
    for_each_tile_word(idx, a.shape, a.count, a.words, box, g,
                       [&](std::int64_t y, std::int64_t j, std::uint64_t w) {
                           if (first) at = a.offset[g], first = false;
                           a.index[at] = std::uint32_t(y * a.shape.words + j);
                           a.word[at] = w;
                           ++at;
                       });
}

}  // namespace toroid::kernels
