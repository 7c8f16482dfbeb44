#!/usr/bin/env bash
# Runs every pattern of a Golly patterns folder in Golly's bgolly and in
# toroid and compares the populations at the given generations. Nothing of
# Golly is copied: point it at your own Golly checkout and bgolly build.
#
#   scripts/golly-compare.sh GOLLY_DIR FOLDER [GENERATIONS...]
#   e.g. scripts/golly-compare.sh /tmp/golly Patterns/Non-Totalistic 100 1000
#
# BGOLLY (default GOLLY_DIR/bg/bgolly) and TOROID (default build/cli/toroid)
# name the programs. RULE_DIR (default GOLLY_DIR/Rules) is where both look for
# named rules (`.rule` files): bgolly's --search, toroid's --rule-dir. Golly runs each pattern on its own universe (the
# unbounded plane unless the rule says otherwise); toroid on a torus with
# light-speed room on every side for the last generation, so no cell can
# wrap before then. Prints a TSV line per pattern and generation
# (file, rule, generation, Golly's population, toroid's, same|DIFFERENT|
# refused) and a summary; exits 1 when any population differs.
set -uo pipefail
golly=${1:?usage: $0 GOLLY_DIR FOLDER [GENERATIONS...]}
folder=${2:?usage: $0 GOLLY_DIR FOLDER [GENERATIONS...]}
shift 2
gens=("$@")
[[ ${#gens[@]} -gt 0 ]] || gens=(100 1000)
bgolly=${BGOLLY:-$golly/bg/bgolly}
toroid=${TOROID:-$(dirname "$0")/../build/cli/toroid}
rule_dir=${RULE_DIR:-$golly/Rules}
toroid_rules=()
bgolly_rules=()
if [[ -d $rule_dir ]]; then
    toroid_rules=(--rule-dir "$rule_dir")
    bgolly_rules=(-s "${rule_dir%/}/")
fi
same=0 different=0 refused=0
printf 'file\trule\tgeneration\tgolly\ttoroid\tresult\n'
while IFS= read -r -d '' file; do
    name=${file#"$golly"/}
    info=$("$toroid" info "${toroid_rules[@]}" "$file" --json 2>/dev/null)
    if [[ -z $info ]]; then
        reason=$("$toroid" info "${toroid_rules[@]}" "$file" 2>&1 | head -1)
        printf '%s\t-\t-\t-\t-\trefused: %s\n' "$name" "$reason"
        refused=$((refused + 1))
        continue
    fi
    rule=$(python3 -c 'import json,sys; print(json.load(sys.stdin).get("rule","?"))' <<<"$info")
    box=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("width",0), d.get("height",0))' <<<"$info")
    read -r w h <<<"$box"
    # Named rules run in Golly's algorithm for them (bgolly picks QuickLife).
    algo=()
    origin=$(python3 -c 'import json,sys; print(json.load(sys.stdin).get("rule_origin",""))' <<<"$info")
    case "$origin:$rule" in
        *.rule:*) algo=(-a RuleLoader) ;;
        ?*:JvN29* | ?*:Nobili32* | ?*:Hutton32*) algo=(-a JvN) ;;
        ?*:*History* | ?*:*Super* | ?*:*Investigator*) algo=(-a Super) ;;
    esac
    # Macrocell files need a hashing algorithm in bgolly.
    [[ ${#algo[@]} -eq 0 && ( $file == *.mc || $file == *.mc.gz ) ]] && algo=(-a HashLife)
    for g in "${gens[@]}"; do
        # bgolly prints "1,000: 2,191" (digit groups): compared without commas.
        # A macrocell's #G starts bgolly's count there: run to that + g.
        start=$("$bgolly" "${algo[@]}" "${bgolly_rules[@]}" -m 0 "$file" 2>/dev/null | tr -d , |
            awk -F': ' 'NF == 2 && $1 ~ /^[0-9]+$/ {print $1; exit}')
        target=$(( ${start:-0} + g ))
        gpop=$("$bgolly" "${algo[@]}" "${bgolly_rules[@]}" -m "$target" -i "$g" "$file" 2>/dev/null | tr -d , |
            awk -F': ' -v t="$target" '$1 == t {print $2}' | tail -1)
        # A rule with its own torus (:Tw,h) runs on it, as in Golly;
        # otherwise the plane is emulated with room for the run.
        size_args=()
        [[ $rule == *:T* ]] || size_args=(--size "$((w + 2 * g + 64))x$((h + 2 * g + 64))")
        tpop=$("$toroid" run "${toroid_rules[@]}" --pattern "$file" "${size_args[@]}" --gens "$g" --json 2>/dev/null |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["population"])' 2>/dev/null)
        if [[ -z $tpop ]]; then
            result="refused: $("$toroid" run "${toroid_rules[@]}" --pattern "$file" "${size_args[@]}" --gens "$g" 2>&1 | head -1)"
            refused=$((refused + 1))
        elif [[ $gpop == "$tpop" ]]; then
            result=same
            same=$((same + 1))
        else
            result=DIFFERENT
            different=$((different + 1))
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$rule" "$g" "${gpop:--}" "${tpop:--}" "$result"
    done
done < <(find "$golly/$folder" -type f \( -name '*.rle' -o -name '*.mc' -o -name '*.lif' -o -name '*.cells' -o -name '*.rle.gz' -o -name '*.mc.gz' -o -name '*.mcl' \) -print0 | sort -z)
printf '# %d same, %d different, %d refused\n' "$same" "$different" "$refused" >&2
[[ $different -eq 0 ]]
