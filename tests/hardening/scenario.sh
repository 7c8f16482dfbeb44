#!/usr/bin/env bash
# scenario.sh NAME TOROID SCRATCH [MPI]: sets up the files of one hardening
# scenario (issue 21) in SCRATCH/NAME and runs its command there, under a
# time limit (a hang is a failure, not a stuck test); tests/hardening's
# CMakeLists.txt checks the exit status and the output through the
# expectation harness (tests/support/expect.sh). Scenarios need files that
# a plain command line cannot give: names that are not UTF-8, FIFOs, sweep
# files edited by hand, checkpoints with changed bytes, outputs in missing
# folders, MPI jobs.
set -u
name=$1 toroid=$2 scratch=$3
dir=$scratch/$name
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 99
patterns=$(cd "$(dirname "$0")/../../patterns" && pwd)
limit() { timeout -k 5 "$@"; }  # exit 124 when it hangs
t() { limit 60 "$toroid" "$@"; }
ff=$(printf '\377')  # a byte that is never UTF-8
family='B3[6]/S23[4]'
small=(--soups 2 --torus 16x16 --soup-size 16x16 --max-gens 50)
shards() {  # s0.jsonl and s1.jsonl: the two shards of a 4-rule sweep
    "$toroid" sweep "$family" "${small[@]}" --shard 0/2 --out s0.jsonl >/dev/null &&
        "$toroid" sweep "$family" "${small[@]}" --shard 1/2 --out s1.jsonl >/dev/null || exit 98
}
mpi() { limit 120 mpirun --allow-run-as-root --oversubscribe "$@"; }

case $name in
# --- 1. JSON never throws on bytes that are not UTF-8 -----------------------
json_info_name | json_info_note) cp "$patterns/glider.rle" "bad${ff}utf8.rle"; t info "bad${ff}utf8.rle" --json ;;
json_identify_name) cp "$patterns/glider.rle" "bad${ff}utf8.rle"; t identify "bad${ff}utf8.rle" --json ;;
json_methuselah_name) cp "$patterns/glider.rle" "bad${ff}utf8.rle"; t methuselah "bad${ff}utf8.rle" --json ;;
json_pattern_comment) printf '#N caf\351\n#C \351t\351\nx = 3, y = 3\nbo$2bo$3o!\n' >latin1.rle; t info latin1.rle --json ;;
json_sweep_rules_name)
    echo 'B3/S23' >"rules${ff}.txt"
    t sweep --rules "rules${ff}.txt" "${small[@]}" --json --out "out${ff}.jsonl" && t sweep merge "out${ff}.jsonl" --json ;;
# --- 1. sweep files: file, line and field ----------------------------------
merge_bad_period) shards; sed '2s/"periods":{}/"periods":{"abc":1}/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_family_number) shards; sed '1s/"family":"[^"]*"/"family":3/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_string_count) shards; sed '2s/"soups":2/"soups":"2"/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_missing_field) shards; sed '3s/"rule":"[^"]*",//' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
resume_bad_field)
    "$toroid" sweep "$family" "${small[@]}" --out r.jsonl >/dev/null || exit 98
    sed -i '3s/"median":[0-9]*/"median":"x"/' r.jsonl
    t sweep "$family" "${small[@]}" --out r.jsonl --resume ;;
resume_newer_version) shards; sed -i '1s/"toroid_sweep":1/"toroid_sweep":7/' s0.jsonl; t sweep merge s0.jsonl s1.jsonl ;;
# --- 3. merges: no negative counts, no rules outside, no silent partial ----
merge_negative_count) shards; sed '2s/"dies":[0-9]*/"dies":-3/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_outside_family) shards; sed '2s/"rule_index":0/"rule_index":40/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_outside_shard) shards; sed '2s/"rule_index":0/"rule_index":1/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_classes_sum) shards; sed '2s/"chaotic":2/"chaotic":1/' s0.jsonl >bad.jsonl; t sweep merge bad.jsonl s1.jsonl ;;
merge_partial_refused) shards; t sweep merge s0.jsonl ;;
merge_partial_allowed) shards; t sweep merge s0.jsonl --partial --json ;;
merge_complete) shards; t sweep merge s1.jsonl s0.jsonl ;;
# --- 4. FIFOs are refused, never waited on; "-" reads standard input ------
fifo_info) mkfifo p; t info p ;;
fifo_run_pattern) mkfifo p; t run --pattern p --size 32x32 ;;
fifo_identify) mkfifo p; t identify p ;;
fifo_sweep_rules) mkfifo p; t sweep --rules p "${small[@]}" ;;
fifo_sweep_merge) mkfifo p; t sweep merge p ;;
fifo_graph) mkfifo p; t grundy graph p ;;
fifo_octal_resume) mkfifo p; t grundy octal 0.07 --resume p ;;
stdin_info) t info - <"$patterns/glider.rle" ;;
stdin_run_pattern) t run --pattern - --size 32x32 --gens 4 <"$patterns/glider.rle" ;;
stdin_sweep_rules) printf 'B3/S23\nB36/S23\n' | t sweep --rules - "${small[@]}" ;;
# --- 4. MPI: an error on one rank ends the job; an empty shard is empty ----
mpi_empty_shard) mpi -np 3 "$toroid" sweep 'B3[6]/S23' "${small[@]}" --out m.jsonl ;;
mpi_missing_resume)
    mpi -np 2 "$toroid" sweep 'B3[6]/S23' "${small[@]}" --out m.jsonl >/dev/null || exit 98
    rm m.jsonl.1
    mpi -np 2 "$toroid" sweep 'B3[6]/S23' "${small[@]}" --out m.jsonl --resume ;;
