#!/usr/bin/env python3
"""Compares a toroid census of B3/S23 C1 soups with Catagolue's frequencies.

Usage: census_catagolue_check.py CENSUS.jsonl [MORE.jsonl ...]
(files written by `toroid census B3/S23 --out FILE --block B`; shards add up).

Catagolue's census is not reachable from this machine; the expected values
are what public pages quote of it:
  (1) Catagolue's statistics page (https://catagolue.hatsya.com/statistics),
      total counts of the nine most common b3s23/C1 objects, as quoted in a
      public repository's notes (block 1641635518161410, blinker
      1524639293713408, beehive 869945894691485, glider 467343903744820,
      loaf 256651602436129, boat 236781408150196, ship 163492510796214,
      tub 51670473427163, pond 55336623799705);
  (2) LifeWiki's "List of common still lifes"
      (https://conwaylife.com/wiki/List_of_common_still_lifes), each still
      life's frequency among Catagolue's still lifes as "1 in X", as quoted
      in a public repository's test table.
Both give each object's count relative to the block's. For every object the
ratio R = count / blocks is measured with its standard error from the
census's blocks of soups taken as independent units (the ratio estimator's
linearised variance), and z = (R - R_expected) / SE. Objects with no
quotable frequency (toad, beacon, pulsar, LWSS, ...) are listed with their
measured rate only.
"""
import json
import math
import sys

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
NAMES = {
    "xs4_33": "block", "xp2_7": "blinker", "xs6_696": "beehive", "xq4_153": "glider",
    "xs7_2596": "loaf", "xs5_253": "boat", "xs6_356": "ship", "xs4_252": "tub",
    "xs8_6996": "pond", "xs7_25ac": "long boat", "xp2_7e": "toad",
    "xs12_g8o653z11": "ship-tie", "xp2_318c": "beacon", "xs6_25a4": "barge",
    "xs14_g88m952z121": "half-bakery", "xs8_69ic": "mango", "xs7_178c": "eater 1",
    "xs8_25ak8": "long barge", "xs6_39c": "aircraft carrier", "xq4_6frc": "LWSS",
    "xp3_co9nas0san9oczgoldlo0oldlogz1047210127401": "pulsar", "xs14_69bqic": "paperclip",
    "xs8_35ac": "long ship", "xs9_31ego": "integral sign", "xs8_3pm": "shillelagh",
    "xs10_g8o652z01": "boat-tie", "xs6_bd": "snake", "xs14_g88b96z123": "big S",
    "xp15_4r4z4r4": "pentadecathlon", "xq4_27dee6": "MWSS", "xs16_g88m996z1221": "bi-pond",
}


def expected_per_block(code):
    """Count per block by source (1) and by source (2), None where it has none."""
    one = STATISTICS[code] / STATISTICS["xs4_33"] if code in STATISTICS else None
    two = STILL_LIFES["xs4_33"] / STILL_LIFES[code] if code in STILL_LIFES else None
    return one, two


def main():
    blocks = []
    header = None
    for path in sys.argv[1:]:
        with open(path) as f:
            lines = [json.loads(l) for l in f if l.endswith("\n")]
        header = header or lines[0]
        blocks += [l for l in lines[1:]]
    soups = sum(b["soups"] for b in blocks)
    totals = {}
    for b in blocks:
        for code, n in b["objects"].items():
            totals[code] = totals.get(code, 0) + n
    block_total = totals["xs4_33"]
    print("census %s/%s root %s: %d soups in %d blocks, %d objects (%.2f per soup)" %
          (header["rule"], header["symmetry"], header["root"], soups, len(blocks),
           sum(totals.values()), sum(totals.values()) / soups))
    print("%-18s %9s %10s %10s %10s %7s %10s %7s" % (
        "object", "count", "per soup", "per block", "(1)", "z(1)", "(2)", "z(2)"))
    worst = 0.0
    tested = 0
    for code, n in sorted(totals.items(), key=lambda kv: -kv[1])[:30]:
        r = n / block_total
        # Ratio estimator over blocks: var(R) ~ sum((x_i - R b_i)^2) / (k (k-1) bbar^2).
        k = len(blocks)
        bbar = block_total / k
        resid = sum((b["objects"].get(code, 0) - r * b["objects"].get("xs4_33", 0)) ** 2
                    for b in blocks)
        se = math.sqrt(resid / (k * (k - 1))) / bbar if k > 1 else float("nan")
        cells = []
        for exp in expected_per_block(code):
            z = (r - exp) / se if exp is not None and se > 0 else None
            if z is not None and code != "xs4_33":
                worst = max(worst, abs(z))
                tested += 1
            cells += ["%.6f" % exp if exp is not None else "-",
                      "%+.2f" % z if z is not None and code != "xs4_33" else "-"]
        print("%-18s %9d %10.5f %10.6f %10s %7s %10s %7s" % (
            (NAMES.get(code, code)[:18], n, n / soups, r) + tuple(cells)))
    print("comparisons: %d, largest |z| %.2f" % (tested, worst))


if __name__ == "__main__":
    main()
