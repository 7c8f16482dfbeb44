#!/usr/bin/env bash
# Builds toroid's GPU programs here and packs them for a lent GPU machine.
#
#   scripts/gpu-pack.sh [--interop] [PACK]        (PACK defaults to .gpu-pack)
#
# The GPU machine (docs/gpu.md) has nvcc 13.0, CMake and ninja but none of
# the Debian packages the build needs, no network, and it takes a folder of
# at most 64 MiB with the working tree. So the CUDA targets are built here
# (nvcc 13.0 for sm_90, the H200's architecture) in build/, and PACK
# gets:
#   bin/    the GPU test suites, gpu_bench, toroid and toroid-view, stripped
#   lib/    every shared library they load that a bare CUDA image may lack
#           (found with ldd; glibc and the NVIDIA driver's libraries excluded,
#           the GL libraries too: those come with the interop command's .gl)
#   debs/   the -dev packages a fallback build there needs (headers, static
#           GoogleTest, CMake configs), unpacked there only if bin/ fails
#   build-info.txt, MANIFEST.tsv
# and it is checked: every binary's libraries resolve (ldd), the
# binaries start (--gtest_list_tests, gpu_bench --list), the folder is under
# the size limit, every library found from lib/ (RUNPATH $ORIGIN/../lib, no
# LD_LIBRARY_PATH). PACK must be git-ignored (.gitignore has /.gpu-pack/).
#
# --interop also downloads into .gl/ the packages of Xvfb, Mesa and the GL
# loaders that scripts/gpu-interop.sh unpacks there.
set -euo pipefail
cd "$(dirname "$0")/.."

interop=0
pack=.gpu-pack
for a in "$@"; do
    case "$a" in
        --interop) interop=1 ;;
        -h | --help) sed -n '2,24p' "$0"; exit 0 ;;
        -*) echo "gpu-pack: unknown option $a" >&2; exit 2 ;;
        *) pack=$a ;;
    esac
done
build=${TOROID_GPU_BUILD:-build}  # the build `make test` uses (CUDA found: sm_90)
jobs=${JOBS:-2}
limit_mib=${TOROID_PACK_LIMIT_MIB:-56}  # the tree (~2 MiB) and .gl travel too: 64 MiB in all

command -v nvcc >/dev/null || [[ -x /usr/local/cuda/bin/nvcc ]] ||
    { echo "gpu-pack: nvcc not found (CUDA 13 is needed to build for the GPU)" >&2; exit 1; }

echo "gpu-pack: building the CUDA targets in $build (sm_90, -j$jobs)"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DTOROID_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 >/tmp/gpu-pack.configure.log 2>&1 ||
    { tail -30 /tmp/gpu-pack.configure.log; exit 1; }
targets=(test_gpu test_eca_gpu test_kernel_bodies gpu_bench toroid)
grep -q '^toroid-view:' <(cmake --build "$build" --target help 2>/dev/null | sed 's/^\.\.\. //;s/ .*//;s/$/:/') &&
    targets+=(toroid-view)
cmake --build "$build" -j"$jobs" --target "${targets[@]}"

binaries=("$build/tests/gpu/test_gpu" "$build/tests/eca/test_eca_gpu"
          "$build/tests/kernels/test_kernel_bodies" "$build/bench/gpu/gpu_bench" "$build/cli/toroid")
[[ -x "$build/viewer/toroid-view" ]] && binaries+=("$build/viewer/toroid-view")

rm -rf "$pack"
mkdir -p "$pack/bin" "$pack/lib" "$pack/debs"
# Each program finds lib/ through its RUNPATH ($ORIGIN/../lib), so nothing
# else on that machine (ncu, compute-sanitizer, python) sees these libraries.
for b in "${binaries[@]}"; do
    cp "$b" "$pack/bin/"
    strip --strip-all "$pack/bin/$(basename "$b")"
    patchelf --set-rpath '$ORIGIN/../lib' "$pack/bin/$(basename "$b")"
done

