// Step variants: the update body of each two-state rule kind, and the one
// place where a rule chooses its variant.
//
// Every stepping loop moves words its own way (the CPU tile kernels, their
// row kernel for temporal blocking, the CPU batch kernel, the CUDA step and
// batch kernels, the scalar stepper of the analysers), but each ends up,
// for a word of row y, holding the words of rows y-1, y and y+1 with their
// west and east neighbours shifted into place (Shifted3, bitslice.hpp's
// layout). A variant is a type that says, as TOROID_HD templates on the word
// type W (uint64_t, or a GCC vector of them):
//
//   Row<W>                what the variant keeps of one row: computed once
//                         by prepare(Shifted3) and reused for the three
//                         output rows that read it (Moore keeps its sums);
//   next(up, mid, down)   the next state, deterministic transitions only;
//   count(up, mid, down)  stochastic variants: the bit-sliced neighbour
//                         count, from which each loop resolves the random
//                         transitions (stochastic.hpp) in its own way;
//   neighbourhood, stochastic   constants the loops specialise on (a
//                         circuit reads the whole 3x3 block: Moore).
//
// with_step_variant(rule, f) calls f(V{}) with the variant that runs `rule`;
// loops are templates on V, instantiated for every variant of the list.
//
// Adding a rule kind: its parser and printer (core/rule*.cpp), its compiled
// form (CompiledRule), a variant struct below, and one line in
// with_step_variant(). The tile engine, the batch engine and the CUDA
// kernels then all run it, and the reference stepper checks them.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/compiled_rule.hpp"
#include "toroid/core/corrected_count_rule.hpp"
#include "toroid/core/hd.hpp"

namespace toroid {

// A row's word with its west (x-1) and east (x+1) neighbours shifted into
// the same bit positions.
template <class W>
struct Shifted3 {
    W west, self, east;
};

// What the totalistic variants keep of a row: its shifted words and, on the
// Moore neighbourhood, its sums (bitslice.hpp's triple and pair; left zero
// and optimised away for the other neighbourhoods). A class template, so
// that the bodies deduce W from it.
template <class W>
struct CountRow {
    Shifted3<W> words;
    RowSums<W> sums;
};

// Conway's Life, B3/S23: the count's fast path.
struct LifeStep {
    static constexpr Neighbourhood neighbourhood = Neighbourhood::Moore;
    static constexpr bool stochastic = false;
    template <class W>
    using Row = CountRow<W>;

    template <class W>
    TOROID_HD static Row<W> prepare(const Shifted3<W>& r) {
        Row<W> row;
        row.words = r;
        row.sums = row_sums(r.west, r.self, r.east);
        return row;
    }
    template <class W>
    TOROID_HD static W next(const Row<W>& up, const Row<W>& mid, const Row<W>& down,
                            const CompiledRule&) {
        return apply_life(mid.words.self, moore_count(up.sums, mid.sums, down.sums));
    }
};

// Outer-totalistic B/S rules on the Moore, hexagonal and von Neumann
// neighbourhoods, with random transitions when Stochastic.
template <Neighbourhood K, bool Stochastic>
struct TotalisticStep {
    static constexpr Neighbourhood neighbourhood = K;
    static constexpr bool stochastic = Stochastic;
    template <class W>
    using Row = CountRow<W>;

    template <class W>
    TOROID_HD static Row<W> prepare(const Shifted3<W>& r) {
        Row<W> row{};
        row.words = r;
        if constexpr (K == Neighbourhood::Moore) row.sums = row_sums(r.west, r.self, r.east);
        return row;
    }
    template <class W>
    TOROID_HD static Count4<W> count(const Row<W>& up, const Row<W>& mid, const Row<W>& down) {
        const Shifted3<W>&u = up.words, &m = mid.words, &d = down.words;
        if constexpr (K == Neighbourhood::Moore)
            return moore_count(up.sums, mid.sums, down.sums);
        else if constexpr (K == Neighbourhood::Hexagonal)
            return hex_count(u.west, u.self, m.west, m.east, d.self, d.east);
        else
            return von_neumann_count(u.self, m.west, m.east, d.self);
    }
    template <class W>
    TOROID_HD static W self(const Row<W>& mid) {
        return mid.words.self;
    }
    template <class W>
    TOROID_HD static W next(const Row<W>& up, const Row<W>& mid, const Row<W>& down,
                            const CompiledRule& rule) {
        return apply_rule(self(mid), count(up, mid, down), std::uint32_t(rule.birth),
                          std::uint32_t(rule.survive));
    }
};

// Other rules given as a table (isotropic letters, MAP): the table's circuit
// (rule_circuit.hpp) on the nine cells of the block.
struct CircuitStep {
    static constexpr Neighbourhood neighbourhood = Neighbourhood::Moore;
    static constexpr bool stochastic = false;
    template <class W>
    using Row = Shifted3<W>;

