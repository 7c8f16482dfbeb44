// Internal to the CPU backend: what is known about each tile of each plane.
//
// Per plane and tile: the population, the hash (valid unless the tile is
// listed stale: re-hashed when hash() is next asked), and which words may
// hold live cells (bit j: word j of the tile; exact after a kernel computed
// every row, a superset after it computed some, all set after other
// writes: the scheduler computes only the half of a tile that can hold
// cells). Totals are kept beside them, so population() and hash() cost the
// tiles that changed, and so is signature(): a sum over the live tiles of a
// mix of tile index and population, a function of the state alone.
//
// Arrays are ZeroedArray: untouched tiles of a huge torus cost no memory
// writes (zeroed_array.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "toroid/core/tile_signature.hpp"
#include "zeroed_array.hpp"

namespace toroid::detail {

struct TileBooks {
    ZeroedArray<std::uint64_t> pop[2], hash[2];
    ZeroedArray<std::uint8_t> hash_stale[2];
    std::vector<std::uint32_t> stale_list[2];
    std::uint64_t total_pop[2] = {0, 0}, total_hash[2] = {0, 0};  // hash: valid tiles only
    std::uint64_t total_signature[2] = {0, 0};
    ZeroedArray<std::uint8_t> live[2];

    // Every counter of `tiles` tiles, zero.
    void reset(std::size_t tiles) {
        for (int p = 0; p < 2; ++p) {
            pop[p].assign_zero(tiles);
            hash[p].assign_zero(tiles);
            hash_stale[p].assign_zero(tiles);
            stale_list[p].clear();
            total_pop[p] = total_hash[p] = total_signature[p] = 0;
            live[p].assign_zero(tiles);
        }
    }

    // A tile's share of the signature (0 for an empty tile).
    static std::uint64_t signature(std::uint32_t t, std::uint64_t population) {
        return signature_term(t, population);
    }
    void set_population(int p, std::uint32_t t, std::uint64_t population) {
        total_pop[p] += population - pop[p][t];
        total_signature[p] += signature(t, population) - signature(t, pop[p][t]);
        pop[p][t] = population;
    }

    // The content of tile t of plane p changed: new population, hash later.
    void retile(int p, std::uint32_t t, std::uint64_t population) {
        set_population(p, t, population);
        if (!hash_stale[p][t]) {
            hash_stale[p][t] = 1;
            total_hash[p] -= hash[p][t];
            stale_list[p].push_back(t);
        }
    }

    // Tile t of plane p changed, with a known hash change.
    void retile_hashed(int p, std::uint32_t t, std::uint64_t population, std::uint64_t delta) {
        if (hash_stale[p][t]) return retile(p, t, population);
        set_population(p, t, population);
        hash[p][t] += delta;
        total_hash[p] += delta;
    }

    // Re-hashes the stale tiles of plane p with hash_tile(t); the total.
    template <class HashTile>
    std::uint64_t rehash(int p, HashTile hash_tile) {
        for (std::uint32_t t : stale_list[p]) {
            hash[p][t] = hash_tile(t);
            total_hash[p] += hash[p][t];
            hash_stale[p][t] = 0;
        }
        stale_list[p].clear();
        return total_hash[p];
    }
};

}  // namespace toroid::detail
