#!/usr/bin/env bash
# The GPU check: every CUDA test and kernel of toroid on a lent GPU, in one
# command of about 6 minutes (docs/gpu.md gives the line to paste and what
# it prints).
#
#   scripts/gpu-check.sh --prebuilt DIR   run the programs packed by
#                                         scripts/gpu-pack.sh (the usual way)
#   scripts/gpu-check.sh                  build here first (needs the -dev packages)
#   scripts/gpu-check.sh --dry-run        on a machine without a GPU: build and
#                                         pack, check the pack, the plan, the
#                                         time boxes and the files that would
#                                         come back, and rehearse the whole run
#                                         (which must fail: the GPU tests skip)
#
# Stages, in order, each in a time box (and all within TOROID_GPU_BUDGET,
# default 540 s, under the device's 600 s per command):
#   environment  nvidia-smi, device properties, ldd of the programs
#   start        the packed programs start, else a fallback build there from
#                the carried sources and the packed -dev packages (the
#                summary says which happened)
#   tests        the GPU suites with CUDA_LAUNCH_BLOCKING=1 (a launch error
#                is reported at its launch); fails on any skipped test
#   sanitizer    compute-sanitizer memcheck, racecheck, synccheck on the
#                kernel tests ("unavailable" when the runtime refuses it)
#   bench        gpu_bench: every kernel alone, CUDA events (bench.tsv)
#   profile      one ncu pass on the step kernels (profile.ncu-rep)
#   toroid       toroid bench on cuda (classic and strip kernels) and cpu,
#                a sweep on cuda against cpu, a census with --batch cuda
#                against one without
# Files back in $OUT (at most 8): summary.tsv, logs.tar.gz, bench.tsv,
# profile.ncu-rep, toroid-bench.json. summary.tsv is printed last. The exit
# status is 1 if a stage failed or was cut by its time box, a GPU test was
# skipped, or an expected file is missing.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

prebuilt=""
dry_run=0
while (($#)); do
    case "$1" in
        --prebuilt) prebuilt=${2:?--prebuilt needs a folder}; shift ;;
        --dry-run) dry_run=1 ;;
        -h | --help) sed -n '2,32p' "$0"; exit 0 ;;
        *) echo "gpu-check: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

out=${OUT:-/tmp/toroid-gpu-check}
export out work logs prebuilt bin kernel_filter  # read by the stage functions
budget=${TOROID_GPU_BUDGET:-540}
start_time=$(date +%s)
work=$(mktemp -d /tmp/toroid-gpu-check.XXXXXX)
logs=$work/logs
mkdir -p "$out" "$logs"
summary=$work/summary.tsv
printf 'stage\tstatus\tseconds\tnote\n' >"$summary"
failed=0

# Stage name, time box in seconds: the plan (the boxes add up to <= budget - 30).
stages=(environment:15 start:240 tests:110 sanitizer:80 bench:120 profile:45 toroid:60)
expected_files=(summary.tsv logs.tar.gz bench.tsv profile.ncu-rep toroid-bench.json)

box_of() {
    local s
    for s in "${stages[@]}"; do [[ ${s%%:*} == "$1" ]] && { echo "${s##*:}"; return; }; done
    echo 0
}

record() {  # stage status seconds note
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$summary"
    [[ $2 == ok || $2 == unavailable || $2 == prebuilt || $2 == "fallback build" ]] || failed=1
}

# run_stage NAME BOX COMMAND...: the command in a time box (never past the
# overall budget, less 20 s to pack the files), its output in logs/NAME.log.
run_stage() {
    local name=$1 box=$2
    shift 2
    local left=$((start_time + budget - 20 - $(date +%s)))
    ((box > left)) && box=$left
    if ((box < 5)); then
        record "$name" CUT 0 "no time left in the ${budget} s budget"
        return 124
    fi
    local t0 rc
    t0=$(date +%s)
    echo "== $name (time box ${box} s) =="
    # A child bash runs the stage, so `timeout` can stop a shell function too
    # (the functions and the variables they read are exported).
    timeout --kill-after=5 "$box" bash -c '"$@"' "$name" "$@" >"$logs/$name.log" 2>&1
    rc=$?
    tail -n 5 "$logs/$name.log"
    stage_seconds=$(($(date +%s) - t0))
    return $rc
}

