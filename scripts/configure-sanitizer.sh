#!/usr/bin/env bash
# Configures the sanitizer build of CI's second stage (default build-san):
# clang, AddressSanitizer + UndefinedBehaviorSanitizer, the CPU code only.
#   scripts/configure-sanitizer.sh [build-dir]
#
# Why clang with line tables only: CI compiled this build with GCC at -O2 -g,
# a large share of its 35-39 minutes on two cores. Clang with
# -gline-tables-only (enough for symbolised sanitizer reports) compiled a
# sample of 17 of our files (engine, tests, cli, viewer, games) in 141 s of
# CPU against GCC's 301 s, with the same sanitizers.
#
# Why the fuzzers keep their own build (scripts/run-fuzz.sh): libFuzzer's
# coverage hooks on every object (-fsanitize=fuzzer-no-link, whose
# comparison tracing calls a hook at every compare) made the sanitizer
# suites 2.7x slower (two CpuStrips/CpuBackend tests: 157 s of CPU against
# 58 s), more than a second compile of the engine costs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build-san}"
flags="-O2 -gline-tables-only -DNDEBUG"
cmake -S "$ROOT" -B "$BUILD" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DTOROID_SANITIZE=ON -DTOROID_CUDA=OFF -DTOROID_BENCH=OFF >/dev/null
