#!/usr/bin/env bash
# every_command_help.sh TOROID: every command that `toroid --help` lists
# answers `toroid COMMAND --help` (main.cpp registers only the group of the
# command named first; a name listed under a group that does not add it
# would be an unknown command).
toroid=$1
commands=$("$toroid" --help | sed -n '/^Subcommands:/,$p' | awk 'NR > 1 && NF { print $1 }')
[[ -n $commands ]] || { echo "no commands in: $toroid --help"; exit 1; }
count=0
for c in $commands; do
    if ! out=$("$toroid" "$c" --help 2>&1); then
        printf '%s --help failed:\n%s\n' "$c" "$out"
        exit 1
    fi
    grep -q "Usage: .* $c" <<<"$out" || { printf '%s --help:\n%s\n' "$c" "$out"; exit 1; }
    count=$((count + 1))
done
echo "$count commands answer --help"
