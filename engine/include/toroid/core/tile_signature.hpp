// The CPU backend's signature of a torus, host and device.
//
// Universe::signature() is a cheap summary for spotting repeats: the CPU
// backend keeps it as a sum, over its tiles of 8 canonical words (512
// cells) by 32 rows that hold cells, of a mix of the tile's index and its
// population (cpu/tile_books.hpp). The census's own torus keeps the same
// sum (analysis/census_torus.cpp), and a batch that records a census's
// first generations computes it from the canonical words
// (BatchHistory::signature, kernels/census_batch.hpp): equal values on
// all three make a repeat detector hash at the same generations whichever
// of them stepped the soup.
#pragma once

#include <cstdint>

#include "toroid/core/grid_hash.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/splitmix64.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid {

inline constexpr std::int64_t kSignatureTileWords = 8, kSignatureTileRows = 32;

// Tile t's share of the signature; 0 for an empty tile.
TOROID_HD std::uint64_t signature_term(std::uint64_t t, std::uint64_t population) {
    return population == 0 ? 0 : splitmix64((t << 32) ^ population);
}

// The signature tiles of a torus: columns of kSignatureTileWords words
// (the last one may reach past the row: padding), rows of
// kSignatureTileRows rows (the last may be shorter).
TOROID_HD constexpr std::int64_t signature_tiles_x(const TorusShape& s) {
    return (s.words + kSignatureTileWords - 1) / kSignatureTileWords;
}
TOROID_HD constexpr std::int64_t signature_tiles_y(const TorusShape& s) {
    return (s.height + kSignatureTileRows - 1) / kSignatureTileRows;
}

// Population and hash share (the sum of grid_hash.hpp's hash_word over its
// nonzero words) of signature tile t of a torus in canonical storage.
struct SignatureTileStats {
    std::uint32_t population = 0;
    std::uint64_t hash_sum = 0;
};
TOROID_HD SignatureTileStats signature_tile_stats(const std::uint64_t* words, const TorusShape& s,
                                                  std::int64_t t) {
    const std::int64_t tiles_x = signature_tiles_x(s);
    const std::int64_t tx = t % tiles_x, ty = t / tiles_x;
    const std::int64_t j0 = tx * kSignatureTileWords,
                       j1 = j0 + kSignatureTileWords < s.words ? j0 + kSignatureTileWords : s.words;
    const std::int64_t y0 = ty * kSignatureTileRows,
                       y1 = y0 + kSignatureTileRows < s.height ? y0 + kSignatureTileRows : s.height;
    SignatureTileStats out;
    for (std::int64_t y = y0; y < y1; ++y)
        for (std::int64_t j = j0; j < j1; ++j) {
            const std::uint64_t w = words[y * s.words + j];
            out.population += std::uint32_t(popcount64(w));
            out.hash_sum += hash_word(std::uint64_t(y * s.words + j), w);
        }
    return out;
}

// A torus's population, hash and signature, summed tile by tile (any
// order: the sums are mod 2^64).
struct TorusTileSums {
    std::uint32_t population = 0;
    std::uint64_t hash_sum = 0, signature = 0;
    TOROID_HD void add(std::uint64_t t, std::uint32_t tile_population, std::uint64_t tile_hash) {
        population += tile_population;
        hash_sum += tile_hash;
        signature += signature_term(t, tile_population);
    }
    // Grid::hash() of the torus.
    TOROID_HD std::uint64_t hash(const TorusShape& s) const {
        return hash_finish(s.width, s.height, hash_sum);
    }
};

// The sums of a whole torus, tile by tile (the host's loop; the CUDA
// census history runs a thread a tile).
TOROID_HD TorusTileSums torus_tile_sums(const std::uint64_t* words, const TorusShape& s) {
    TorusTileSums sums;
    const std::int64_t tiles = signature_tiles_x(s) * signature_tiles_y(s);
    for (std::int64_t k = 0; k < tiles; ++k) {
        const SignatureTileStats st = signature_tile_stats(words, s, k);
        sums.add(std::uint64_t(k), st.population, st.hash_sum);
    }
    return sums;
}

}  // namespace toroid
