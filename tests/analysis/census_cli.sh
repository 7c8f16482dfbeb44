#!/usr/bin/env bash
# census_cli.sh TOROID WORKDIR: `toroid census` and hashsoup patterns as a
# user runs them: bad input, the haul and textcensus files against the JSON,
# the same census on 1 and 2 threads and split in two ranges.
set -u
# shellcheck source=../support/expect.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/expect.sh"  # cli_expect
toroid=$1 work=$2
mkdir -p "$work" && cd "$work" || exit 1
rm -f ./*.json ./*.txt ./*.csv
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect() {
    local rc=$1 regex=$2; shift 2
    cli_expect "$rc" "$regex" "$toroid" "$@" | head -5
    [[ ${PIPESTATUS[0]} -eq 0 ]] || fail "toroid $* (want exit $rc and /$regex/)"
}

# --- bad input: exit 2 and what was expected
expect 2 "unknown soup symmetry 'C3'.*expected one of C1, C2_1" census --soups 1 --symmetry C3
expect 2 "deterministic rule without birth on 0" census B03/S23 --soups 1
expect 2 "root 'a/b'.*no spaces or slashes" census --soups 1 --root a/b
expect 2 "expected hashsoup:SYMMETRY:SEED" run --pattern hashsoup:C1 --gens 1
expect 2 "unknown soup symmetry" run --pattern hashsoup:Q9:k_x --gens 1
expect 0 "" run --pattern hashsoup:D8_4:k_abcdefghijkl7 --gens 10

# --- a census, its files and its JSON agree
root=k_toroidtest01
"$toroid" census B3/S23 --soups 40 --root $root --threads 2 --json \
    --haul haul.txt --textcensus census.csv >two.json || fail "census --json"
"$toroid" census B3/S23 --soups 40 --root $root --threads 1 --json >one.json || fail "census 1 thread"
"$toroid" census B3/S23 --soups 25 --root $root --threads 1 --json >a.json || fail "census 0..24"
"$toroid" census B3/S23 --soups 15 --first 25 --root $root --threads 1 --json >b.json ||
    fail "census 25..39"
python3 - "$root" <<'PY' || fail "haul, textcensus and JSON disagree"
import csv, hashlib, json, sys
root = sys.argv[1]
j = json.load(open("two.json"))
assert j["soups"] == 40 and j["rule"] == "b3s23" and j["symmetry"] == "C1", j
assert json.load(open("one.json"))["objects"] == j["objects"], "1 vs 2 threads"
a, b = json.load(open("a.json"))["objects"], json.load(open("b.json"))["objects"]
joined = {k: a.get(k, 0) + b.get(k, 0) for k in set(a) | set(b)}
assert joined == j["objects"], "two ranges do not add up to the whole"
lines = open("haul.txt").read().split("\n")
head = dict(l.split(" ", 1) for l in lines if l.startswith("@") and " " in l and
            not l.startswith("@CENSUS") and not l.startswith("@SAMPLE"))
assert head["@MD5"] == hashlib.md5(root.encode()).hexdigest(), head
assert head["@ROOT"] == root and head["@RULE"] == "b3s23" and head["@SYMMETRY"] == "C1"
assert int(head["@NUM_SOUPS"]) == 40
table = lines[lines.index("@CENSUS TABLE") + 1:lines.index("@SAMPLE_SOUPIDS") - 1]
counts = {l.split()[0]: int(l.split()[1]) for l in table}
assert counts == j["objects"], (counts, j["objects"])
assert int(head["@NUM_OBJECTS"]) == sum(counts.values())
assert [int(l.split()[1]) for l in table] == sorted(counts.values(), reverse=True)
samples = lines[lines.index("@SAMPLE_SOUPIDS") + 1:]
for l in filter(None, samples):
    code, *ids = l.split()
    assert ["C1/%s%s" % (root, i) for i in ids] == j["samples"][code], code
rows = list(csv.reader(open("census.csv")))
assert rows[0] == ["apgcode", "occurrences"]
assert {r[0]: int(r[1]) for r in rows[1:]} == j["objects"]
PY

if ((failures)); then
    echo "$failures failure(s)"
    exit 1
fi
echo "census cli: all passed"
