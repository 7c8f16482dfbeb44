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
// the torus's definition says (reference_stepper.hpp). The update is the
// rule's variant (step_variant.hpp); stochastic transitions are resolved
// with the canonical word index (stochastic.hpp), so a batched torus
// evolves exactly as the same torus on any Backend.
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
#include "toroid/core/step_variant.hpp"
#include "toroid/core/stochastic.hpp"
#include "toroid/core/torus_geometry.hpp"

namespace toroid {

// Word j of a row with its west and east neighbours, wrapping at `width`.
template <class W>
TOROID_HD Shifted3<W> torus_row_words(const W* row, const TorusShape& s, std::int64_t j) {
    const W one = W{} | std::uint64_t(1);
    Shifted3<W> r;
    r.self = row[j];
    const W west_in = j > 0 ? (row[j - 1] >> 63) : ((row[s.words - 1] >> s.top_bit()) & one);
    const W east_in = j < s.words - 1 ? (row[j + 1] << 63) : ((row[0] & one) << s.top_bit());
    r.west = (r.self << 1) | west_in;
    r.east = (r.self >> 1) | east_in;
    return r;
}

// The variant's rows (step_variant.hpp) around word j of row y.
template <class V, class W>
struct TorusWindow {
    typename V::template Row<W> up, mid, down;
};

template <class V, class W>
TOROID_HD TorusWindow<V, W> torus_window(const W* in, const TorusShape& s, std::int64_t y,
                                         std::int64_t j) {
    const std::int64_t yu = y == 0 ? s.height - 1 : y - 1;
    const std::int64_t yd = y == s.height - 1 ? 0 : y + 1;
    return {V::prepare(torus_row_words(in + yu * s.words, s, j)),
            V::prepare(torus_row_words(in + y * s.words, s, j)),
            V::prepare(torus_row_words(in + yd * s.words, s, j))};
}

// Deterministic next state of word j of row y under variant V (stochastic
// cells excluded), padding masked.
template <class V, class W>
TOROID_HD W torus_next_word(const W* in, const TorusShape& s, const CompiledRule& rule,
                            std::int64_t y, std::int64_t j) {
    const TorusWindow<V, W> n = torus_window<V>(in, s, y, j);
    return V::next(n.up, n.mid, n.down, rule) & (W{} | s.word_mask(j));
}

// Exact next state of word j of row y under variant V (one torus, scalar):
// stochastic transitions drawn with (seed, generation, canonical word y*words + j).
template <class V>
TOROID_HD std::uint64_t torus_next_word_exact(const std::uint64_t* in, const TorusShape& s,
                                              const CompiledRule& rule, std::uint64_t seed,
                                              std::uint64_t generation, std::int64_t y,
                                              std::int64_t j) {
    const TorusWindow<V, std::uint64_t> n = torus_window<V>(in, s, y, j);
    std::uint64_t next = V::next(n.up, n.mid, n.down, rule);
    const std::uint64_t mask = s.word_mask(j);
    if constexpr (V::stochastic) {
        const Count4<std::uint64_t> c = V::count(n.up, n.mid, n.down);
        const std::uint64_t self = V::self(n.mid);
        const std::uint64_t candidates = stochastic_candidates(self, c, rule) & mask;
        if (candidates)
            next |=
                resolve_stochastic(candidates, self, c, rule, seed, generation,
                                   std::uint64_t(y) * std::uint64_t(s.words) + std::uint64_t(j));
    } else {
        (void)seed, (void)generation;
    }
    return next & mask;
}

// The same for any rule, choosing the variant per call (a batch mixes rules).
TOROID_HD std::uint64_t torus_next_word_any(const std::uint64_t* in, const TorusShape& s,
                                            const CompiledRule& rule, std::uint64_t seed,
                                            std::uint64_t generation, std::int64_t y,
                                            std::int64_t j) {
    return with_step_variant(rule, [&](auto variant) {
        return torus_next_word_exact<decltype(variant)>(in, s, rule, seed, generation, y, j);
    });
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
