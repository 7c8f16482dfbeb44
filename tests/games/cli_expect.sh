#!/bin/sh
# cli_expect.sh RC REGEX STDIN_TEXT -- COMMAND ARGS...
# Runs COMMAND with STDIN_TEXT (printf format) on stdin; passes if it exits
# with status RC and its combined stdout+stderr matches the extended REGEX.
rc_want=$1; regex=$2; input=$3; shift 4
[ "$input" = none ] && input=""
out=$(printf "$input" | "$@" 2>&1)
rc=$?
if [ "$rc" -ne "$rc_want" ]; then
    echo "$out"; echo "FAIL: exit status $rc, expected $rc_want"; exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
    echo "$out"; echo "FAIL: output does not match /$regex/"; exit 1
fi
echo "ok: $*"
