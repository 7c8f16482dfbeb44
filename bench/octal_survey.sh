#!/usr/bin/env bash
# Survey of the 400 splitting octal codes 0.abc (c != 0, some digit with the
# split bit 4) at n = 10^7: one run at a time, each refused by the solver's
# own time estimate beyond --max-time and stopped (SIGINT: the values so far
# are kept and counted) after a hard limit.
#
#   bench/octal_survey.sh TOROID OUT.tsv [MAX_TIME [HARD_LIMIT [UPTO [CODES_FILE]]]]
#
# OUT.tsv: code, outcome (done / refused / stopped / error), wall seconds,
# n reached (done: UPTO; refused: the doubling it stopped at; stopped: the
# heaps computed), rare positions, and the solver's last words. A CODES_FILE
# (one code per line) replaces the full list, e.g. to re-run the slow ones
# with a larger budget.
set -u
toroid=${1:?usage: octal_survey.sh TOROID OUT.tsv [MAX_TIME [HARD_LIMIT [UPTO]]]}
out=${2:?usage: octal_survey.sh TOROID OUT.tsv [MAX_TIME [HARD_LIMIT [UPTO]]]}
max_time=${3:-60}
hard=${4:-62}
upto=${5:-10000000}
codes_file=${6:-}

codes() {
    if [ -n "$codes_file" ]; then
        cat "$codes_file"
        return
    fi
    for a in 0 1 2 3 4 5 6 7; do
        for b in 0 1 2 3 4 5 6 7; do
            for c in 1 2 3 4 5 6 7; do
                if [ $((a & 4)) -ne 0 ] || [ $((b & 4)) -ne 0 ] || [ $((c & 4)) -ne 0 ]; then
                    echo "0.$a$b$c"
                fi
            done
        done
    done
}

printf 'code\toutcome\twall_s\tn_reached\trare_positions\tnote\n' >"$out"
log=$(mktemp)
codes | while read -r code; do
    [ -z "$code" ] && continue
    start=$(date +%s.%N)
    timeout -s INT -k 10 "$hard" "$toroid" grundy octal "$code" --upto "$upto" \
        --max-time "$max_time" --progress >"$log" 2>&1 </dev/null
    rc=$?
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    rare=$(grep -o '[0-9]* rare positions' "$log" | tail -1 | cut -d' ' -f1)
    last_n=$(grep -o '^n = [0-9]*' "$log" | tail -1 | cut -d' ' -f3)
    if grep -q 'STOPPED by Ctrl-C' "$log"; then
        outcome=stopped
        n=$(grep -o 'only g(0\.\.[0-9]*)' "$log" | grep -o '[0-9]*)' | tr -d ')')
        note="trend: $(grep -o '; [a-z][^;]*; ETA' "$log" | tail -1 | sed 's/^; //; s/; ETA$//')"
    elif [ "$rc" -eq 0 ]; then
        outcome=done
        n=$upto
        note=$(grep -o 'periodic from [0-9]* with period [0-9]*' "$log" | head -1)
        [ -z "$note" ] && note=$(grep -o 'common values [^,]*' "$log" | tail -1)
    elif grep -q 'beyond the budget' "$log"; then
        outcome=refused
        n=${last_n:-0}
        note=$(grep -o 'would take about [^(]*' "$log" | head -1)
    else
        outcome=error
        n=${last_n:-0}
        note="exit $rc: $(tail -1 "$log" | cut -c1-120)"
    fi
    printf '%s\t%s\t%.1f\t%s\t%s\t%s\n' "$code" "$outcome" "$wall" "$n" "${rare:-}" "$note" >>"$out"
done
rm -f "$log"
