#!/usr/bin/env bash
# sweep_cli.sh TOROID WORKDIR [MPI]: the sweep, identify and selftest commands
# as a user runs them: bad input, resume after SIGKILL, shards and merge,
# MPI (when the third argument is 1), plots.
set -u
# shellcheck source=../support/expect.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/expect.sh"  # cli_expect
toroid=$1 work=$2 mpi=${3:-0}
mkdir -p "$work" && cd "$work" || exit 1
rm -f ./*.jsonl ./*.json ./*.csv ./*.png ./*.svg
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# A sweep's --json results without the run's timing and backend, for comparing runs.
results() { python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["rules"], sort_keys=True))' "$1"; }

# expect RC REGEX ARGS...: exit code and a match in stdout+stderr, by the
# suites' one expectation harness (tests/support/expect.sh).
expect() {
    local rc=$1 regex=$2; shift 2
    cli_expect "$rc" "$regex" "$toroid" "$@" | head -5
    [[ ${PIPESTATUS[0]} -eq 0 ]] || fail "toroid $* (want exit $rc and /$regex/)"
}

# --- bad input: exit 2 and a message that says what, where, what was expected
expect 2 "column 3: unclosed '\['" sweep 'B3[67/S23'
expect 2 "column 4: count 3 is given twice" sweep 'B3[3]/S23'
expect 2 "empty brackets" sweep 'B[]/S23'
expect 2 "lo:hi:step" sweep 'B2(0.1:0.5)/S12H'
expect 2 "no rules" sweep
: >empty-rules.txt
expect 2 "holds no rules" sweep --rules empty-rules.txt
expect 2 "soup must fit" sweep B3/S23 --soup-size 64x64 --torus 32x32
expect 2 "density" sweep B3/S23 --density 1.5
expect 2 "--soups: 0 is out of range" sweep B3/S23 --soups 0
expect 2 "--max-gens 0" sweep B3/S23 --max-gens 0
expect 2 "--shard '3/3' is out of range" sweep B3/S23 --shard 3/3
expect 2 "--shard 'x' is malformed" sweep B3/S23 --shard x
expect 0 "holds no rule" sweep B3/S23 --shard 1/2  # an empty shard is empty, not an error
expect 2 "--resume needs --out" sweep B3/S23 --resume
expect 2 "262144 rules x 100 soups.*--yes" sweep all-moore
expect 2 "unknown batch backend 'tpu'" sweep B3/S23 --backend tpu --soups 1
expect 2 "more than the 16 rules" sweep 'B3[678]/S23[4]' --random-rules 20
expect 2 "unknown pattern" identify no-such-pattern
expect 2 "bad rule" identify glider --rule B9/S
expect 2 "error:" sweep merge no-such-file.jsonl
expect 2 "--gens 0 is too small" selftest --rules B3/S23 --gens 0
expect 2 "bad rule family" selftest --rules 'B[9]/S'

# --- identify: named patterns, files, stdin
expect 0 '"kind": "spaceship"' identify glider --json
expect 0 '"speed": "c/4 diagonal"' identify glider --json
expect 0 '"period": 15' identify pentadecathlon --json
expect 0 '"kind": "gun"' identify gosper-glider-gun --json
out=$(printf 'x = 3, y = 1, rule = B3/S23\n3o!\n' | "$toroid" identify - --json)
grep -q '"apgcode": "xp2_7"' <<<"$out" || fail "identify from stdin: $out"

# --- sweep: table, JSON, CSV, plots
expect 0 "B3/S23 .* xs4_33" sweep B3/S23 --soups 20 --torus 64x64 --max-gens 2000
expect 0 '"soups_per_second"' sweep 'B3[6]/S23' --soups 8 --torus 48x48 --max-gens 1000 --json \
    --csv sweep.csv --plot family.png
head -1 sweep.csv | grep -q '^rule,soups,dies,stable,ships,explosive,chaotic' || fail "CSV header"
[[ $(wc -l <sweep.csv) -eq 3 ]] || fail "CSV rows"
[[ $(head -c 8 family.png | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "family.png is no PNG"
expect 0 "B36/S23" sweep 'B3[6]/S23' --soups 4 --torus 32x32 --max-gens 300 --plot family.svg
grep -q "<svg" family.svg || fail "family.svg is no SVG"
expect 0 "lifespan" methuselah b-heptomino --plot pop.svg
grep -q "<svg" pop.svg || fail "pop.svg is no SVG"
expect 2 "extension" methuselah b-heptomino --plot pop.gif

# --- a sweep killed with SIGKILL and resumed equals an uninterrupted one
family='B3[5678]/S23[4]'
opts=(--soups 6 --torus 64x64 --max-gens 3000 --threads 1 --json)
"$toroid" sweep "$family" "${opts[@]}" --out whole.jsonl >whole.json 2>/dev/null || fail "whole run"
"$toroid" sweep "$family" "${opts[@]}" --out killed.jsonl >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
    [[ -f killed.jsonl && $(wc -l <killed.jsonl) -ge 3 ]] && break
    sleep 0.05
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
lines=$(wc -l <killed.jsonl)
[[ $lines -lt 33 ]] || echo "note: the run finished before the kill ($lines lines)"
printf '{"rule": "B3' >>killed.jsonl  # and a torn last line, as a kill mid-write leaves
"$toroid" sweep "$family" "${opts[@]}" --out killed.jsonl --resume >resumed.json 2>/dev/null || fail "resume"
[[ "$(results whole.json)" == "$(results resumed.json)" ]] || fail "resumed != whole"
cmp -s <(tail -n +2 whole.jsonl | sort) <(tail -n +2 killed.jsonl | sort) || fail "resumed file != whole file"
expect 2 "written by another sweep" sweep "$family" --soups 7 --torus 64x64 --out killed.jsonl --resume

# --- shards merged equal one run
for i in 0 1 2; do
    "$toroid" sweep "$family" "${opts[@]}" --shard $i/3 --out shard$i.jsonl >/dev/null || fail "shard $i"
done
"$toroid" sweep merge shard0.jsonl shard1.jsonl shard2.jsonl --json --out merged.jsonl >merged.json || fail "merge"
[[ "$(results whole.json)" == "$(results merged.json)" ]] || fail "merged != whole"
"$toroid" sweep B3/S23 --soups 2 --torus 32x32 --max-gens 100 --out other.jsonl >/dev/null || fail "other"
expect 2 "other settings" sweep merge shard0.jsonl other.jsonl

# --- MPI: two ranks, rank 0 writes the merged result
if [[ $mpi == 1 ]]; then
    # OpenMPI keeps allocations until exit: no leak report from sanitizer builds.
    ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -np 2 "$toroid" sweep "$family" "${opts[@]}" \
        --out mpi.jsonl >mpi.json 2>mpi.err ||
        { fail "mpirun"; cat mpi.err; }
    [[ "$(results whole.json)" == "$(results mpi.json)" ]] || fail "mpirun -np 2 != one run"
    "$toroid" sweep merge mpi.jsonl.0 mpi.jsonl.1 --json >mpi-merged.json || fail "merge of the ranks' files"
    [[ "$(results whole.json)" == "$(results mpi-merged.json)" ]] || fail "merged rank files != one run"
fi
# Started by mpirun without the MPI plugin beside the executable: a clear
# refusal, not N processes each running the whole sweep.
mkdir -p lone && cp "$toroid" lone/toroid
out=$(OMPI_COMM_WORLD_SIZE=2 lone/toroid sweep B3/S23 --soups 1 --torus 32x32 2>&1); rc=$?
[[ $rc -eq 2 && $out == *"cannot use MPI"* ]] || fail "no MPI plugin under mpirun: exit $rc: $out"

# --- selftest: a sample of every neighbourhood on every backend present
expect 0 "0 failures" selftest --rules all-moore --sample 40 --threads 2
expect 0 "0 failures" selftest --rules all-hex --sample 20
expect 0 "0 failures" selftest --rules all-vonneumann --sample 20
expect 0 "0 failures" selftest --rules 'B2(0.1:0.9:0.4)/S12H'

[[ $failures -eq 0 ]] && echo "all sweep CLI checks passed"
exit $((failures > 0))
