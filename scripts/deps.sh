#!/usr/bin/env bash
# Installs the Debian packages toroid needs, only those missing, idempotently.
# The CUDA toolkit is optional (found on PATH or in /usr/local/cuda); it is not
# a Debian package on these machines and is never installed here.
set -euo pipefail

packages=(
    cmake make g++ pkg-config ccache
    zlib1g-dev                 # gzip-compressed pattern files (.rle.gz, .mc.gz)
    libgtest-dev libgmock-dev libbenchmark-dev
    libcli11-dev nlohmann-json3-dev libpng-dev
    libcairo2-dev              # plots (PNG and SVG): methuselah --plot, sweep --plot
    openmpi-bin libopenmpi-dev # optional at build time: mpirun -np N toroid sweep
    clang libclang-rt-14-dev   # libFuzzer + sanitizer runtimes for .ci/run
    clang-format               # .ci/run checks formatting
    libglfw3-dev python3-glad libimgui-dev   # toroid-view: GLFW, the glad generator, Dear ImGui
    xvfb xauth libgl1-mesa-dri               # toroid-view tests: Xvfb + Mesa (llvmpipe)
    xdotool                                  # toroid-view tests: real key events (XTEST)
)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
    exit 0
fi

echo "deps: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