# Libraries: all that ldd resolves, except the C library's own (the loader
# must match the machine's), the driver's (they must be the machine's), GL
# (the interop command brings it) and the C++ runtime (every CUDA image has
# g++ for nvcc, with a newer libstdc++ than this build needs).
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libdl\.so|librt\.so|libpthread\.so|libresolv\.so|libcuda\.so|libnvidia|libGL|libEGL|libGLX|libGLdispatch|libOpenGL|libGLES|libstdc\+\+|libgcc_s)'
for b in "$pack"/bin/*; do
    ldd "$b" | awk '/=> \// { print $1, $3 }'
done | sort -u | while read -r name path; do
    [[ "$name" =~ $skip ]] && continue
    cp -L "$path" "$pack/lib/$name"
done

# Fallback build there: the -dev packages the configure step needs.
dev_packages=(libpng-dev libpng16-16 zlib1g-dev zlib1g nlohmann-json3-dev libcli11-dev libgtest-dev
              libgmock-dev libcairo2-dev)
(cd "$pack/debs" && apt-get download "${dev_packages[@]}" >/dev/null 2>&1) ||
    echo "gpu-pack: warning: could not download the fallback build's packages (apt-get download)" >&2

{
    echo "commit	$(git rev-parse HEAD)$(git diff --quiet HEAD -- . ':!.gpu-pack' || echo '+dirty')"
    echo "built	$(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
    echo "nvcc	$(nvcc --version 2>/dev/null | tail -1 || /usr/local/cuda/bin/nvcc --version | tail -1)"
    echo "gcc	$(g++ --version | head -1)"
    echo "architectures	$(grep -E '^CMAKE_CUDA_ARCHITECTURES' "$build/CMakeCache.txt" | cut -d= -f2)"
} >"$pack/build-info.txt"
(cd "$pack" && find bin lib debs -type f -exec sha256sum {} + | awk '{ print $2 "\t" $1 }' |
    sort >MANIFEST.tsv)

# Checks: libraries resolve from lib/ alone, the programs start, the size.
status=0
missing=$(for b in "$pack"/bin/*; do ldd "$b" | grep 'not found' |
          grep -vE 'libGL|libEGL|libOpenGL' || true; done)
[[ -z "$missing" ]] || { echo "gpu-pack: unresolved libraries:"; echo "$missing"; status=1; }
for t in test_gpu test_eca_gpu test_kernel_bodies; do
    "$pack/bin/$t" --gtest_list_tests >/dev/null ||
        { echo "gpu-pack: $t does not start"; status=1; }
done
"$pack/bin/gpu_bench" --list >/dev/null ||
    { echo "gpu-pack: gpu_bench does not start"; status=1; }
"$pack/bin/toroid" --help >/dev/null ||
    { echo "gpu-pack: toroid does not start"; status=1; }
size=$(du -sb "$pack" | cut -f1)
if ((size > limit_mib * 1024 * 1024)); then
    echo "gpu-pack: $pack is $((size / 1048576)) MiB, over the $limit_mib MiB allowed"; status=1
fi
git check-ignore -q "$pack" || { echo "gpu-pack: $pack is not git-ignored"; status=1; }

if ((interop)); then
    # Xvfb, Mesa (llvmpipe for the host-upload run), the GL loaders (glvnd).
    mkdir -p .gl
    gl_packages=(libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 libglx-mesa0
                 libgl1-mesa-dri libglapi-mesa libgbm1 xvfb xauth libxfont2 libxkbfile1
                 x11-xkb-utils xkb-data libxcvt0 libpixman-1-0 libfontenc1 libunwind8 libdrm2
                 libxshmfence1 libxxf86vm1 libllvm15 libsensors5 libz3-4 libedit2 libelf1
                 libxcb-dri2-0 libxcb-dri3-0 libxcb-glx0 libxcb-present0 libxcb-randr0
                 libxcb-sync1 libxcb-xfixes0 libwayland-server0 libwayland-client0 libdrm-amdgpu1
                 libdrm-nouveau2 libdrm-radeon1 libdrm-intel1 libpciaccess0 libglfw3 libxrandr2
                 libxinerama1 libxcursor1 libxi6 libbsd0 libmd0)
    (cd .gl && apt-get download "${gl_packages[@]}" >/dev/null) ||
        { echo "gpu-pack: could not download the interop packages"; status=1; }
    # The interop command carries toroid-view, lib/ and .gl (not the whole pack).
    tree=$(git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1)
    interop_bytes=$(($(du -cb .gl "$pack/lib" "$pack/bin/toroid-view" 2>/dev/null | tail -1 | cut -f1) + tree))
    echo "gpu-pack: .gl holds $(ls .gl/*.deb | wc -l) packages; the interop call carries" \
         "$((interop_bytes / 1048576)) MiB with the tree"
    ((interop_bytes < 62 * 1024 * 1024)) || { echo "gpu-pack: the interop carry is over 62 MiB"; status=1; }
    [[ -x "$pack/bin/toroid-view" ]] || { echo "gpu-pack: no toroid-view to carry (GLFW/ImGui missing here?)"; status=1; }
fi

echo "gpu-pack: $pack holds $(ls "$pack/bin" | wc -l) programs, $(ls "$pack/lib" | wc -l) libraries," \
     "$(ls "$pack/debs" | wc -l) packages, $((size / 1048576)) MiB"
exit $status
