#!/usr/bin/env python3
"""Writes reference soups for tests/analysis/data/hashsoup_reference.txt.

The oracle is python-lifelib's hashsoup (pip install python-lifelib, in a
scratch venv): for every symmetry Catagolue censuses and a few roots and
indices, one line `SYMMETRY SEED X0 Y0 W H HEX`, the soup's live cells in
lifelib's coordinates as a bitmap of W x H cells from (X0, Y0): rows top to
bottom, each row as ceil(W / 4) hex digits, the leftmost cell the high bit of
its first digit.  Usage: hashsoup_reference.py OUT [SOUPS_PER_SYMMETRY]
"""
import sys

import lifelib

SYMMETRIES = ["C1", "C2_1", "C2_2", "C2_4", "C4_1", "C4_4", "D2_+1", "D2_+2", "D2_x",
              "D4_+1", "D4_+2", "D4_+4", "D4_x1", "D4_x4", "D8_1", "D8_4",
              "1x256", "2x128", "4x64", "8x32"]
# lifelib's symmetries for hexagonal rules only (a rule ending in h).
HEX_SYMMETRIES = ["C3_1", "C6", "D2_xo", "D6_1", "D6_1o", "D12"]
ROOTS = ["k_abcdefghijkl", "k_5NDfqrEoHqsG", "l_Zq3xK9mTt2Aa", "n_GcpqZ62YqD"]


def main():
    out = sys.argv[1]
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    sess = lifelib.load_rules("b3s23", "b2s34h")
    lt = sess.lifetree(n_layers=1)
    lines = []
    for sym in SYMMETRIES + HEX_SYMMETRIES:
        rule = "b2s34h" if sym in HEX_SYMMETRIES else "b3s23"
        for k in range(per):
            root = ROOTS[k % len(ROOTS)]
            seed = root + str(k * 7919 % 100003)
            pat = lt.hashsoup(rule, sym, seed)
            x0, y0, w, h = pat.bounding_box
            cells = set(map(tuple, pat.coords().tolist()))
            rows = []
            digits = (w + 3) // 4
            for y in range(y0, y0 + h):
                v = 0
                for x in range(x0, x0 + digits * 4):
                    v = (v << 1) | ((x, y) in cells)
                rows.append("%0*x" % (digits, v))
            lines.append("%s %s %d %d %d %d %s" % (sym, seed, x0, y0, w, h, "/".join(rows)))
    with open(out, "w") as f:
        f.write("# python-lifelib %s hashsoup: SYMMETRY SEED X0 Y0 W H ROWS\n" % lifelib.__version__)
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