status_of() {  # rc -> status word
    case $1 in
        0) echo ok ;;
        124 | 137) echo CUT ;;
        *) echo "FAIL(rc=$1)" ;;
    esac
}

# ---------------------------------------------------------------- dry run
if ((dry_run)); then
    problems=0
    if [[ -z $prebuilt ]]; then
        prebuilt=.gpu-pack
        bash scripts/gpu-pack.sh "$prebuilt" || problems=1
    fi
    [[ -d $prebuilt/bin ]] || { echo "gpu-check: no $prebuilt/bin"; exit 1; }
    total=0
    for s in "${stages[@]}"; do total=$((total + ${s##*:})); done
    echo "plan: ${stages[*]}: $((total - $(box_of start))) s without a fallback build, ${budget} s budget" \
         "(the start box is spent only by a fallback build; later stages then shrink to what is left)"
    # Without the fallback build the stages must fit with time to spare;
    # with it, the later stages shrink to what is left (run_stage).
    ((total - $(box_of start) + 30 <= budget)) || { echo "plan: stages exceed the budget"; problems=1; }
    ((budget <= 570)) || { echo "plan: budget over 570 s leaves no margin under 600 s"; problems=1; }
    ((${#expected_files[@]} <= 8)) || { echo "plan: more than 8 files back"; problems=1; }
    for f in "${expected_files[@]}"; do
        [[ $f =~ ^[A-Za-z0-9._-]+$ ]] || { echo "plan: file name $f cannot come back"; problems=1; }
    done
    for t in test_gpu test_eca_gpu gpu_bench toroid; do
        [[ -x $prebuilt/bin/$t ]] || { echo "pack: $t missing"; problems=1; }
    done
    # The skip detector must fire here: without a device every GPU test skips.
    "$prebuilt/bin/test_gpu" >"$logs/tests.log" 2>&1
    if grep -q '^\[  SKIPPED \]' "$logs/tests.log"; then
        echo "dry run: the GPU suite starts; without a device its tests skip, and the check would fail on that (as it must)"
    else
        echo "dry run: expected skipped tests without a device"; problems=1
    fi
    "$prebuilt/bin/gpu_bench" --list >"$logs/plan.tsv" || problems=1
    echo "dry run: gpu_bench plans $(($(wc -l <"$logs/plan.tsv") - 1)) items ($(cut -f1 "$logs/plan.tsv" | sort -u | grep -v item | tr '\n' ' '))"
    if "$prebuilt/bin/gpu_bench" --quick >"$logs/bench.log" 2>&1; then
        echo "dry run: gpu_bench ran without a device?"; problems=1
    else
        echo "dry run: gpu_bench refuses without a device: $(tail -1 "$logs/bench.log")"
    fi
    # The whole run, here without a GPU: every stage must run and report,
    # and the check must fail (the GPU tests skip, files are missing).
    rehearsal=$(mktemp -d)
    if OUT=$rehearsal TOROID_GPU_BUDGET=120 bash "$0" --prebuilt "$prebuilt" >"$logs/rehearsal.log" 2>&1; then
        echo "dry run: the rehearsal without a GPU passed: the check cannot fail?"; problems=1
    fi
    for stage in environment start tests sanitizer bench profile toroid; do
        grep -q "^$stage"$'\t' "$rehearsal/summary.tsv" 2>/dev/null ||
            { echo "dry run: the rehearsal has no $stage line"; problems=1; }
    done
    grep -q $'^tests\tSKIPPED' "$rehearsal/summary.tsv" ||
        { echo "dry run: the rehearsal did not flag the skipped GPU tests"; problems=1; }
    [[ -s $rehearsal/logs.tar.gz ]] || { echo "dry run: the rehearsal packed no logs"; problems=1; }
    echo "dry run: rehearsal without a GPU: $(cut -f1,2 "$rehearsal/summary.tsv" | tail -n +2 | tr '\t\n' ': ')"
    rm -rf "$rehearsal"
    # The files that would come back.
    dry_out=$(mktemp -d)
    for f in "${expected_files[@]}"; do echo placeholder >"$dry_out/$f"; done
    n=$(find "$dry_out" -type f | wc -l)
    ((n <= 8)) || problems=1
    echo "dry run: $n files would come back (${expected_files[*]})"
    rm -rf "$dry_out" "$work"
    if ((problems)); then echo "gpu-check --dry-run: FAILED"; exit 1; fi
    echo "gpu-check --dry-run: ok (pack $prebuilt, $(du -sh "$prebuilt" | cut -f1))"
    exit 0
fi

# ---------------------------------------------------------------- environment
bin=""
[[ -n $prebuilt ]] && bin=$prebuilt/bin  # the programs find $prebuilt/lib themselves (RUNPATH)
environment() {
    nvidia-smi || return 1
    nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.max.sm,clocks.mem \
        --format=csv
    [[ -n $bin ]] && "$bin/gpu_bench" --device
    echo "nvcc: $(nvcc --version 2>/dev/null | tail -1)"
    echo "compute-sanitizer: $(command -v compute-sanitizer || echo absent)"
    echo "ncu: $(command -v ncu || echo absent)"
    [[ -n $bin ]] && for b in "$bin"/*; do echo "-- ldd $b"; ldd "$b"; done
    [[ -n $bin ]] && cat "$prebuilt/build-info.txt"
    true
}
export -f environment
run_stage environment "$(box_of environment)" environment
rc=$?
record environment "$(status_of $rc)" "$stage_seconds" "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"
cp "$logs/environment.log" "$work/" 2>/dev/null

# ---------------------------------------------------------------- start / fallback
fallback_build() {
    local prefix=/tmp/toroid-prefix build=/tmp/toroid-build
    mkdir -p "$prefix/pc"
    for d in "$prebuilt"/debs/*.deb; do dpkg -x "$d" "$prefix"; done
    # Links the packages make to absolute paths (libz.so -> /lib/...) point into the prefix.
    local l t
    for l in "$prefix"/usr/lib/x86_64-linux-gnu/*.so; do
        t=$(readlink "$l") && [[ $t == /* ]] && ln -sf "$prefix$t" "$l"
    done
    # cairo's headers alone (the engine loads cairo at run time): a .pc without
    # its private requirements, whose .pc files are not here.
    printf 'Name: cairo\nDescription: headers\nVersion: 1.16.0\nCflags: -I%s/usr/include/cairo\nLibs:\n' \
        "$prefix" >"$prefix/pc/cairo.pc"
    export PKG_CONFIG_PATH=$prefix/pc:$prefix/usr/lib/x86_64-linux-gnu/pkgconfig:$prefix/usr/share/pkgconfig
    local gen=()
    command -v ninja >/dev/null && gen=(-G Ninja)
    cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DTOROID_CUDA=ON \
        -DCMAKE_CUDA_ARCHITECTURES=90 -DTOROID_BENCH=OFF -DCMAKE_PREFIX_PATH="$prefix/usr" \
        -DCMAKE_BUILD_RPATH="$prefix/usr/lib/x86_64-linux-gnu" &&
        cmake --build "$build" -j"$(nproc)" --target test_gpu test_eca_gpu gpu_bench toroid || return 1
    mkdir -p "$build/pack-bin"
    cp "$build/tests/gpu/test_gpu" "$build/tests/eca/test_eca_gpu" "$build/bench/gpu/gpu_bench" \
        "$build/cli/toroid" "$build/pack-bin/"
}
starts() {
    [[ -n $bin ]] && "$bin/test_gpu" --gtest_list_tests >/dev/null 2>&1 &&
        "$bin/gpu_bench" --list >/dev/null 2>&1 && "$bin/toroid" --help >/dev/null 2>&1
}
export -f fallback_build
if starts; then
    record start prebuilt 0 "the packed programs start ($(head -1 "$prebuilt/build-info.txt" | cut -f2))"
else
    why="the packed programs do not start"
    [[ -z $bin ]] && why="no --prebuilt folder"
    run_stage start "$(box_of start)" fallback_build
    rc=$?
    if ((rc == 0)); then
        bin=/tmp/toroid-build/pack-bin
        record start "fallback build" "$stage_seconds" "$why: built here from the carried sources"
    else
        record start "$(status_of $rc)" "$stage_seconds" "$why, and the fallback build failed"
    fi
fi

if [[ -n $bin ]] && [[ -x $bin/test_gpu ]]; then
    # ------------------------------------------------------------ tests
    gpu_tests() {
        # CudaBackendAbsent checks the refusal without a device: it skips where one is.
        CUDA_LAUNCH_BLOCKING=1 "$bin/test_gpu" --gtest_filter='-CudaBackendAbsent.*' &&
            CUDA_LAUNCH_BLOCKING=1 "$bin/test_eca_gpu"
    }
    export -f gpu_tests
    run_stage tests "$(box_of tests)" gpu_tests
    rc=$?
    passed=$(grep -c '^\[       OK \]' "$logs/tests.log")
    skipped=$(grep -c '^\[  SKIPPED \]' "$logs/tests.log")
    failed_tests=$(grep '^\[  FAILED  \]' "$logs/tests.log" | grep -c ' ms)')
    note="$passed passed, $failed_tests failed, $skipped skipped"
    if ((rc == 0 && skipped > 0)); then
        record tests SKIPPED "$stage_seconds" "$note: every GPU test must run here"
    else
        record tests "$(status_of $rc)" "$stage_seconds" "$note"
    fi

    # ------------------------------------------------------------ sanitizer
    kernel_filter='KernelVsEmulation.StepEdgesAndReductionsEqualTheEmulatedLaunches:StripDevice.Lop3*:SharedFunctions.*'
    sanitize() {
        local tool verdict=0
        for tool in memcheck racecheck synccheck; do
            echo "-- $tool"
            compute-sanitizer --tool "$tool" --error-exitcode 9 "$bin/test_gpu" \
                --gtest_filter="$kernel_filter" 2>&1 | tail -n 40
            local rc=${PIPESTATUS[0]}
            echo "-- $tool rc=$rc"
            ((rc != 0)) && verdict=$rc
        done
        return $verdict
    }
    export -f sanitize
    if command -v compute-sanitizer >/dev/null; then
        run_stage sanitizer "$(box_of sanitizer)" sanitize
        rc=$?
        if grep -qE 'Device not supported|not supported on this platform|Unable to find injection|LibraryNotLoaded' "$logs/sanitizer.log"; then
            record sanitizer unavailable "$stage_seconds" "compute-sanitizer refused this runtime (see logs/sanitizer.log)"
        else
            record sanitizer "$(status_of $rc)" "$stage_seconds" "memcheck racecheck synccheck on $kernel_filter"
        fi
    else
        record sanitizer unavailable 0 "compute-sanitizer is not installed here"
    fi

    # ------------------------------------------------------------ bench
    box=$(box_of bench)
    run_stage bench "$box" "$bin/gpu_bench" --tsv "$work/bench.tsv" --budget $((box - 20))
    rc=$?
    record bench "$(status_of $rc)" "$stage_seconds" "$(grep -c $'\t' "$work/bench.tsv" 2>/dev/null) rows (rc 3: items skipped for the budget)"
    cp "$work/bench.tsv" "$out/bench.tsv" 2>/dev/null

    # ------------------------------------------------------------ profile
    if command -v ncu >/dev/null; then
        run_stage profile "$(box_of profile)" ncu --clock-control none --target-processes all \
            -k 'regex:step_kernel|strip_kernel|fix_edges_kernel|plane_sum_kernel' -c 12 \
            -f -o "$out/profile" "$bin/gpu_bench" --only '16384^2' --quick
        rc=$?
        if grep -qE 'LibraryNotLoaded|ERR_NVGPUCTRPERM|not supported' "$logs/profile.log"; then
            record profile unavailable "$stage_seconds" "ncu cannot read the counters here"
        else
            record profile "$(status_of $rc)" "$stage_seconds" "ncu on the 16384^2 step kernels"
            ncu --import "$out/profile.ncu-rep" --page details >"$logs/profile-details.txt" 2>&1
        fi
    else
        record profile unavailable 0 "ncu is not installed here"
    fi

    # ------------------------------------------------------------ toroid
    toroid_runs() {
        local ok=0
        "$bin/toroid" bench --backend cuda --backend cpu --seconds 1 --json >"$work/bench-classic.json" || ok=1
        TOROID_CUDA_KERNEL=strip "$bin/toroid" bench --backend cuda --seconds 1 --json \
            >"$work/bench-strip.json" || ok=1
        printf '{"classic": %s, "strip": %s}\n' "$(cat "$work/bench-classic.json")" \
            "$(cat "$work/bench-strip.json")" >"$out/toroid-bench.json"
        local b t0
        for b in cuda cpu; do
            t0=$(date +%s%N)
            "$bin/toroid" sweep 'B3[6]/S23' --soups 2000 --soup-size 16x16 --torus 64x64 \
                --backend "$b" --json --yes >"$work/sweep-$b.json" || ok=1
            echo "sweep $b: $(((($(date +%s%N) - t0) / 1000000))) ms"
        done
        # The censuses must agree (the timing fields differ, of course).
        python3 - "$work/sweep-cuda.json" "$work/sweep-cpu.json" <<'EOF' || ok=1
import json, sys
def load(path):
    def strip(x):
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items()
                    if k not in ("seconds", "soups_per_second", "backend")}
        if isinstance(x, list):
            return [strip(v) for v in x]
        return x
    return strip(json.load(open(path)))
same = load(sys.argv[1]) == load(sys.argv[2])
print("sweep: cuda == cpu" if same else "sweep: cuda DIFFERS from cpu")
sys.exit(0 if same else 1)
EOF
        # The census with its first generations on the device, against the
        # same census without (the tables, samples and generations equal);
        # user+sys CPU seconds of each (the device's aim: less CPU a soup).
        local TIMEFORMAT='%U %S %R' batch
        for batch in none cuda; do
            { time "$bin/toroid" census B3/S23 --soups 8000 --root k_toroidbench01 --torus 1024 \
                --batch "$batch" --json >"$work/census-$batch.json" || ok=1; } 2>"$work/census-$batch.time"
            echo "census $batch: cpu+sys+wall s $(tail -1 "$work/census-$batch.time")"
        done
        python3 - "$work/census-cuda.json" "$work/census-none.json" <<'EOF' || ok=1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
same = all(a[k] == b[k] for k in ("objects", "samples", "mean_generations", "unsettled"))
print("census: --batch cuda == none" if same else "census: --batch cuda DIFFERS from none",
      "step s", a["cpu_seconds"]["step"], "vs", b["cpu_seconds"]["step"])
sys.exit(0 if same else 1)
EOF
        return $ok
    }
    export -f toroid_runs
    run_stage toroid "$(box_of toroid)" toroid_runs
    rc=$?
    record toroid "$(status_of $rc)" "$stage_seconds" "$(grep -h '^sweep\|^census' "$logs/toroid.log" | tr '\n' ' ')"
else
    record tests FAIL 0 "no programs to run"
fi

# ---------------------------------------------------------------- files back
cp "$summary" "$out/summary.tsv"
tar -czf "$out/logs.tar.gz" -C "$work" . 2>/dev/null
for f in "${expected_files[@]}"; do
    [[ -s $out/$f ]] || { record files MISSING 0 "$f did not come out"; failed=1; }
done
n=$(find "$out" -type f | wc -l)
((n <= 8)) || { record files TOO-MANY 0 "$n files in \$OUT, at most 8 come back"; failed=1; }
cp "$summary" "$out/summary.tsv"
echo
echo "== gpu-check: $((($(date +%s) - start_time))) s, $([[ $failed == 0 ]] && echo PASSED || echo FAILED) =="
column -t -s $'\t' "$out/summary.tsv" 2>/dev/null || cat "$out/summary.tsv"
exit $failed