    template <class W>
    TOROID_HD static Row<W> prepare(const Shifted3<W>& r) {
        return r;
    }
    template <class W>
    TOROID_HD static W next(const Row<W>& up, const Row<W>& mid, const Row<W>& down,
                            const CompiledRule& rule) {
        const W block[9] = {up.west,  up.self,   up.east,   mid.west, mid.self,
                            mid.east, down.west, down.self, down.east};
        return evaluate_circuit(rule.circuit, block);
    }
};

// Table rules whose diagram is large (random MAP rules): the table as a
// fixed multiplexer tree (table_tree.hpp) on the nine cells of the block.
struct TableTreeStep {
    static constexpr Neighbourhood neighbourhood = Neighbourhood::Moore;
    static constexpr bool stochastic = false;
    template <class W>
    using Row = Shifted3<W>;

    template <class W>
    TOROID_HD static Row<W> prepare(const Shifted3<W>& r) {
        return r;
    }
    template <class W>
    TOROID_HD static W next(const Row<W>& up, const Row<W>& mid, const Row<W>& down,
                            const CompiledRule& rule) {
        const W block[9] = {up.west,  up.self,   up.east,   mid.west, mid.self,
                            mid.east, down.west, down.self, down.east};
        return evaluate_table_tree(rule.tree, block);
    }
};

// Table rules close to a count rule (count_corrections.hpp): the count
// rule on the neighbourhood's bit-sliced count (count_rule_next), corrected
// on the few neighbourhoods where the table differs: by compiled Hensel
// letters (corrected_count_rule.hpp) or by patterns.
template <Neighbourhood K>
struct NearTotalisticStep {
    static constexpr Neighbourhood neighbourhood = K;
    static constexpr bool stochastic = false;
    template <class W>
    using Row = CountRow<W>;

    template <class W>
    TOROID_HD static Row<W> prepare(const Shifted3<W>& r) {
        return TotalisticStep<K, false>::prepare(r);
    }
    template <class W>
    TOROID_HD static W next(const Row<W>& up, const Row<W>& mid, const Row<W>& down,
                            const CompiledRule& rule) {
        const Count4<W> count = TotalisticStep<K, false>::count(up, mid, down);
        const CountCorrections& c = rule.corrections;
        const W self = mid.words.self;
        const W base =
            count_rule_next<K>(self, count, std::uint32_t(c.birth), std::uint32_t(c.survive));
        if (c.groups == 0 && c.letter_terms == 0) return base;
        const Shifted3<W>&u = up.words, &m = mid.words, &d = down.words;
        const W cell[9] = {u.west, u.self, u.east, m.west, m.self, m.east, d.west, d.self, d.east};
        if constexpr (K != Neighbourhood::VonNeumann)
            if (c.letter_terms) return apply_letter_terms<K>(c, cell, count, base);
        return evaluate_count_corrections(c, cell, count, base);
    }
};

// The variants of table rules, whose rule data is read at run-time indices
// (on the GPU: local memory), so the strip kernel runs them one generation
// per launch (strip_step.hpp's strip_max_k).
template <class V>
inline constexpr bool kTableVariant = false;
template <>
inline constexpr bool kTableVariant<CircuitStep> = true;
template <>
inline constexpr bool kTableVariant<TableTreeStep> = true;
template <Neighbourhood K>
inline constexpr bool kTableVariant<NearTotalisticStep<K>> = true;

// The one place a rule chooses its variant (see above). Returns f's result.
template <class F>
TOROID_HD decltype(auto) with_step_variant(const CompiledRule& rule, F&& f) {
    constexpr Neighbourhood kMoore = Neighbourhood::Moore, kHex = Neighbourhood::Hexagonal,
                            kVonNeumann = Neighbourhood::VonNeumann;
    if (rule.uses_circuit && rule.count_corrected) {
        if (rule.neighbourhood == kHex) return f(NearTotalisticStep<kHex>{});
        if (rule.neighbourhood == kVonNeumann) return f(NearTotalisticStep<kVonNeumann>{});
        return f(NearTotalisticStep<kMoore>{});
    }
    if (rule.uses_circuit && rule.uses_tree) return f(TableTreeStep{});
    if (rule.uses_circuit) return f(CircuitStep{});
    const bool random = rule.stochastic();
    switch (rule.neighbourhood) {
        case kHex:
            if (random) return f(TotalisticStep<kHex, true>{});
            return f(TotalisticStep<kHex, false>{});
        case kVonNeumann:
            if (random) return f(TotalisticStep<kVonNeumann, true>{});
            return f(TotalisticStep<kVonNeumann, false>{});
        case kMoore:
            break;
    }
    if (random) return f(TotalisticStep<kMoore, true>{});
    if (is_life(rule)) return f(LifeStep{});
    return f(TotalisticStep<kMoore, false>{});
}

}  // namespace toroid
