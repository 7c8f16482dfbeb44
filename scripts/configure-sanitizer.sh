#!/usr/bin/env bash
# Configures the sanitizer build of CI's second stage (default build-san):
# clang, AddressSanitizer + UndefinedBehaviorSanitizer, the CPU code only.
#   scripts/configure-sanitizer.sh [build-dir [cmake options...]]
# CI adds -DTOROID_FUZZ=ON: the same build then holds the libFuzzer targets
# (scripts/run-fuzz.sh runs them from it).
#
# Why clang with line tables only: CI compiled this build with GCC at -O2 -g,
# a large share of its 35-39 minutes on two cores. Clang with
# -gline-tables-only (enough for symbolised sanitizer reports) compiled a
# sample of 17 of our files (engine, tests, cli, viewer, games) in 141 s of
# CPU against GCC's 301 s, with the same sanitizers.
#
# Why libFuzzer's coverage is compiled into the parsers only
# (TOROID_FUZZED_SOURCES in engine/CMakeLists.txt), not into every object:
# its hooks everywhere (-fsanitize=fuzzer-no-link, whose comparison tracing
# calls a hook at every compare) made the sanitizer suites 2.7x slower (two
# CpuStrips/CpuBackend tests: 157 s of CPU against 58 s). With the hooks in
# the files the fuzzers explore and nowhere else, one build serves both the
# suites and the fuzzers, and CI compiles the engine twice, not three times.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build-san}"
shift $(($# > 0 ? 1 : 0))
flags="-O2 -gline-tables-only -DNDEBUG"
cmake -S "$ROOT" -B "$BUILD" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DTOROID_SANITIZE=ON -DTOROID_CUDA=OFF -DTOROID_BENCH=OFF "$@" >/dev/null
