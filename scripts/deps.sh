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
    patchelf                   # scripts/gpu-pack.sh: packed programs find their lib/ ($ORIGIN)
    libglfw3-dev python3-glad libimgui-dev   # toroid-view: GLFW, the glad generator, Dear ImGui
    xvfb xauth libgl1-mesa-dri               # toroid-view tests: Xvfb + Mesa (llvmpipe)
    xdotool                                  # toroid-view tests: real key events (XTEST)
    python3-dev python3-venv python3-numpy python3-pytest   # the Python module and its tests
    python3-pandas python3-matplotlib        # docs/python.md's tour (run by the tests)
)

# The SASS report (scripts/sass-report.py, a CI test of CUDA builds) reads
# machine code with cuobjdump and nvdisasm, which CUDA 13 on these machines
# lacks: NVIDIA publishes both on PyPI. Installed when nvcc is present and
# they are not, into /opt/toroid/cuda-tools/bin.
cuda_tools=/opt/toroid/cuda-tools
install_cuda_tools() {
    { command -v nvcc || [[ -x /usr/local/cuda/bin/nvcc ]]; } >/dev/null 2>&1 || return 0
    local tool wanted=()
    for tool in cuobjdump nvdisasm; do
        command -v "$tool" >/dev/null || [[ -x /usr/local/cuda/bin/$tool ]] ||
            [[ -x $cuda_tools/bin/$tool ]] || wanted+=("$tool")
    done
    ((${#wanted[@]})) || return 0
    local dir sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    dir=$(mktemp -d)
    echo "deps: installing ${wanted[*]} from PyPI into $cuda_tools/bin" >&2
    for tool in "${wanted[@]}"; do
        python3 -m pip download -q --no-deps --only-binary=:all: -d "$dir" \
            "nvidia-cuda-$tool>=13.0,<14" >&2
        $sudo mkdir -p "$cuda_tools/bin"
        python3 -c 'import sys, zipfile; sys.stdout.buffer.write(
            zipfile.ZipFile(sys.argv[1]).read("nvidia/cu13/bin/" + sys.argv[2]))' \
            "$dir"/nvidia_cuda_"$tool"-*.whl "$tool" >"$dir/$tool"
        $sudo install -m 755 "$dir/$tool" "$cuda_tools/bin/$tool"
    done
    rm -rf "$dir"
}
install_cuda_tools

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} > 0)); then
    echo "deps: installing ${missing[*]}" >&2
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The Python module's build tools come from PyPI, into a virtual environment
# of Debian's interpreter (never into the interpreter itself, PEP 668). It
# sees Debian's numpy, pytest, pandas and matplotlib (--system-site-packages);
# CMake builds the module for, and ctest runs pytest with, .venv/bin/python.
venv="$(cd "$(dirname "$0")/.." && pwd)/.venv"
python_tools=(nanobind==3.1.0 scikit-build-core==1.1.2)
have_tools='from importlib.metadata import version as v
assert (v("nanobind"), v("scikit-build-core")) == ("3.1.0", "1.1.2")'
if ! "$venv/bin/python" -c "$have_tools" 2>/dev/null; then
    echo "deps: creating $venv with ${python_tools[*]}" >&2
    /usr/bin/python3 -m venv --system-site-packages "$venv"
    "$venv/bin/python" -m pip install -q "${python_tools[@]}"
fi
