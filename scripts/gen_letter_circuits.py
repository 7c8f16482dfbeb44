#!/usr/bin/env python3
"""Writes engine/include/toroid/core/letter_circuits.hpp: one straight-line
function per Hensel letter (Moore counts 1-4, hexagonal counts 2-3), the OR
over the letter's orientations of "these cells are live", factored, and the
switch that count_corrections.hpp's letter terms go through.

Each function is only meant to be right among the neighbourhoods of its own
count (the caller ANDs with "count == n"), so a cube of an orientation may
drop a cell when every neighbourhood of that count containing the rest is
of the same letter. The letters' classes are built here from one picture
per letter and the block's symmetries, independently of isotropic.cpp; the
test (tests/engine/test_letter_circuits.cpp) checks every function against
isotropic.cpp on all 512 blocks.

Usage: python3 scripts/gen_letter_circuits.py > engine/include/toroid/core/letter_circuits.hpp
then clang-format -i the header.
"""
from functools import lru_cache
from itertools import combinations

NW, N, NE, W, C, E, SW, S, SE = range(9)
NAMES = ["nw", "n", "ne", "w", "c", "e", "sw", "s", "se"]

# One picture per letter (Golly's classes), as in isotropic.cpp.
MOORE = {
    1: [("c", [NW]), ("e", [N])],
    2: [("a", [NW, N]), ("c", [NW, NE]), ("e", [N, W]), ("i", [W, E]), ("k", [NW, E]),
        ("n", [NE, SW])],
    3: [("a", [NW, N, W]), ("c", [NW, NE, SW]), ("e", [N, W, E]), ("i", [NW, N, NE]),
        ("j", [N, NE, W]), ("k", [N, E, SW]), ("n", [NW, NE, W]), ("q", [N, NE, SW]),
        ("r", [NW, W, E]), ("y", [NW, E, SW])],
    4: [("a", [NW, N, NE, W]), ("c", [NW, NE, SW, SE]), ("e", [N, W, E, S]),
        ("i", [NW, NE, W, E]), ("j", [N, W, E, SW]), ("k", [NW, N, E, SW]),
        ("n", [NW, N, NE, SW]), ("q", [N, NE, E, SW]), ("r", [NW, N, W, E]),
        ("t", [NW, W, E, SW]), ("w", [N, NE, W, SW]), ("y", [NW, NE, E, SW]),
        ("z", [NE, W, E, SW])],
}
HEX = {
    2: [("m", [NW, E]), ("o", [NW, N]), ("p", [NW, SE])],
    3: [("m", [NW, N, SE]), ("o", [NW, N, E]), ("p", [NW, E, S])],
}
MOORE_CELLS = [NW, N, NE, W, E, SW, S, SE]
HEX_RING = [NW, N, E, SE, S, W]


def square_orbit(cells):
    out = set()
    for s in range(8):
        img = []
        for c in cells:
            x, y = c % 3 - 1, c // 3 - 1
            if s & 1:
                x, y = y, x
            if s & 2:
                x = -x
            if s & 4:
                y = -y
            img.append((y + 1) * 3 + (x + 1))
        out.add(frozenset(img))
    return out


def hex_orbit(cells):
    out = set()
    pos = [HEX_RING.index(c) for c in cells]
    for rot in range(6):
        for d in (1, -1):
            out.add(frozenset(HEX_RING[(d * i + rot) % 6] for i in pos))
    return out


def drop_cells(cubes, letter, universe, n):
    """Drops cells from each cube while every neighbourhood of n cells that
    contains the rest is of the letter; then removes subsumed cubes."""
    patterns = [frozenset(p) for p in combinations(universe, n)]
    out = []
    for cube in sorted(cubes, key=sorted):
        cube = set(cube)
        changed = True
        while changed:
            changed = False
            for cell in sorted(cube):
                rest = cube - {cell}
                if all(p in letter for p in patterns if rest <= p):
                    cube = rest
                    changed = True
                    break
        out.append(frozenset(cube))
    out = set(out)
    return {c for c in out if not any(o < c for o in out)}


# Expressions: ("lit", cell) | ("and", (e, ...)) | ("or", (e, ...)).
def cost(e):
    if e[0] == "lit":
        return 0
    return len(e[1]) - 1 + sum(cost(x) for x in e[1])


def conj(cells):
    cells = sorted(cells)
    if len(cells) == 1:
        return ("lit", cells[0])
    return ("and", tuple(("lit", c) for c in cells))


def disj(exprs):
    flat = []
    for e in exprs:
        flat.extend(e[1] if e[0] == "or" else [e])
    return flat[0] if len(flat) == 1 else ("or", tuple(flat))


def mul(a, b):
    flat = []
    for e in (a, b):
        flat.extend(e[1] if e[0] == "and" else [e])
    return ("and", tuple(flat))


@lru_cache(maxsize=None)
def best(cubes):
    """The cheapest factoring found of the OR of `cubes` (a frozenset of
    frozensets of cells): flat, or a literal (or an OR of literals that have
    the same quotient) times its quotient, plus the rest."""
    if frozenset() in cubes:
        raise ValueError("a constant letter")
    options = [disj([conj(c) for c in sorted(cubes, key=sorted)])]
    cells = sorted({x for c in cubes for x in c})
    quotients = {}
    for x in cells:
        q = frozenset(c - {x} for c in cubes if x in c)
        if len(q) >= 2 or (len(q) == 1 and frozenset() not in q):
            quotients[x] = q
    for x, q in quotients.items():
        rest = frozenset(c for c in cubes if x not in c)
        if frozenset() in q:
            continue
        e = mul(("lit", x), best(q))
        options.append(disj([e, best(rest)]) if rest else e)
    by_q = {}
    for x, q in quotients.items():
        by_q.setdefault(q, []).append(x)
    for q, xs in by_q.items():
        if len(xs) < 2 or frozenset() in q:
            continue
        covered = frozenset(frozenset(c | {x}) for x in xs for c in q)
        if not covered <= cubes or any(x in c for x in xs for c in q):
            continue
        rest = cubes - covered
        e = mul(disj([("lit", x) for x in xs]), best(q))
        options.append(disj([e, best(rest)]) if rest else e)
    return min(options, key=lambda e: (cost(e), str(e)))


