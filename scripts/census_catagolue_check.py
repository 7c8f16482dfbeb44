#!/usr/bin/env python3
"""Compares a toroid census of B3/S23 C1 soups with Catagolue's frequencies.

Usage: census_catagolue_check.py [--blocks N] CENSUS.jsonl [MORE.jsonl ...]
(files written by `toroid census B3/S23 --out FILE --block B`; shards add up;
--blocks N keeps only the N blocks with the lowest first soup, e.g. the first
4000 soups of a census written with --block 500 for --blocks 8).

Catagolue's census is not reachable from this machine; the expected values
are what public pages quote of it, each as the object's count relative to
the block's:
  (1) Catagolue's statistics page (https://catagolue.hatsya.com/statistics),
      total counts of the nine most common b3s23/C1 objects, as quoted in a
      public repository's notes (block 1641635518161410, blinker
      1524639293713408, beehive 869945894691485, glider 467343903744820,
      loaf 256651602436129, boat 236781408150196, ship 163492510796214,
      tub 51670473427163, pond 55336623799705);
  (2) LifeWiki's "List of common still lifes"
      (https://conwaylife.com/wiki/List_of_common_still_lifes), each still
      life's frequency among Catagolue's still lifes as "1 in X", as quoted
      in a public repository's test table;
  (3) LifeWiki's frequency class, FC = log2(blocks / occurrences) over
      Catagolue's B3/S23/C1 census, shown rounded to one decimal
      (https://conwaylife.com/w/index.php?title=Frequency_class&printable=yes).
      The values come from: the toad's infobox (|fc = 7.1 in
      http://www.conwaylife.com/w/index.php?title=Toad&diff=57409&oldid=6536),
      the beacon's (Frequency class 8.8 in https://conwaylife.com/wiki/Beacon),
      the FC column of the still-life list of (2), and the FC column of
      LifeWiki's table of common spaceships (glider 1.8, LWSS 11.2, MWSS
      13.2), both as quoted in the test table of (2). Because of the
      rounding the expected ratio is the interval
      [2^-(FC+0.05), 2^-(FC-0.05)] and z is measured from its nearest end
      (0 inside it). The convention checks against (1): log2 of the
      block/glider counts is 1.81, of block/loaf 2.68, block/tub 4.99.
  (4) LifeWiki's "List of common oscillators"
      (https://conwaylife.com/wiki/List_of_common_oscillators), each
      oscillator's share of Catagolue's oscillators (blinker 0.9898377, toad
      1 in 132.41, beacon 1 in 423.43, pulsar 1 in 4109.8, pentadecathlon
      1 in 381776), as quoted in the test table of (2), times the blinker's
      count per block from (1). No stored page gave the pulsar's FC; this
      is its expected value (FC 12.10 by it; the toad's and beacon's come
      out at 7.14 and 8.82, as their infoboxes say).
For every object the ratio R = count / blocks is measured with its standard
error from the census's blocks of soups taken as independent units (the
ratio estimator's linearised variance), and z = (R - R_expected) / SE,
SE being the larger of that error and the Poisson error of the expected
count (which rules for rare objects in few blocks; see z_score).
Catagolue's 25 most common objects (TOP25 below, the order the expected
values give; LifeWiki's pages name the toad the 11th, the beacon the 13th,
the pulsar the 21st and the MWSS the 23rd most common object on Catagolue)
are all listed, and any of them without an expected value is named.
"""
import argparse
import json
import math