# --- 5. every output checked before the work -------------------------------
# (each would run for minutes before the fix, then fail: the limit catches it)
out_csv_missing_folder) limit 20 "$toroid" sweep B3/S23 --soups 200000 --yes --torus 64x64 --soup-size 16x16 --csv no-such-folder/out.csv ;;
out_plot_missing_folder) limit 20 "$toroid" sweep B3/S23 --soups 200000 --yes --torus 64x64 --soup-size 16x16 --plot no-such-folder/plot.png ;;
out_plot_extension) limit 20 "$toroid" sweep B3/S23 --soups 200000 --yes --torus 64x64 --soup-size 16x16 --plot plot.pdf ;;
out_sweep_out_folder) mkdir taken; limit 20 "$toroid" sweep B3/S23 --soups 200000 --yes --torus 64x64 --soup-size 16x16 --out taken ;;
out_merge_csv) shards; t sweep merge s0.jsonl s1.jsonl --csv no-such-folder/m.csv ;;
out_run_out_folder) mkdir taken.rle; limit 20 "$toroid" run --size 4096x4096 --soup 0.5 --gens 100000 --out taken.rle ;;
out_run_out_fifo) mkfifo p.rle; limit 20 "$toroid" run --size 4096x4096 --soup 0.5 --gens 100000 --out p.rle ;;
out_methuselah_checkpoint) limit 20 "$toroid" methuselah gosper-glider-gun --max-gens 100000000 --checkpoint no-such-folder/a.ckpt ;;
out_methuselah_plot) limit 20 "$toroid" methuselah gosper-glider-gun --max-gens 100000000 --plot plot.gif ;;
out_methuselah_plot_folder) limit 20 "$toroid" methuselah gosper-glider-gun --max-gens 100000000 --plot no-such-folder/p.png ;;
out_octal_checkpoint) limit 20 "$toroid" grundy octal 0.244 --upto 100000000 --no-limit --checkpoint no-such-folder/c ;;
out_octal_output) limit 20 "$toroid" grundy octal 0.244 --upto 100000000 --no-limit --output no-such-folder/g.txt ;;
out_eca) limit 20 "$toroid" eca 30 --width 100000 --steps 100000 --out no-such-folder/d.txt ;;
out_bench_write) limit 20 "$toroid" bench --only life-soup-4096 --write no-such-folder/B.md ;;
# --- 2. checkpoints of octal games verified before use ---------------------
octal_checkpoint_edited)
    "$toroid" grundy octal 0.16 --upto 100000 --checkpoint c >/dev/null || exit 98
    # g(4000) (bytes 4 * 4000 after the header line) set to 2^31 - 1
    header=$(head -1 c | wc -c)
    printf '\377\377\377\177' | dd of=c bs=1 seek=$((header + 4 * 4000)) conv=notrunc 2>/dev/null
    (ulimit -v 4000000 && t grundy octal 0.16 --upto 120000 --resume c) ;;
octal_checkpoint_v1_absurd)  # a version-1 file (no checksum) with g(3) = 2^31 - 1
    { printf 'toroid-octal-checkpoint 1 0.16 3\n'; printf '\0\0\0\0\1\0\0\0\0\0\0\0\377\377\377\177'; } >c
    (ulimit -v 4000000 && t grundy octal 0.16 --upto 120000 --resume c) ;;
octal_checkpoint_v1_good)  # version 1 is still read: g(0..3) of 0.16 are 0 1 0 0
    { printf 'toroid-octal-checkpoint 1 0.16 3\n'; printf '\0\0\0\0\1\0\0\0\0\0\0\0\0\0\0\0'; } >c
    t grundy octal 0.16 --upto 20 --resume c ;;
octal_checkpoint_truncated)
    "$toroid" grundy octal 0.16 --upto 100000 --checkpoint c >/dev/null || exit 98
    truncate -s -100 c
    t grundy octal 0.16 --upto 120000 --resume c ;;
octal_checkpoint_huge_n)
    printf 'toroid-octal-checkpoint 2 0.16 4000000000\n' >c
    (ulimit -v 4000000 && t grundy octal 0.16 --upto 120000 --resume c) ;;
# --- 2. memory: refused before allocating, with the numbers ----------------
sweep_torus_tall) (ulimit -v 8000000 && t sweep B3/S23 --soups 1 --soup-size 1x16 --torus 1x1000000000 --yes) ;;
# (under ulimit -v: the refusal names the limit; without the fix, bad_alloc)
rle_huge_header) printf 'x = 1, y = 2000000000\no!\n' >big.rle; (ulimit -v 4000000 && t info big.rle) ;;
macrocell_many_leaves)  # 10^7 leaves (20 MB of text) need 0.7 GB of nodes and boxes
    { echo '[M2]'; yes '*' | head -n 10000000; } >many.mc
    (ulimit -v 1000000 && t info many.mc) ;;
macrocell_many_leaves_gz)
    { echo '[M2]'; yes '*' | head -n 10000000; } | gzip -1 >many.mc.gz
    (ulimit -v 1000000 && t info many.mc.gz) ;;
*) echo "scenario.sh: unknown scenario '$name'" >&2; exit 99 ;;
esac