def emit(e, top=True):
    if e[0] == "lit":
        return NAMES[e[1]]
    op = " & " if e[0] == "and" else " | "
    s = op.join(emit(x, False) for x in e[1])
    return s if top else "(" + s + ")"


def letters(hexagonal):
    """(name, count, cubes) per letter function, in the order of the ids."""
    table, universe = (HEX, HEX_RING) if hexagonal else (MOORE, MOORE_CELLS)
    out = []
    for count in sorted(table):
        for letter, picture in table[count]:
            orbit = hex_orbit(picture) if hexagonal else square_orbit(picture)
            cubes = drop_cells(orbit, orbit, universe, count)
            out.append((f"{count}{letter}", count, frozenset(cubes), len(orbit)))
    return out


def main():
    print(HEADER)
    for hexagonal, prefix in ((False, "moore"), (True, "hex")):
        fns = letters(hexagonal)
        for name, count, cubes, orbit in fns:
            e = best(cubes)
            used = sorted({x for c in cubes for x in c})
            print(f"// {name}: {orbit} orientations, {cost(e)} gates.")
            print("template <bool Dead, class W>")
            print(f"TOROID_HD W {prefix}_{name}(const W (&cell)[9]) {{")
            for x in used:
                print(f"    const W {NAMES[x]} = letter_cell<Dead>(cell[{x}]);")
            print(f"    return {emit(e)};")
            print("}")
            print()
        total = 8 if not hexagonal else 6
        print(f"// The gates of each {prefix} letter function, by id.")
        print(f"inline constexpr std::uint8_t k{prefix.capitalize()}LetterGates[] = {{"
              + ", ".join(str(cost(best(c))) for _, _, c, _ in fns) + "};")
        print(f"// The count each {prefix} letter function is of, by id.")
        print(f"inline constexpr std::uint8_t k{prefix.capitalize()}LetterCount[] = {{"
              + ", ".join(str(n) for _, n, _, _ in fns) + "};")
        print()
        print(f"// Term `id` (letter_term_id()) of a {prefix} rule: the letter")
        print("// function on the block, ANDed with \"count == n\" and the cell's state.")
        print("template <class W>")
        print(f"TOROID_HD W {prefix}_letter_term(int id, const W (&cell)[9], "
              "const Count4<W>& count) {")
        print("    switch (id) {")
        for i, (name, n, _, _) in enumerate(fns):
            deads = (False, True) if 2 * n != total else (False,)
            for dead in deads:
                k = total - n if dead else n
                for alive in (False, True):
                    cid = (i * 2 + dead) * 2 + alive
                    d = "true" if dead else "false"
                    a = "true" if alive else "false"
                    print(f"        case {cid}:")
                    print(f"            return letter_term<{k}, {a}>({prefix}_{name}<{d}>(cell), "
                          "cell, count);")
        print("        default:")
        print("            return W{};")
        print("    }")
        print("}")
        print()
    print(FOOTER)


HEADER = """// Generated by scripts/gen_letter_circuits.py: do not edit by hand.
//
// Letter circuits: the Hensel letters of isotropic rules as straight-line
// code, for count_corrections.hpp's letter terms.
//
// Function <neighbourhood>_<count><letter><Dead>(cell) is the OR, over the
// letter's orientations, of "the orientation's cells are live" (Dead: are
// dead), on the block's nine cells (range1_table.hpp's order), factored,
// with the cells in registers and no table read. It is right only among
// the neighbourhoods of its own count (`count` live neighbours, or `count`
// dead ones when Dead): there it is set exactly on the neighbourhoods of
// the letter, which lets an orientation drop a cell whose absence no other
// letter of that count could fill. Hensel's letters of counts 5-7 (and the
// hexagonal 4) are the Dead forms of 8 - count (6 - count).
//
// <neighbourhood>_letter_term(id, cell, count) is one term of a corrected
// rule, `id` = (letter * 2 + Dead) * 2 + Alive (letter_term_id()): the
// letter, times "count == n" and "the cell is alive" (Alive) or dead. It is
// a switch, so that a rule's terms are chosen at run time while each term
// is compiled code; the branch is the same at every word, so it predicts.
#pragma once

#include <cstdint>

#include "toroid/core/bitslice.hpp"
#include "toroid/core/hd.hpp"
#include "toroid/core/ternary.hpp"

namespace toroid {

template <bool Dead, class W>
TOROID_HD W letter_cell(W c) {
    if constexpr (Dead)
        return ~c;
    else
        return c;
}

// The letter `letter` (a function of the block) times "count == N" and the
// state: for 1 <= N <= 7 the count's three low slices say it alone (b3 is
// set only for a count of 8, whose low slices are 0).
template <int N, bool Alive, class W>
TOROID_HD W letter_term(W letter, const W (&cell)[9], const Count4<W>& count) {
    static_assert(N >= 1 && N <= 7);
    const W is_n = ternary<1 << N>(count.b2, count.b1, count.b0);
    if constexpr (Alive)
        return letter & is_n & cell[4];
    else
        return letter & is_n & ~cell[4];
}
"""

FOOTER = """}  // namespace toroid"""

if __name__ == "__main__":
    main()