STATISTICS = {  # (1): total occurrences
    "xs4_33": 1641635518161410, "xp2_7": 1524639293713408, "xs6_696": 869945894691485,
    "xq4_153": 467343903744820, "xs7_2596": 256651602436129, "xs5_253": 236781408150196,
    "xs6_356": 163492510796214, "xs4_252": 51670473427163, "xs8_6996": 55336623799705,
}
STILL_LIFES = {  # (2): "1 in X" among still lifes
    "xs4_33": 2.0141, "xs6_696": 3.8007, "xs7_2596": 12.883, "xs5_253": 13.963,
    "xs6_356": 20.223, "xs4_252": 63.991, "xs8_6996": 65.793, "xs7_25ac": 198.66,
    "xs12_g8o653z11": 391.58, "xs6_25a4": 945.81, "xs14_g88m952z121": 1156.2,
    "xs8_69ic": 2567.6, "xs7_178c": 3986.2, "xs8_25ak8": 7075.9, "xs6_39c": 8189.3,
    "xs14_69bqic": 14104, "xs8_35ac": 20723, "xs9_31ego": 22515, "xs8_3pm": 26104,
    "xs10_g8o652z01": 26648, "xs6_bd": 29798, "xs14_g88b96z123": 29826,
    "xs16_g88m996z1221": 34255,
}
FREQUENCY_CLASS = {  # (3): LifeWiki's FC, rounded to 0.1
    # infoboxes
    "xp2_7e": 7.1, "xp2_318c": 8.8,
    # FC column of the spaceship table
    "xq4_153": 1.8, "xq4_6frc": 11.2, "xq4_27dee6": 13.2,
    # FC column of the still-life list
    "xs4_33": 0.0, "xs6_696": 0.9, "xs7_2596": 2.7, "xs5_253": 2.8, "xs6_356": 3.3,
    "xs4_252": 5.0, "xs8_6996": 5.0, "xs7_25ac": 6.6, "xs12_g8o653z11": 7.6,
    "xs6_25a4": 8.9, "xs14_g88m952z121": 9.2, "xs8_69ic": 10.3, "xs7_178c": 11.0,
    "xs8_25ak8": 11.8, "xs6_39c": 12.0, "xs14_69bqic": 12.8, "xs8_35ac": 13.3,
    "xs9_31ego": 13.4, "xs8_3pm": 13.7, "xs10_g8o652z01": 13.7, "xs6_bd": 13.9,
    "xs14_g88b96z123": 13.9, "xs16_g88m996z1221": 14.1,
}
OSCILLATORS = {  # (4): share of all oscillators
    "xp2_7": 0.9898377, "xp2_7e": 1 / 132.41, "xp2_318c": 1 / 423.43,
    "xp3_co9nas0san9oczgoldlo0oldlogz1047210127401": 1 / 4109.8,
    "xp15_4r4z4r4": 1 / 381776,
}
PULSAR = "xp3_co9nas0san9oczgoldlo0oldlogz1047210127401"
TOP25 = [
    "xs4_33", "xp2_7", "xs6_696", "xq4_153", "xs7_2596", "xs5_253", "xs6_356", "xs4_252",
    "xs8_6996", "xs7_25ac", "xp2_7e", "xs12_g8o653z11", "xp2_318c", "xs6_25a4",
    "xs14_g88m952z121", "xs8_69ic", "xs7_178c", "xq4_6frc", "xs8_25ak8", "xs6_39c", PULSAR,
    "xs14_69bqic", "xq4_27dee6", "xs8_35ac", "xs9_31ego",
]
NAMES = {
    "xs4_33": "block", "xp2_7": "blinker", "xs6_696": "beehive", "xq4_153": "glider",
    "xs7_2596": "loaf", "xs5_253": "boat", "xs6_356": "ship", "xs4_252": "tub",
    "xs8_6996": "pond", "xs7_25ac": "long boat", "xp2_7e": "toad",
    "xs12_g8o653z11": "ship-tie", "xp2_318c": "beacon", "xs6_25a4": "barge",
    "xs14_g88m952z121": "half-bakery", "xs8_69ic": "mango", "xs7_178c": "eater 1",
    "xs8_25ak8": "long barge", "xs6_39c": "aircraft carrier", "xq4_6frc": "LWSS",
    PULSAR: "pulsar", "xs14_69bqic": "paperclip",
    "xs8_35ac": "long ship", "xs9_31ego": "integral sign", "xs8_3pm": "shillelagh",
    "xs10_g8o652z01": "boat-tie", "xs6_bd": "snake", "xs14_g88b96z123": "big S",
    "xp15_4r4z4r4": "pentadecathlon", "xq4_27dee6": "MWSS", "xs16_g88m996z1221": "bi-pond",
    "xq4_27deee6": "HWSS",
}


def expected_per_block(code):
    """Count per block by sources (1)..(4): a value, a (low, high) interval for
    (3), or None where the source has none."""
    one = STATISTICS[code] / STATISTICS["xs4_33"] if code in STATISTICS else None
    two = STILL_LIFES["xs4_33"] / STILL_LIFES[code] if code in STILL_LIFES else None
    three = None
    if code in FREQUENCY_CLASS:
        fc = FREQUENCY_CLASS[code]
        three = (2.0 ** -(fc + 0.05), 2.0 ** -(fc - 0.05))
    four = None
    if code in OSCILLATORS:
        blinkers = STATISTICS["xp2_7"] / STATISTICS["xs4_33"]
        four = OSCILLATORS[code] / OSCILLATORS["xp2_7"] * blinkers
    return one, two, three, four


