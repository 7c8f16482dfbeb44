#!/usr/bin/env bash
# Builds apgsearch's C++ soup search (apgluxe v4.x, Adam P. Goucher's
# apgmera) from a source tree you provide, offline, and runs it side by side
# with `toroid census` on the same soups: CPU time per soup of each and the
# two census tables compared object by object. Nothing of apgsearch is in
# this repository: the source is copied into WORK and patched there.
#
#   scripts/apgsearch-compare.sh APG_SRC [LIFELIB_DIR]
#
# APG_SRC: an apgluxe v4.x tree (main.cpp, makefile, mkparams.py, includes/
# with searcher.h, searching.h, payosha256.h, hashsoup2.h ...), e.g. upstream
# commit 154899b "No xs0_0 please" (2017-09-10; kept in the history of
# github:AlephAlpha/apgluxe_offline). LIFELIB_DIR: the lifelib tree to build
# it with (default APG_SRC/lifelib): lifelib ll1.2 (vendored in
# apgluxe_offline, commit b974da0) needs PYTHON2 to run its rule2asm.py;
# python-lifelib's package directory (ll2.x) already carries
# avxlife/lifelogic/iterators_b3s23.h once it has loaded b3s23 once
# (`python -c "import lifelib; lifelib.load_rules('b3s23')"`).
#
# The only changes to apgsearch's code: includes/payosha256.h (and with it
# happyhttp) is replaced by a stub that sends nothing (authenticate() returns
# a placeholder, catagolueRequest() returns ""), and happyhttp.cpp leaves the
# makefile. The search is run as `apgluxe -n SOUPS -t 1 -v 0 -L 1 -s ROOT`:
# one haul of SOUPS soups (ROOT0 .. ROOT<SOUPS-1>) on one thread, no
# peer review, the haul written to log.<time>.ROOT.txt.
#
# Environment: SOUPS (4000), ROOT (k_toroidbench01), RULE (b3s23, as
# Catagolue writes it: b36s23 for HighLife; lifelib must have or generate
# the rule's iterators: ll1.2 through rule2asm.py, ll2.x through its
# autocompile.generate_code), ROUNDS (3, apgsearch and toroid interleaved),
# TOROID (build/cli/toroid), WORK (/tmp/apgsearch-compare), PYTHON2
# (python2), PYTHON (python3).
# PER_SOUP=1 also compares soup by soup: one line added to the copy's
# includes/searcher.h prints each soup's objects (so apgsearch's times then
# include that printing), and toroid codes each soup alone
# (`census --first I --soups 1`); the soups whose objects differ are
# listed.
# Prints per run: wall s, user+sys s, soups per CPU-second, load average;
# then the census difference; exits 1 when the tables (or, with PER_SOUP,
# any soup) differ.
set -euo pipefail
src=${1:?usage: $0 APG_SRC [LIFELIB_DIR]}
lifelib=${2:-$src/lifelib}
soups=${SOUPS:-4000}
root=${ROOT:-k_toroidbench01}
rule=${RULE:-b3s23}
[[ $rule =~ ^[a-z0-9-]+$ ]] || { echo "error: RULE '$rule': expected Catagolue's form, e.g. b36s23" >&2; exit 2; }
rounds=${ROUNDS:-3}
work=${WORK:-/tmp/apgsearch-compare}
python=${PYTHON:-python3}
python2=${PYTHON2:-python2}
toroid=$(realpath "${TOROID:-$(dirname "$0")/../build/cli/toroid}")

[[ -f $src/main.cpp && -f $src/includes/searcher.h ]] ||
    { echo "error: $src is not an apgluxe source tree (main.cpp, includes/searcher.h)" >&2; exit 2; }
[[ -f $lifelib/classifier.h ]] ||
    { echo "error: $lifelib has no classifier.h (a lifelib tree was expected)" >&2; exit 2; }
[[ -x $toroid ]] || { echo "error: $toroid is not built" >&2; exit 2; }

