#!/usr/bin/env bash
# sweep_multistate_cli.sh TOROID WORKDIR: `toroid sweep` over families of
# Generations and Larger than Life rules as a user runs it: the table,
# --json, --csv, --out with --resume after a kill, --shard and merge.
set -u
# shellcheck source=../support/expect.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/expect.sh"  # cli_expect
toroid=$1 work=$2
mkdir -p "$work" && cd "$work" || exit 1
rm -f ./*.jsonl ./*.json ./*.csv
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
results() { python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["rules"], sort_keys=True))' "$1"; }
expect() {
    local rc=$1 regex=$2; shift 2
    cli_expect "$rc" "$regex" "$toroid" "$@" | head -5
    [[ ${PIPESTATUS[0]} -eq 0 ]] || fail "toroid $* (want exit $rc and /$regex/)"
}

# The table names every rule in Golly's canonical form; JSON and CSV too.
expect 0 "345/2/5 " sweep 'B2/S[345]/C[3-5]' --soups 2 --torus 32x32 --max-gens 200
expect 0 '"rule": "R2,C0,M1,S3..5,B3..4,NM"' sweep 'R2,C0,M1,S[2-3]..5,B3..4,NM' --soups 2 \
    --torus 24x24 --max-gens 150 --json --csv ltl.csv
[[ $(wc -l <ltl.csv) -eq 3 ]] || fail "CSV rows: $(cat ltl.csv)"
# A family mixing the two-state rule (C2, the batch engine) and Generations.
expect 0 '"rule": "34/2/3"' sweep 'B2/S34/C[2-3]' --soups 2 --torus 24x24 --max-gens 150 --json

# --- resumed after SIGKILL equals one run; shards merged equal one run
family='B2/S[345]/C[3-5]'
opts=(--soups 3 --torus 32x32 --max-gens 300 --threads 1 --json)
"$toroid" sweep "$family" "${opts[@]}" --out whole.jsonl >whole.json 2>/dev/null || fail "whole run"
"$toroid" sweep "$family" "${opts[@]}" --out killed.jsonl >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do
    [[ -f killed.jsonl && $(wc -l <killed.jsonl) -ge 4 ]] && break
    sleep 0.02
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
"$toroid" sweep "$family" "${opts[@]}" --out killed.jsonl --resume >resumed.json 2>/dev/null || fail "resume"
[[ "$(results whole.json)" == "$(results resumed.json)" ]] || fail "resumed != whole"
for i in 0 1; do
    "$toroid" sweep "$family" "${opts[@]}" --shard $i/2 --out shard$i.jsonl >/dev/null || fail "shard $i"
done
"$toroid" sweep merge shard0.jsonl shard1.jsonl --json >merged.json || fail "merge"
[[ "$(results whole.json)" == "$(results merged.json)" ]] || fail "merged != whole"

[[ $failures -eq 0 ]] && echo "all multi-state sweep CLI checks passed"
exit $((failures > 0))
