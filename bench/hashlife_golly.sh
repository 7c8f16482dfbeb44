#!/usr/bin/env bash
# HashLife on tori side by side with Golly's HashLife (issue 25), as
# recorded in BENCHMARKS.md. Golly is not part of toroid: build bgolly from
# its sources in a temporary folder (github:jimblandy/golly), e.g.
#   g++ -O3 -DNDEBUG -DZLIB -fno-strict-aliasing -Igollybase gollybase/*.cpp \
#       cmdline/bgolly.cpp -o /tmp/bgolly -lz
# and pass it as BGOLLY. Rounds are interleaved (toroid, Golly, toroid, ...)
# so that a busy machine slows both alike; each line is one whole process:
# wall seconds, user + system seconds, maximum resident set (KiB).
#
#   bench/hashlife_golly.sh BUILD_DIR BGOLLY [ROUNDS]
set -euo pipefail
build=${1:?build folder}
bgolly=${2:?bgolly program}
rounds=${3:-5}
toroid="$build/cli/toroid"
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Short runs: the mean of 20 by perf stat (CPU ms, wall ms).
short() {  # label command...
    local label=$1
    shift
    perf stat -r 20 -x, -e task-clock -o "$work/stat" "$@" > /dev/null 2>&1
    local cpu
    cpu=$(grep task-clock "$work/stat" | cut -d, -f1)
    "$@" > "$work/out"
    printf '%s %.2f ms cpu (mean of 20), max RSS: ' "$label" "$cpu"
    /usr/bin/time -f "%M KiB" "$@" 2>&1 > /dev/null | tail -1
}

measure() {  # label command...
    local label=$1
    shift
    /usr/bin/time -f "$label %e s wall, %U+%S s cpu, %M KiB" "$@" > "$work/out" 2> "$work/err" ||
        { cat "$work/err"; exit 1; }
    tail -1 "$work/err"
}

# A soup as a plain pattern (no torus suffix): Golly runs it on its plane.
"$toroid" run --size 512x512 --soup 0.5 --seed 3 --gens 0 --crop --out "$work/soup512.rle" > /dev/null

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(lscpu | sed -n 's/^Model name: *//p'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; ++r)); do
    echo "## round $r"
    # The Gosper gun to 2^30 generations: gliders reach 2^28 cells out, so a
    # 2^31 torus never wraps them (the hash is skipped beyond 2^48 cells).
    short "gun-2^30 toroid" "$toroid" run --backend hashlife --size 2^31x2^31 \
        --pattern "$here/patterns/gosper-glider-gun.rle" --gens 2^30
    grep -E "^population" "$work/out"
    short "gun-2^30 golly " "$bgolly" -a HashLife -m 1073741824 "$here/patterns/gosper-glider-gun.rle"
    tail -1 "$work/out"
    short "gun-2^40 toroid" "$toroid" run --backend hashlife --size 2^41x2^41 \
        --pattern "$here/patterns/gosper-glider-gun.rle" --gens 2^40
    short "gun-2^40 golly " "$bgolly" -a HashLife -m 1099511627776 "$here/patterns/gosper-glider-gun.rle"
    # A chaotic start: a 512^2 soup, 2^16 generations, on a torus no debris
    # reaches around (2^24) against Golly's plane.
    measure "soup512-65536 toroid" "$toroid" run --backend hashlife --size 2^24x2^24 \
        --pattern "$work/soup512.rle" --gens 65536
    grep -E "^population" "$work/out"
    measure "soup512-65536 golly " "$bgolly" -a HashLife -m 65536 "$work/soup512.rle"
    tail -1 "$work/out"
done
