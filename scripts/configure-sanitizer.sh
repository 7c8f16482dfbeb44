#!/usr/bin/env bash
# Configures the one sanitizer build (default build-san) that CI's sanitizer
# tests and the fuzzers share: clang, AddressSanitizer + UndefinedBehavior-
# Sanitizer, libFuzzer's coverage hooks on every object, the CPU code only.
#   scripts/configure-sanitizer.sh [build-dir]
#
# Why one build and why clang: CI used to compile the CPU code twice more
# after `make test` (GCC with ASan for the suites, clang for the fuzzers),
# which was most of its 35-39 minutes on two cores. Clang with line tables
# only (enough for symbolised sanitizer reports) compiled a sample of our
# files 2.1x faster than GCC at -O2 -g with the same sanitizers, and one set
# of objects serves both the test suites and the fuzz targets: the coverage
# hooks (-fsanitize=fuzzer-no-link) cost the tests little and have weak
# default definitions in the sanitizer runtime, so only the fuzz targets
# link libFuzzer itself (tests/fuzz/CMakeLists.txt).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$ROOT/build-san}"
flags="-O2 -gline-tables-only -DNDEBUG"
cmake -S "$ROOT" -B "$BUILD" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
    -DTOROID_SANITIZE=ON -DTOROID_FUZZ=ON -DTOROID_CUDA=OFF -DTOROID_BENCH=OFF >/dev/null
