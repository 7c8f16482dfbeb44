#!/usr/bin/env bash
# expect.sh [--stdin TEXT] [--stderr] RC REGEX COMMAND...
#
# The one command-line expectation harness of the suites (toroid, its games
# commands, toroid-view): runs COMMAND and passes when it exits with status
# RC and its output matches the extended regular expression REGEX (grep -E,
# which matches line by line; a newline in REGEX separates alternatives).
#   --stdin TEXT  TEXT, a printf format ("4 1\n"), on standard input
#                 (otherwise standard input is /dev/null)
#   --stderr      match standard error only (otherwise stdout and stderr
#                 together)
# CMake registers such tests with toroid_cli_expect() (tests/CMakeLists.txt).
#
# Sourced (`source expect.sh`), it only defines cli_expect, taking the same
# arguments and returning 0 or 1 (after printing what failed), for scripts
# that run many checks (tests/analysis/sweep_cli.sh).

cli_expect() {
    local input='' use_stdin=0 stderr_only=0
    while [[ $# -gt 0 ]]; do
        case $1 in
        --stdin) input=$2 use_stdin=1; shift 2 ;;
        --stderr) stderr_only=1; shift ;;
        *) break ;;
        esac
    done
    local rc_expected=$1 regex=$2
    shift 2
    local output rc
    if [[ $use_stdin -eq 1 && $stderr_only -eq 1 ]]; then
        # shellcheck disable=SC2059  # TEXT is a printf format on purpose
        output=$(printf "$input" | "$@" 2>&1 >/dev/null)
    elif [[ $use_stdin -eq 1 ]]; then
        # shellcheck disable=SC2059
        output=$(printf "$input" | "$@" 2>&1)
    elif [[ $stderr_only -eq 1 ]]; then
        output=$("$@" 2>&1 >/dev/null </dev/null)
    else
        output=$("$@" 2>&1 </dev/null)
    fi
    rc=$?
    if [[ $rc -ne $rc_expected ]]; then
        printf 'expected exit %s, got %s from: %s\n%s\n' "$rc_expected" "$rc" "$*" "$output"
        return 1
    fi
    if ! grep -Eq -- "$regex" <<<"$output"; then
        printf 'output of %s does not match /%s/:\n%s\n' "$*" "$regex" "$output"
        return 1
    fi
    return 0
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    cli_expect "$@"
    exit $?
fi
