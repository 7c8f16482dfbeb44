#!/usr/bin/env bash
# census_cli.sh TOROID WORKDIR: `toroid census` and hashsoup patterns as a
# user runs them: bad input, the haul and textcensus files against the JSON,
# the same census on 1 and 2 threads and split in two ranges.
set -u
# shellcheck source=../support/expect.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/expect.sh"  # cli_expect
toroid=$1 work=$2 mpi=${3:-0}
mkdir -p "$work" && cd "$work" || exit 1
rm -f ./*.json ./*.txt ./*.csv ./*.jsonl*
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
expect 2 "range-1 rules of two states.*and Generations rules; Larger than Life and other range-r rules are not censused" census R2,C2,M1,S2..3,B3..3,NM --soups 1
# Generations: Catagolue's rule name and lifelib's layered codes (g3b34s34's
# commonest oscillator has dying cells in every phase).
expect 0 '"rule": "g3b34s34"' census 34/34/3 --soups 40 --root k_gen --threads 1 --json
expect 0 '"xp8_37_4"' census g3b34s34 --soups 40 --root k_gen --threads 1 --json
"$toroid" census g3b3s23 --soups 5 --root k_gen --haul gen_haul.txt >/dev/null &&
    grep -q "^@RULE g3b3s23$" gen_haul.txt || fail "Generations haul's @RULE"
expect 2 "root 'a/b'.*no spaces or slashes" census --soups 1 --root a/b
expect 2 "expected hashsoup:SYMMETRY:SEED" run --pattern hashsoup:C1 --gens 1
expect 2 "unknown soup symmetry" run --pattern hashsoup:Q9:k_x --gens 1
expect 0 "" run --pattern hashsoup:D8_4:k_abcdefghijkl7 --gens 10
expect 2 "C6, D2_xo, D6_1, D6_1o and D12 are for hexagonal rules" census --soups 1 --symmetry C6
expect 2 "hexagonal rules take C1.*as lifelib" census B2/S34H --soups 1 --symmetry D8_1
expect 0 "objects" census B2/S34H --soups 3 --symmetry D12 --root k_hex --json

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

# --- --batch: the first generations stepped as a batch, the same census
expect 2 "--torus 300: expected a power of two from 256 to 4096" census --soups 1 --torus 300
expect 2 "unknown.*nosuch" census --soups 1 --batch nosuch
expect 2 "--batch cpu: rule g3b3s23 has more than two states" census g3b3s23 --soups 1 --batch cpu
"$toroid" census B3/S23 --soups 16 --root $root --threads 2 --torus 512 --json >plain512.json ||
    fail "census --torus 512"
"$toroid" census B3/S23 --soups 16 --root $root --threads 2 --torus 512 --batch cpu --json \
    --out batch512.jsonl >batch512.json || fail "census --batch cpu"
python3 - <<'PY' || fail "--batch cpu differs from the plain census"
import json
a, b = json.load(open("plain512.json")), json.load(open("batch512.json"))
for k in ("objects", "samples", "mean_generations", "unsettled"):
    assert a[k] == b[k], k
header = json.loads(open("batch512.jsonl").readline())
assert header["torus"] == 512, header
PY

# --- --out JSON lines: resume after a torn write, shards that add up, merge
expect 2 "--resume needs --out FILE" census --soups 4 --root $root --resume
"$toroid" census B3/S23 --soups 64 --root $root --block 16 --threads 2 --out whole.jsonl \
    --json >whole.json || fail "census --out"
[[ $(wc -l <whole.jsonl) -eq 5 ]] || fail "census --out: expected a header and 4 blocks"
# A run killed in its third block: the header, two blocks and half a line.
head -n 3 whole.jsonl >killed.jsonl && printf '{"block": 3, "fir' >>killed.jsonl
"$toroid" census B3/S23 --soups 64 --root $root --block 16 --threads 2 --out killed.jsonl \
    --resume --json >resumed.json 2>resume.err || fail "census --resume"
grep -q "dropped a partial last line" resume.err || fail "resume: the torn line not reported"
expect 2 "was written by another census" census B3/S23 --soups 60 --root $root --block 16 \
    --out killed.jsonl --resume
"$toroid" census B3/S23 --soups 64 --root $root --block 16 --shard 0/2 --out s0.jsonl \
    --json >s0.json || fail "shard 0/2"
"$toroid" census B3/S23 --soups 64 --root $root --block 16 --shard 1/2 --out s1.jsonl \
    --json >s1.json || fail "shard 1/2"
"$toroid" census merge s0.jsonl s1.jsonl --json --haul merged-haul.txt >merged.json ||
    fail "census merge"
expect 2 "blocks are in no file" census merge s0.jsonl
head -n 1 s0.jsonl >bad.jsonl
sed -n 2p s0.jsonl | sed 's/"soups":16/"soups":-1/' >>bad.jsonl
expect 2 "bad.jsonl:2: field 'soups' is -1" census merge bad.jsonl
if [[ $mpi == 1 ]]; then
    ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -np 2 \
        "$toroid" census B3/S23 --soups 64 --root $root --block 16 --out mpi.jsonl --json \
        >mpi.json 2>mpi.err || { fail "census under mpirun"; cat mpi.err; }
    "$toroid" census merge mpi.jsonl.0 mpi.jsonl.1 --json >mpi-merged.json ||
        fail "merge of the ranks' files"
else
    cp whole.json mpi.json && cp whole.json mpi-merged.json
fi
python3 - <<'PY' || fail "resumed, sharded, merged and MPI censuses differ from one run"
import json
whole = json.load(open("whole.json"))
for name in ["resumed.json", "merged.json", "mpi.json", "mpi-merged.json"]:
    j = json.load(open(name))
    assert j["soups"] == 64 and j["objects"] == whole["objects"], name
    assert j["samples"] == whole["samples"], name
s0, s1 = json.load(open("s0.json"))["objects"], json.load(open("s1.json"))["objects"]
assert {k: s0.get(k, 0) + s1.get(k, 0) for k in set(s0) | set(s1)} == whole["objects"]
PY

# --- identify --objects: the census's separation of what a pattern settles into
printf 'x = 13, y = 3, rule = B3/S23\n2o9bo$2o10bo$10b3o!\n' >pair.rle
"$toroid" identify pair.rle --objects --json >pair.json || fail "identify --objects"
python3 - <<'PY' || fail "identify --objects: a block and a glider"
import json
j = json.load(open("pair.json"))
assert j["objects"] == {"xs4_33": 1, "xq4_153": 1}, j["objects"]
PY

# --- sweep --root runs the same soups as census: the same object census
expect 2 "--symmetry D2_\+1 needs --root" sweep B3/S23 --soups 1 --symmetry D2_+1
"$toroid" sweep B3/S23 --root $root --soups 40 --threads 2 --json >sweep.json || fail "sweep --root"
"$toroid" sweep 'B3/S2[3]' --root k_toroidsym02 --symmetry D2_+1 --soups 24 --threads 2 \
    --json >sweep-sym.json || fail "sweep --root --symmetry"
"$toroid" census B3/S23 --root k_toroidsym02 --symmetry D2_+1 --soups 24 --json \
    >census-sym.json || fail "census B3/S23 D2_+1"
"$toroid" sweep g3b34s34 --root k_gen --soups 40 --threads 2 --json >sweep-gen.json ||
    fail "sweep --root, Generations"
"$toroid" census g3b34s34 --root k_gen --soups 40 --threads 2 --json >census-gen.json ||
    fail "census, Generations"
python3 - <<'PY' || fail "sweep --root and census disagree"
import json
s, c = json.load(open("sweep.json")), json.load(open("two.json"))
r = s["rules"][0]
assert r["soups"] == 40 and r["objects"] == c["objects"], (r["objects"], c["objects"])
sym = {x["rule"]: x for x in json.load(open("sweep-sym.json"))["rules"]}
assert sym["B3/S23"]["objects"] == json.load(open("census-sym.json"))["objects"]
assert sum(sym["B3/S23"]["classes"].values()) == 24 and len(sym) == 2
gen = json.load(open("sweep-gen.json"))["rules"][0]
assert gen["objects"] == json.load(open("census-gen.json"))["objects"], gen["objects"]
assert gen["objects"].get("xp8_37_4", 0) > 0
PY

if ((failures)); then
    echo "$failures failure(s)"
    exit 1
fi
echo "census cli: all passed"
