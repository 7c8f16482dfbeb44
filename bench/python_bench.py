"""The Python module's speed figures (issue 26), for BENCHMARKS.md.

    PYTHONPATH=build/python .venv/bin/python bench/python_bench.py [--cli build/cli/toroid]

1. Call overhead of t.step(1) on a 64x64 torus: time per call of step(1)
   minus the engine's time per generation of the same torus inside one
   step(N) call (the same state: the soup's ash, stepped in place).
2. to_numpy() of a 4096^2 torus (16 MiB of uint8 out), against NumPy's own
   copy of a 16 MiB array (the memory bandwidth it can reach).
3. A 4096^2 soup for 1000 generations: Torus.step(1000) against `toroid run
   --size 4096x4096 --soup 0.5 --seed 1 --gens 1000 --json` (its "seconds":
   the stepping alone, as the module's figure is), interleaved, repeated.
"""

import argparse
import json
import subprocess
import time

import numpy as np

import toroid


def best(f, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times), float(np.median(times))


def step_overhead(calls=200_000, rounds=5):
    t = toroid.Torus(64, 64, backend="cpu").soup(0.5, 1).step(2000)  # settled ash
    per_call, per_gen = [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(calls):
            t.step(1)
        per_call.append((time.perf_counter() - t0) / calls)
        t0 = time.perf_counter()
        t.step(calls)
        per_gen.append((time.perf_counter() - t0) / calls)
    return min(per_call), min(per_gen)


def to_numpy_speed(repeat=20):
    t = toroid.Torus(4096, 4096, backend="cpu").soup(0.5, 1)
    src = np.ones(4096 * 4096, np.uint8)
    dst = np.empty_like(src)
    ours = best(t.to_numpy, repeat)
    copy = best(lambda: np.copyto(dst, src), repeat)
    return ours, copy


def soup_vs_cli(cli, rounds=8):
    py, cl = [], []
    for _ in range(rounds):
        t = toroid.Torus(4096, 4096, backend="cpu").soup(0.5, 1)
        t0 = time.perf_counter()
        t.step(1000)
        py.append(time.perf_counter() - t0)
        out = subprocess.run([cli, "run", "--size", "4096x4096", "--soup", "0.5", "--seed", "1",
                              "--gens", "1000", "--backend", "cpu", "--json"],
                             capture_output=True, text=True, check=True).stdout
        j = json.loads(out)
        assert j["hash"] == format(t.hash(), "016x")
        cl.append(j["seconds"])
    return py, cl


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/cli/toroid")
    a = ap.parse_args()
    call, gen = step_overhead()
    print(f"step(1) on 64x64: {call * 1e6:.3f} us per call, engine {gen * 1e6:.3f} us per "
          f"generation: overhead {(call - gen) * 1e6:.3f} us")
    (ours, ours_med), (copy, copy_med) = to_numpy_speed()
    mib = 4096 * 4096 / 2**20
    print(f"to_numpy 4096^2: best {ours * 1e3:.2f} ms ({mib / 1024 / ours:.2f} GiB/s out), "
          f"median {ours_med * 1e3:.2f} ms; numpy copy of 16 MiB: best {copy * 1e3:.2f} ms "
          f"({2 * mib / 1024 / copy:.2f} GiB/s read+write), median {copy_med * 1e3:.2f} ms")
    py, cl = soup_vs_cli(a.cli)
    print("4096^2 soup, 1000 gens (s): python " + " ".join(f"{x:.3f}" for x in py) +
          " | cli " + " ".join(f"{x:.3f}" for x in cl))
    print(f"  best python {min(py):.3f} cli {min(cl):.3f} (ratio {min(py) / min(cl):.3f}); "
          f"median python {np.median(py):.3f} cli {np.median(cl):.3f} "
          f"(ratio {np.median(py) / np.median(cl):.3f})")


if __name__ == "__main__":
    main()
