#!/usr/bin/env bash
# Optional second command on a lent GPU machine: toroid-view with CUDA-GL
# interop. Needs the pack (scripts/gpu-pack.sh --interop) and its .gl/.
#
#   bash scripts/gpu-interop.sh --prebuilt .gpu-pack
#   carry: [".gpu-pack/bin/toroid-view", ".gpu-pack/lib", ".gl"]   (~55 MiB with the tree)
#
# Under a carried Xvfb it draws the same views three ways and compares the
# PNG files byte for byte:
#   cpu      the CPU backend, Mesa's GL (host upload)            reference
#   upload   the CUDA backend, Mesa's GL: the CUDA image goes through a
#            device scratch buffer and one copy to the host (host upload)
#   interop  the CUDA backend, the NVIDIA GL driver through Xvfb's GLX
#            (__GLX_VENDOR_LIBRARY_NAME=nvidia): the kernel draws into a GL
#            pixel buffer registered with CUDA
# and reports each run's drawing path and frame rate (--benchmark --json).
# The GL loader packages are unpacked into / (the device README's recipe);
# xkbcomp and the XKB data too (Xvfb looks for them there); Xvfb, Mesa and
# the rest under /tmp/xroot. Files back: interop-summary.tsv (printed
# last), interop-logs.tar.gz and the views' PNGs (at most 8 files).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
prebuilt=${2:-.gpu-pack}
[[ ${1:-} == --prebuilt ]] || { echo "usage: $0 --prebuilt DIR" >&2; exit 2; }
out=${OUT:-/tmp/toroid-gpu-interop}
work=$(mktemp -d)
mkdir -p "$out"
summary=$work/interop-summary.tsv
printf 'view\tcpu_vs_upload\tcpu_vs_interop\tupload_path\tinterop_path\tinterop_fps\n' >"$summary"
failed=0

root=/tmp/xroot
mkdir -p "$root"
for f in .gl/*.deb; do
    case $(basename "$f") in
        libvulkan1_* | libegl1_* | libglvnd0_* | libopengl0_* | libgl1_* | libglx0_* | libgles2_* | \
            xkb-data_* | x11-xkb-utils_*) dpkg -x "$f" / ;;
        *) dpkg -x "$f" "$root" ;;
    esac
done
ldconfig
export PATH=$root/usr/bin:$PATH
export LD_LIBRARY_PATH=$prebuilt/lib:$root/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
export LIBGL_DRIVERS_PATH=$root/usr/lib/x86_64-linux-gnu/dri
export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
Xvfb :97 -screen 0 1280x720x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
sleep 2
export DISPLAY=:97
view=$prebuilt/bin/toroid-view

for spec in "B3/S23 8" "B3/S23 1/8" "B2/S34H 16" "B2/S34H 1/4"; do
    read -r rule zoom <<<"$spec"
    tag=$(tr -c 'A-Za-z0-9' _ <<<"$rule-$zoom" | sed 's/_*$//')
    common=(--rule "$rule" --size 2048x2048 --soup 0.4 --gens 50 --zoom "$zoom" --grid --window 1280x720)
    __GLX_VENDOR_LIBRARY_NAME=mesa "$view" --backend cpu "${common[@]}" --screenshot "$work/cpu-$tag.png" \
        >>"$work/runs.log" 2>&1 || failed=1
    __GLX_VENDOR_LIBRARY_NAME=mesa "$view" --backend cuda "${common[@]}" --screenshot "$work/upload-$tag.png" \
        >>"$work/runs.log" 2>&1 || failed=1
    __GLX_VENDOR_LIBRARY_NAME=nvidia "$view" --backend cuda "${common[@]}" --screenshot "$work/interop-$tag.png" \
        >>"$work/runs.log" 2>&1 || failed=1
    paths=()
    for vendor in mesa nvidia; do
        __GLX_VENDOR_LIBRARY_NAME=$vendor timeout 60 "$view" --backend cuda "${common[@]}" \
            --benchmark 50 --json >"$work/bench-$vendor-$tag.json" 2>>"$work/runs.log" || failed=1
        paths+=("$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("drawing","?"))' \
            "$work/bench-$vendor-$tag.json" 2>/dev/null || echo '?')")
    done
    fps=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("frames_per_s", d.get("fps","?")))' \
        "$work/bench-nvidia-$tag.json" 2>/dev/null || echo '?')
    same_upload=$(cmp -s "$work/cpu-$tag.png" "$work/upload-$tag.png" && echo same || echo DIFFERS)
    same_interop=$(cmp -s "$work/cpu-$tag.png" "$work/interop-$tag.png" && echo same || echo DIFFERS)
    [[ $same_upload == same && $same_interop == same ]] || failed=1
    [[ ${paths[1]} == device\ interop* ]] || failed=1
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$rule zoom $zoom" "$same_upload" "$same_interop" "${paths[0]}" \
        "${paths[1]}" "$fps" >>"$summary"
done
kill "$xvfb" 2>/dev/null
cp "$summary" "$out/"
cp "$work"/interop-B3_S23_8.png "$out/interop-life.png" 2>/dev/null
cp "$work"/interop-B2_S34H_16.png "$out/interop-hex.png" 2>/dev/null
tar -czf "$out/interop-logs.tar.gz" -C "$work" . 2>/dev/null
echo "== gpu-interop: $([[ $failed == 0 ]] && echo PASSED || echo FAILED) =="
column -t -s $'\t' "$summary" 2>/dev/null || cat "$summary"
exit $failed