def z_score(r, se_blocks, blocks, expected):
    """z of the measured ratio against a value or against an interval's nearest
    end (0 inside it). The error is the larger of the block-based one and the
    Poisson error of the expected count (sqrt(expected * blocks) / blocks):
    with few blocks and a rare object the block-based error is estimated from
    a handful of occurrences and comes out too small (2 pulsars where 6.2 were
    expected in 4000 soups: z -3.1 by it, a Poisson tail of 0.055)."""
    if expected is None:
        return None
    if isinstance(expected, tuple):
        low, high = expected
        if low <= r <= high:
            return 0.0
        expected = low if r < low else high
    se = max(se_blocks, math.sqrt(expected * blocks) / blocks)
    return (r - expected) / se if se > 0 else None


def load(paths, max_blocks):
    header = None
    blocks = []
    for path in paths:
        with open(path) as f:
            # A line without its newline is one a killed run left half written.
            lines = [json.loads(l) for l in f if l.endswith("\n")]
        header = header or lines[0]
        blocks += lines[1:]
    blocks.sort(key=lambda b: b["first"])
    if max_blocks is not None:
        blocks = blocks[:max_blocks]
    return header, blocks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blocks", type=int, default=None,
                        help="use only the N blocks with the lowest first soup")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    header, blocks = load(args.files, args.blocks)
    soups = sum(b["soups"] for b in blocks)
    totals = {}
    for b in blocks:
        for code, n in b["objects"].items():
            totals[code] = totals.get(code, 0) + n
    block_total = totals["xs4_33"]
    print("census %s/%s root %s: %d soups in %d blocks (soups %d to %d), %d objects "
          "(%.2f per soup)" % (header["rule"], header["symmetry"], header["root"], soups,
                               len(blocks), blocks[0]["first"],
                               blocks[-1]["first"] + blocks[-1]["soups"] - 1,
                               sum(totals.values()), sum(totals.values()) / soups))
    print("%-16s %7s %9s %9s %7s %9s %7s %19s %7s %9s %7s" % (
        "object", "count", "per block", "(1)", "z(1)", "(2)", "z(2)", "(3) FC interval",
        "z(3)", "(4)", "z(4)"))
    rows = [code for code, _ in sorted(totals.items(), key=lambda kv: -kv[1])[:30]]
    rows += [code for code in TOP25 if code not in rows]
    k = len(blocks)
    bbar = block_total / k
    worst = (0.0, None, None)
    worst_by_source = {}
    tested = 0
    for code in rows:
        n = totals.get(code, 0)
        r = n / block_total
        # Ratio estimator over blocks: var(R) ~ sum((x_i - R b_i)^2) / (k (k-1) bbar^2).
        resid = sum((b["objects"].get(code, 0) - r * b["objects"].get("xs4_33", 0)) ** 2
                    for b in blocks)
        se = math.sqrt(resid / (k * (k - 1))) / bbar if k > 1 else float("nan")
        cells = []
        for source, exp in enumerate(expected_per_block(code), start=1):
            z = z_score(r, se, block_total, exp) if code != "xs4_33" else None
            if z is not None:
                tested += 1
                if abs(z) > abs(worst[0]):
                    worst = (z, code, source)
                if abs(z) >= abs(worst_by_source.get(source, (0.0, None))[0]):
                    worst_by_source[source] = (z, code)
            if exp is None:
                text = "-"
            elif isinstance(exp, tuple):
                text = "%.6f-%.6f" % exp
            else:
                text = "%.6f" % exp
            cells += [text, "%+.2f" % z if z is not None else "-"]
        print("%-16s %7d %9.6f %9s %7s %9s %7s %19s %7s %9s %7s" % (
            (NAMES.get(code, code)[:16], n, r) + tuple(cells)))
    print("comparisons: %d, largest |z| %.2f (%s against source (%s))" % (
        tested, abs(worst[0]), NAMES.get(worst[1], worst[1]), worst[2]))
    print("largest |z| by source: %s" % ", ".join(
        "(%d) %.2f %s" % (source, abs(z), NAMES.get(code, code))
        for source, (z, code) in sorted(worst_by_source.items())))
    missing = [NAMES.get(c, c) for c in TOP25
               if c != "xs4_33" and all(e is None for e in expected_per_block(c))]
    print("Catagolue's 25 most common objects without an expected value: %s" % (
        ", ".join(missing) if missing else "none"))
    unseen = [NAMES.get(c, c) for c in TOP25 if totals.get(c, 0) == 0]
    if unseen:
        print("Catagolue's 25 most common objects not seen here: %s" % ", ".join(unseen))


if __name__ == "__main__":
    main()
