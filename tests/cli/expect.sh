#!/usr/bin/env bash
# expect.sh RC REGEX COMMAND...: runs COMMAND, passes when it exits with RC
# and its output (stdout + stderr) matches the extended REGEX.
rc_expected=$1 regex=$2
shift 2
output=$("$@" 2>&1 </dev/null)
rc=$?
if [[ $rc -ne $rc_expected ]]; then
    printf 'expected exit %s, got %s from: %s\n%s\n' "$rc_expected" "$rc" "$*" "$output"
    exit 1
fi
if ! grep -Eq -- "$regex" <<<"$output"; then
    printf 'output of %s does not match /%s/:\n%s\n' "$*" "$regex" "$output"
    exit 1
fi
exit 0
