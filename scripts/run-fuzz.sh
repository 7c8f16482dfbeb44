#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build-fuzz and runs
# each for N seconds (default 20) on a scratch copy of its seed corpus: the
# rule and pattern parsers, Golly rule files, the macrocell reader, sweep
# and census result files.
#   scripts/run-fuzz.sh [seconds]
# Exits non-zero when a fuzzer finds a crash; the reproducer (crash-*,
# oom-*, timeout-*) is left in build-fuzz/artifacts/<target>/.
set -euo pipefail

SECONDS_PER_TARGET="${1:-20}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build-fuzz"
JOBS="${JOBS:-2}"

# The engine is instrumented for coverage and sanitizers too, not only the
# fuzz entry points (fuzzer-no-link: coverage hooks without a second main).
cmake -S "$ROOT" -B "$BUILD" \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DTOROID_FUZZ=ON -DTOROID_CUDA=OFF -DTOROID_TESTS=OFF -DTOROID_BENCH=OFF >/dev/null
TARGETS=(rule rule_file pattern macrocell sweep_file census_file)
cmake --build "$BUILD" -j"$JOBS" --target "${TARGETS[@]/#/fuzz_}"

status=0
for target in "${TARGETS[@]}"; do
    corpus="$BUILD/corpus/$target"
    artifacts="$BUILD/artifacts/fuzz_$target"
    rm -rf "$corpus"
    mkdir -p "$corpus" "$artifacts"
    cp "$ROOT/tests/fuzz/corpus/$target/"* "$corpus/"
    echo "== fuzz_$target for ${SECONDS_PER_TARGET}s"
    if ! "$BUILD/tests/fuzz/fuzz_$target" -max_total_time="$SECONDS_PER_TARGET" -max_len=4096 \
        -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" \
        2> "$artifacts/log.txt"; then
        echo "fuzz_$target FAILED: see $artifacts/log.txt and the reproducer in $artifacts/" >&2
        tail -40 "$artifacts/log.txt" >&2
        status=1
    else
        grep -E "stat::number_of_executed_units|stat::new_units_added" "$artifacts/log.txt" || true
    fi
done
exit $status
