#!/usr/bin/env bash
# On a machine with an NVIDIA GPU: build with CUDA for sm_90, run the GPU
# tests and the GPU benchmark, print a summary. One short script, so that a
# lent GPU machine is used for one call (see DEVELOPERS.md).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/toroid-gpu-check}
mkdir -p "$out"
jobs=$(nproc)
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee "$out/gpu.txt"

cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DTOROID_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DTOROID_BENCH=OFF >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
cmake --build build-gpu -j"$jobs" >"$out/build.log" 2>&1 || { grep -E "error" "$out/build.log" | head -30; exit 1; }

status=0
# Device suites: backends, kernels against their emulated launches (tests/gpu),
# and the 1-D ring (tests/eca).
{ build-gpu/tests/gpu/test_gpu; build-gpu/tests/eca/test_eca_gpu; } 2>&1 |
    tee "$out/gpu-tests.log" | grep -E "^\[  (PASSED|FAILED|SKIPPED)|^\[==========\]" || status=1
grep -q "FAILED" "$out/gpu-tests.log" && status=1
grep -q "SKIPPED" "$out/gpu-tests.log" && { echo "GPU tests were skipped: no device visible"; status=1; }
(cd build-gpu && ctest -j"$jobs" --output-on-failure >"$out/ctest.log" 2>&1) || status=1
tail -3 "$out/ctest.log"
build-gpu/cli/toroid bench --backend cuda --backend cpu --seconds 2 --json >"$out/bench.json" 2>&1 || status=1
build-gpu/cli/toroid bench --backend cuda --seconds 2 --write "$out/BENCHMARKS-gpu.md" || status=1
# Elementary (1-D) automata: 2^30-cell ring on the GPU (docs/benchmarks-eca.md).
build-gpu/cli/toroid eca 110 --width 1073741824 --steps 4096 --init random:1 --summary --backend cuda \
    2>&1 | tee "$out/eca-gpu.txt" || status=1
# toroid-view: the CUDA render kernel's image equals the CPU backend's, pixel
# for pixel (PNG bytes), and the viewer benchmark on the device. Under Xvfb the
# GL context is Mesa's, so CUDA cannot register its buffer: the kernel draws
# into device memory and the image is copied (the "drawing" field says which
# path ran; true interop needs the NVIDIA GL driver, a display or EGL).
if [[ -x build-gpu/viewer/toroid-view ]] && command -v xvfb-run >/dev/null; then
    xv=(xvfb-run -a -s "-screen 0 1280x720x24" build-gpu/viewer/toroid-view)
    for view in "B3/S23 8" "B3/S23 1/8" "B2/S34H 16" "B2/S34H 1/4"; do
        read -r rule zoom <<<"$view"
        tag=$(tr -c 'A-Za-z0-9' _ <<<"$rule-$zoom")
        for b in cpu cuda; do
            "${xv[@]}" --backend "$b" --rule "$rule" --size 2048x2048 --soup 0.4 --gens 50 \
                --zoom "$zoom" --grid --window 1280x720 --screenshot "$out/view-$b-$tag.png" || status=1
        done
        if cmp -s "$out/view-cpu-$tag.png" "$out/view-cuda-$tag.png"; then
            echo "toroid-view $rule zoom $zoom: cuda image == cpu image"
        else
            echo "toroid-view $rule zoom $zoom: cuda image DIFFERS from cpu"; status=1
        fi
    done
    for n in 16384 65536; do
        "${xv[@]}" --backend cuda --size ${n}x$n --soup 0.5 --window 1280x720 --benchmark 100 --json \
            | tee "$out/view-bench-$n.json" || status=1
    done
fi
echo "== summary: status $status =="
exit $status
