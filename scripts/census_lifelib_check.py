#!/usr/bin/env python3
"""Checks `toroid census` against python-lifelib on the plane, soup by soup.

toroid deletes escaping ships as it goes (analysis/soup_census.hpp); lifelib
runs the soup on the unbounded plane. After 40000 generations every glider
has flown thousands of cells away, so lifelib's gliders are its 3x3
five-cell components far from the origin. A soup whose glider count differs
would mean a ship deleted that was not escaping (or one never counted).
Usage (python-lifelib installed, e.g. in a scratch venv):
    census_lifelib_check.py ROOT FIRST COUNT path/to/toroid
Prints each differing soup and `checked N differ D`; exit 1 when D > 0.
"""
import json
import subprocess
import sys

import lifelib


def main():
    root, first, count, toroid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    lt = lifelib.load_rules("b3s23").lifetree(n_layers=1)
    differ = 0
    for i in range(first, first + count):
        plane = lt.hashsoup("b3s23", "C1", root + str(i))[40000]
        gliders = 0
        for c in plane.components():
            x, y, w, h = c.bounding_box
            if w == 3 and h == 3 and c.population == 5 and max(abs(x), abs(y)) > 5000:
                gliders += 1
        out = subprocess.run([toroid, "census", "B3/S23", "--soups", "1", "--first", str(i),
                              "--root", root, "--threads", "1", "--json"],
                             capture_output=True, text=True, check=True).stdout
        ours = json.loads(out)["objects"].get("xq4_153", 0)
        if ours != gliders:
            differ += 1
            print("%s%d: lifelib %d gliders, toroid %d" % (root, i, gliders, ours), flush=True)
    print("checked %d differ %d" % (count, differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