build=$work/apgsearch
rm -rf "$build" && mkdir -p "$build"
(cd "$src" && tar --exclude=./lifelib -cf - .) | (cd "$build" && tar -xf -)
cp -r "$lifelib" "$build/lifelib"
rm -f "$build"/includes/happyhttp.* "$build"/*.o "$build"/includes/*.o
sed -i 's# includes/happyhttp.cpp##' "$build/makefile"
cat >"$build/includes/payosha256.h" <<'EOF'
#pragma once
// Offline stub (scripts/apgsearch-compare.sh): nothing is sent anywhere.
#include <iostream>
#include <sstream>
#include <string>
#include "sha256.h"
std::string catagolueRequest(const char *, const char *endpoint) {
    std::cout << "[offline stub] no request sent to " << endpoint << std::endl;
    return "offline stub: nothing sent";  // non-empty: -p N ends after one haul
}
std::string authenticate(const char *, const char *) { return "@OFFLINE_STUB"; }
EOF
if [[ ${PER_SOUP:-0} == 1 ]]; then
    "$python" - "$build/includes/searcher.h" <<'EOF'
import sys
path = sys.argv[1]
text = open(path).read()
anchor = "census[apgcode] += it->second;"
if text.count(anchor) != 1:
    sys.exit("error: %s: expected one '%s' (apgluxe v4.x's separate())" % (path, anchor))
text = text.replace(anchor, anchor + ' std::cerr << "OBJ " << suffix << " " << apgcode'
                    ' << " " << it->second << std::endl;')
open(path, "w").write(text)
EOF
fi
(
    cd "$build"
    if [[ ! -f lifelib/avxlife/lifelogic/iterators_$rule.h ]]; then
        if [[ -f lifelib/avxlife/rule2asm.py ]]; then
            "$python2" lifelib/avxlife/rule2asm.py "$rule" >/dev/null
        elif [[ -f lifelib/autocompile.py ]]; then
            "$python" -c "import sys; sys.path.insert(0, '.'); import lifelib.autocompile as a; a.generate_code(['$rule'], clean_before=True)" >/dev/null
        else
            echo "error: lifelib has neither lifelogic/iterators_$rule.h nor a way to make it" >&2; exit 2
        fi
    fi
    "$python" mkparams.py "$rule" C1 >/dev/null
    make -j2 >build.log 2>&1 || { tail -20 build.log >&2; exit 2; }
)

cpu_of() { # /usr/bin/time -v file -> "wall user+sys"
    awk -F': ' '/User time/ {u=$2} /System time/ {s=$2}
        /Elapsed \(wall clock\)/ {n=split($2,t,":"); w=0; for(i=1;i<=n;i++) w=w*60+t[i]}
        END {printf "%.2f %.2f\n", w, u+s}' "$1"
}
runs=$work/runs
rm -rf "$runs" && mkdir -p "$runs"
printf 'round\tprogram\twall_s\tcpu_s\tsoups_per_cpu_s\tload1\n'
for r in $(seq 1 "$rounds"); do
    dir=$runs/apgsearch$r && mkdir -p "$dir"
    load=$(cut -d' ' -f1 /proc/loadavg)
    (cd "$dir" && /usr/bin/time -v "$build/apgluxe" -n "$soups" -t 1 -v 0 -L 1 -s "$root" \
        </dev/null >out.txt 2>time.txt)
    read -r wall cpu < <(cpu_of "$dir/time.txt")
    printf '%s\tapgsearch\t%s\t%s\t%.0f\t%s\n' "$r" "$wall" "$cpu" "$(awk -v n="$soups" -v c="$cpu" 'BEGIN {print n / c}')" "$load"
    dir=$runs/toroid$r && mkdir -p "$dir"
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -v "$toroid" census "$rule" --soups "$soups" --root "$root" --threads 1 --json \
        >"$dir/census.json" 2>"$dir/time.txt"
    read -r wall cpu < <(cpu_of "$dir/time.txt")
    printf '%s\ttoroid\t%s\t%s\t%.0f\t%s\n' "$r" "$wall" "$cpu" "$(awk -v n="$soups" -v c="$cpu" 'BEGIN {print n / c}')" "$load"
done

status=0
"$python" - "$runs"/apgsearch1/log.*.txt "$runs/toroid1/census.json" <<'EOF' || status=1
import json, sys
apg = {}
section = None
for line in open(sys.argv[1]):
    line = line.strip()
    if line.startswith('@'):
        section = line
        continue
    if section == '@CENSUS TABLE' and line:
        code, n = line.split()
        apg[code] = int(n)
tor = json.load(open(sys.argv[2]))['objects']
codes = sorted(set(apg) | set(tor), key=lambda c: -max(apg.get(c, 0), tor.get(c, 0)))
diff = [(c, apg.get(c, 0), tor.get(c, 0)) for c in codes if apg.get(c, 0) != tor.get(c, 0)]
print('objects: apgsearch %d, toroid %d; species: %d, %d; species with different counts: %d'
      % (sum(apg.values()), sum(tor.values()), len(apg), len(tor), len(diff)))
for c, a, t in diff:
    print('%s\tapgsearch %d\ttoroid %d' % (c, a, t))
sys.exit(1 if diff else 0)
EOF

if [[ ${PER_SOUP:-0} == 1 ]]; then
    "$python" - "$runs/apgsearch1/time.txt" "$toroid" "$rule" "$root" "$soups" <<'EOF' || status=1
import collections, json, subprocess, sys
log, toroid, rule, root, soups = sys.argv[1:6]
apg = collections.defaultdict(collections.Counter)
for line in open(log):
    if line.startswith("OBJ "):
        _, soup, code, count = line.split()
        if code != "xs0_0":
            apg[int(soup)][code] += int(count)
differ = 0
for i in range(int(soups)):
    out = subprocess.run([toroid, "census", rule, "--soups", "1", "--first", str(i), "--root", root,
                          "--threads", "1", "--json"], check=True, capture_output=True,
                         text=True).stdout
    tor = collections.Counter(json.loads(out)["objects"])
    if tor != apg[i]:
        differ += 1
        print("soup %s%d: apgsearch only %s, toroid only %s"
              % (root, i, dict(apg[i] - tor), dict(tor - apg[i])))
print("soups whose objects differ: %d of %s" % (differ, soups))
sys.exit(1 if differ else 0)
EOF
fi
exit $status
