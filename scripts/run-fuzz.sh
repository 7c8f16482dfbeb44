#!/usr/bin/env bash
# Runs each libFuzzer target (clang, ASan + UBSan) for N seconds (default 20)
# on a scratch copy of its seed corpus: the rule and pattern parsers, Golly
# rule files, the macrocell reader, sweep and census result files.
#   scripts/run-fuzz.sh [seconds [build-dir]]
# With a build dir (CI passes its sanitizer build, configured by
# scripts/configure-sanitizer.sh with -DTOROID_FUZZ=ON) the targets are built
# there; without one, in build-fuzz, configured the same way without the
# test suites. libFuzzer's coverage hooks are compiled into the parsers the
# targets explore (TOROID_FUZZED_SOURCES, engine/CMakeLists.txt).
# Exits non-zero when a fuzzer finds a crash; the reproducer (crash-*,
# oom-*, timeout-*) is left in <build-dir>/artifacts/<target>/.
set -euo pipefail

SECONDS_PER_TARGET="${1:-20}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JOBS="${JOBS:-$(nproc)}"
if [[ $# -ge 2 ]]; then
    BUILD="$(cd "$2" && pwd)"
else
    BUILD="$ROOT/build-fuzz"
    bash "$ROOT/scripts/configure-sanitizer.sh" "$BUILD" -DTOROID_FUZZ=ON -DTOROID_TESTS=OFF
fi
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
