// One generation of a small torus in canonical storage, word by word.
//
// The batched backends (many small tori per pass, toroid/core/batch_backend.hpp)
// keep each torus exactly in the canonical layout of grid.hpp: `height` rows
// of `words = ceil(width / 64)` words, cell x of a row at bit x % 64 of word
// x / 64, padding bits past `width` zero. There is no halo: the west and east
// neighbours of a word are assembled from its row on the fly, wrapping at
// `width`:
//     west(j) = (row[j] << 1) | (j > 0 ? row[j-1] >> 63 : bit top of row[words-1])
//     east(j) = (row[j] >> 1) | (j < words-1 ? row[j+1] << 63 : bit 0 of row[0] << top)
// with top = (width - 1) % 64, and rows y-1, y+1 taken modulo `height`. Tiny
// tori (width or height 1 or 2) thus count neighbours with multiplicity, as
// DESIGN.md's formula says. The count and the rule are the shared arithmetic
// of bitslice.hpp; stochastic transitions are resolved with the canonical
// cell index y * width + x (stochastic.hpp), so a batched torus evolves
// exactly as the same torus on any Backend.
//
// W is std::uint64_t (one torus, or the GPU) or a GCC vector of uint64_t
// whose lane l belongs to torus l of a group (the CPU batch backend, same
// rule in every lane); `in` then points at rows of vectors.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/grid_hash.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/stochastic.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid {

template <class W>
struct RowWords {
    W west, self, east;
};

template <class W>
TOROID_HD RowWords<W> torus_row_words(const W* row, const TorusShape& s, std::int64_t j) {
    const W one = W{} | std::uint64_t(1);
    RowWords<W> r;
    r.self = row[j];
    const W west_in = j > 0 ? (row[j - 1] >> 63) : ((row[s.words - 1] >> s.top_bit()) & one);
    const W east_in = j < s.words - 1 ? (row[j + 1] << 63) : ((row[0] & one) << s.top_bit());
    r.west = (r.self << 1) | west_in;
    r.east = (r.self >> 1) | east_in;
    return r;
}

// Bit-sliced neighbour count of word j of row y.
template <class W>
TOROID_HD Count4<W> torus_count(const W* in, const TorusShape& s, Neighbourhood neighbourhood,
                                std::int64_t y, std::int64_t j, W& self) {
    const std::int64_t yu = y == 0 ? s.height - 1 : y - 1;
    const std::int64_t yd = y == s.height - 1 ? 0 : y + 1;
    const RowWords<W> up = torus_row_words(in + yu * s.words, s, j);
    const RowWords<W> mid = torus_row_words(in + y * s.words, s, j);
    const RowWords<W> down = torus_row_words(in + yd * s.words, s, j);
    self = mid.self;
    if (neighbourhood == Neighbourhood::Hexagonal)
        return hex_count(up.west, up.self, mid.west, mid.east, down.self, down.east);
    if (neighbourhood == Neighbourhood::VonNeumann)
        return von_neumann_count(up.self, mid.west, mid.east, down.self);
    return moore_count(row_sums(up.west, up.self, up.east), row_sums(mid.west, mid.self, mid.east),
                       row_sums(down.west, down.self, down.east));
}

// Deterministic next state of word j of row y (stochastic cells excluded),
// padding masked. `life` selects the B3/S23 fast path (is_life(rule)).
template <class W>
TOROID_HD W torus_next_word(const W* in, const TorusShape& s, const CompiledRule& rule, bool life,
                            std::int64_t y, std::int64_t j) {
    W self;
    const Count4<W> c = torus_count(in, s, rule.neighbourhood, y, j, self);
    W next = life ? apply_life(self, c) : apply_rule(self, c, rule.birth, rule.survive);
    if (j == s.words - 1) next &= (W{} | s.last_mask);
    return next;
}

// Exact next state of word j of row y for any rule (one torus, scalar):
// stochastic transitions drawn with (seed, generation, canonical word y*words + j).
TOROID_HD std::uint64_t torus_next_word_any(const std::uint64_t* in, const TorusShape& s,
                                            const CompiledRule& rule, std::uint64_t seed,
                                            std::uint64_t generation, std::int64_t y,
                                            std::int64_t j) {
    std::uint64_t self;
    const Count4<std::uint64_t> c = torus_count(in, s, rule.neighbourhood, y, j, self);
    std::uint64_t next =
        is_life(rule) ? apply_life(self, c) : apply_rule(self, c, rule.birth, rule.survive);
    const std::uint64_t mask = j == s.words - 1 ? s.last_mask : ~std::uint64_t(0);
    if (rule.stochastic()) {
        const std::uint64_t candidates = stochastic_candidates(self, c, rule) & mask;
        if (candidates)
            next |=
                resolve_stochastic(candidates, self, c, rule, seed, generation,
                                   std::uint64_t(y) * std::uint64_t(s.words) + std::uint64_t(j));
    }
    return next & mask;
}

// Grid::hash() contribution of canonical word `index` (grid_hash.hpp).
TOROID_HD std::uint64_t torus_hash(const std::uint64_t* words, const TorusShape& s) {
    std::uint64_t sum = 0;
    for (std::int64_t i = 0; i < s.torus_words(); ++i) sum += hash_word(std::uint64_t(i), words[i]);
    return hash_finish(s.width, s.height, sum);
}

TOROID_HD std::uint32_t torus_population(const std::uint64_t* words, const TorusShape& s) {
    std::uint32_t pop = 0;
    for (std::int64_t i = 0; i < s.torus_words(); ++i) pop += std::uint32_t(popcount64(words[i]));
    return pop;
}

}  // namespace toroid
