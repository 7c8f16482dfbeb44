"""toroid.Torus: results equal to `toroid run --json`, NumPy in and out,
indexing across the seam, the zero-copy bit rows, files, pictures, errors."""

import numpy as np
import pytest

import toroid
from conftest import cli_error, cli_json


def hexhash(t):
    return format(t.hash(), "016x")


@pytest.mark.parametrize("rule,size,density,seed,gens", [
    ("B3/S23", (256, 256), 0.5, 1, 300),
    ("B36/S23", (100, 70), 0.35, 7, 200),
    ("B2/S34H", (65, 63), 0.4, 3, 50),
    ("B2/S013V", (64, 128), 0.5, 5, 40),
    ("B2(1/3)/S12H", (128, 96), 0.3, 7, 60),   # stochastic: the seed keys the draws
    ("B0/S8", (33, 17), 0.5, 2, 9),           # birth on 0, literally
])
def test_soup_run_equals_command_line(rule, size, density, seed, gens):
    j = cli_json("run", "--rule", rule, "--size", f"{size[0]}x{size[1]}", "--soup", density,
                 "--seed", seed, "--gens", gens, "--backend", "cpu")
    t = toroid.Torus(*size, rule=rule, backend="cpu", seed=seed).soup(density, seed)
    t.step(gens)
    assert (t.rule, t.generation, t.population, hexhash(t)) == (
        j["rule"], j["generation"], j["population"], j["hash"])
    assert t.width == j["width"] and t.height == j["height"]
    assert t.backend == j["backend"]


def test_pattern_run_equals_command_line(tmp_path):
    j = cli_json("run", "--pattern", "acorn", "--size", "512x512", "--gens", 1000)
    t = toroid.Torus(512, 512).load("acorn").step(1000)
    assert (t.population, hexhash(t)) == (j["population"], j["hash"])
    out = tmp_path / "a.rle"
    t.save(str(out))
    u = toroid.Torus(512, 512).load(str(out))  # a whole saved torus comes back at (0, 0)
    assert hexhash(u) == hexhash(t) and u.generation == 0


def test_step_chains_and_counts():
    t = toroid.Torus(32, 32).soup(0.5, 4)
    assert t.step() is t and t.generation == 1
    assert t.step(0).generation == 1
    t.step(10)
    u = toroid.Torus(32, 32).soup(0.5, 4)
    for _ in range(11):
        u.step(1)
    assert u.hash() == t.hash()


def test_backends_listed():
    names = toroid.backends()
    assert "cpu" in names
    for name in names:
        t = toroid.Torus(70, 50, backend=name).soup(0.5, 9).step(20)
        assert t.hash() == toroid.Torus(70, 50, backend="cpu").soup(0.5, 9).step(20).hash()


# --- cells and arrays --------------------------------------------------------

def reference_cells(t):
    """The torus cell by cell through t[x, y] (the slow, obvious way)."""
    return np.array([[t[x, y] for y in range(t.height)] for x in range(t.width)], np.uint8)


def test_to_numpy_is_indexed_x_y():
    t = toroid.Torus(70, 5)
    t[3, 1] = 1
    t[69, 4] = True
    a = t.to_numpy()
    assert a.shape == (70, 5) and a.dtype == np.uint8
    assert a[3, 1] == 1 and a[69, 4] == 1 and a.sum() == 2
    assert a.T.flags.c_contiguous  # rows top down, contiguous: the picture
    t.soup(0.5, 2)
    assert np.array_equal(t.to_numpy(), reference_cells(t))


@pytest.mark.parametrize("w,h", [(1, 1), (3, 2), (63, 4), (64, 3), (65, 5), (130, 2), (1000, 1)])
def test_round_trip_every_shape(w, h):
    rng = np.random.default_rng(w * 1000 + h)
    cells = rng.integers(0, 2, size=(w, h), dtype=np.uint8)
    t = toroid.Torus(w, h)
    t[:, :] = cells
    assert np.array_equal(t.to_numpy(), cells)
    assert np.array_equal(t[:, :], cells)
    assert t.population == cells.sum()


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int8, np.int16, np.uint32, np.int64])
def test_accepted_dtypes(dtype):
    cells = (np.arange(12).reshape(4, 3) % 3 == 0).astype(dtype)
    t = toroid.Torus(8, 8)
    t[2:6, 1:4] = cells
    assert np.array_equal(t[2:6, 1:4], cells.astype(np.uint8))


@pytest.mark.parametrize("value,message", [
    (np.full((2, 2), 2), "cell value 2 is not a state"),
    (np.full((2, 2), -1, np.int8), "cell value -1 is not a state"),
    (np.ones((2, 2), np.float64), "not float64"),
    (np.array([["a", "b"], ["c", "d"]]), "cells are bool or integers"),
    (np.ones((3, 2)), "not float64"),
    (np.ones((3, 3), np.uint8), "does not fit cells of shape (2, 2)"),
    (np.ones((2, 2, 1), np.uint8), "does not fit"),
])
def test_refused_arrays(value, message):
    t = toroid.Torus(8, 8)
    with pytest.raises(toroid.InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        t[0:2, 0:2] = value
    assert t.population == 0  # nothing half-written


def test_broadcasting_and_scalars():
    t = toroid.Torus(10, 6)
    t[2:5, 1:3] = 1
    assert t.population == 6
    t[2:5, 2] = [0, 1, 0]  # one row: x varies
    assert t[2:5, 2].tolist() == [0, 1, 0]
    t[7, :] = np.ones(6, bool)  # one column
    assert t[7, :].tolist() == [1] * 6
    t[:, :] = 0
    assert t.population == 0
    with pytest.raises(toroid.InputError):
        t[0, 0] = 2
    with pytest.raises(toroid.InputError):
        t[0, 0] = 0.5


def test_slices_across_the_seam():
    t = toroid.Torus(20, 10).soup(0.5, 11)
    a = t.to_numpy()
    seam = t[-5:5, -2:3]  # x = 15..19, 0..4; y = 8, 9, 0, 1, 2
    want = a[np.r_[15:20, 0:5]][:, np.r_[8:10, 0:3]]
    assert seam.shape == (10, 5) and np.array_equal(seam, want)
    assert np.array_equal(t[15:5, 8:3], want)  # the same with stop < start
    cells = np.random.default_rng(1).integers(0, 2, (10, 5), np.uint8)
    t[-5:5, -2:3] = cells
    assert np.array_equal(t[-5:5, -2:3], cells)
    b = t.to_numpy()
    assert np.array_equal(b[5:15], a[5:15])  # the rest untouched
    assert np.array_equal(b[15:20, 3:8], a[15:20, 3:8])
    assert t[-1, -1] == b[19, 9]
    assert t[3:3, :].shape == (0, 10)  # empty


@pytest.mark.parametrize("key", [(20, 0), (0, 10), (-21, 0), (0, -11), (slice(0, 21), 0),
                                 (slice(0, 10, 2), 0), (1.5, 0), (0,), (0, 0, 0), "x"])
def test_out_of_range_indices(key):
    t = toroid.Torus(20, 10)
    with pytest.raises(IndexError):
        t[key]
    with pytest.raises(IndexError):
        t[key] = 1


# --- the canonical bit rows ---------------------------------------------------

def packed(a):
    """Canonical rows from cells a[x, y]: bit x % 64 of word x // 64."""
    w, h = a.shape
    words = (w + 63) // 64
    out = np.zeros((h, words), np.uint64)
    for x in range(w):
        out[:, x // 64] |= a[x, :].astype(np.uint64) << np.uint64(x % 64)
    return out


@pytest.mark.parametrize("w,h,rule", [(128, 64, "B3/S23"), (64, 33, "B36/S23"), (100, 30, "B3/S23"),
                                      (4096, 40, "B3/S23"), (192, 64, "B0/S8")])
def test_bits_are_the_canonical_rows(w, h, rule):
    t = toroid.Torus(w, h, rule=rule, backend="cpu").soup(0.5, 3)
    for _ in range(4):
        b = t.bits
        assert b.dtype == np.uint64 and b.shape == (h, (w + 63) // 64)
        assert not b.flags.writeable
        assert np.array_equal(b, packed(t.to_numpy()))
        del b
        t.step(7)
    t.clear()
    assert not t.bits.any()


def test_bits_view_is_zero_copy_and_guarded():
    t = toroid.Torus(128, 128, backend="cpu").soup(0.5, 1)
    b = t.bits
    assert t._has_views and b.base is not None
    before = b.copy()
    t.step(1)  # the view shows memory, not a copy: a step rewrites it
    assert not np.array_equal(t.bits, before)
    with pytest.raises(toroid.InputError, match=r"\.bits view"):
        t.soup(0.5, 2)
    with pytest.raises(toroid.InputError, match=r"\.bits view"):
        t.clear()
    del b
    import gc
    gc.collect()
    assert not t._has_views
    t.soup(0.5, 2)  # allowed again
    u = toroid.Torus(100, 10)  # not a multiple of 64: a copy, never a view
    c = u.bits
    assert not u._has_views and not c.flags.writeable


def test_view_outlives_the_torus():
    t = toroid.Torus(64, 64, backend="cpu").soup(0.5, 5)
    want = packed(t.to_numpy())
    b = t.bits
    del t
    import gc
    gc.collect()
    assert np.array_equal(b, want)  # the view keeps the backend alive


# --- placing, files, pictures ------------------------------------------------------

def test_place_patterns():
    t = toroid.Torus(32, 32)
    t.place("glider", 30, 30)  # wraps around the seam
    g = toroid.Pattern.load("glider").to_numpy()
    assert np.array_equal(t[30:1, 30:1], g)
    t.place(toroid.Pattern.load("beacon"), 10, 10)
    assert t.population == 5 + toroid.Pattern.load("beacon").population
    t.place(np.ones((2, 3), np.uint8), 0, 0)
    assert t[0:2, 0:3].all()
    u = toroid.Torus(32, 32).place("glider")  # centred, as toroid run --pattern
    assert np.array_equal(u[14:17, 14:17], g)
    with pytest.raises(toroid.InputError, match="larger than|does not fit|too large"):
        toroid.Torus(8, 8).place(np.ones((9, 2), np.uint8))


def test_png_picture():
    t = toroid.Torus(64, 48).soup(0.5, 1)
    png = t._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (512, 384)  # 8 pixels a cell: the largest power of two in 512
    big = toroid.Torus(4096, 1024).png(max_side=512)
    assert (int.from_bytes(big[16:20], "big"), int.from_bytes(big[20:24], "big")) == (512, 128)
    with pytest.raises(toroid.InputError):
        t.png(max_side=0)


# --- errors: the command line's messages -----------------------------------------------

def test_bad_rule_message_is_the_command_lines():
    with pytest.raises(toroid.InputError) as e:
        toroid.Torus(8, 8, rule="B9/S23")
    assert str(e.value) == cli_error("run", "--rule", "B9/S23", "--size", "8x8", "--soup", "0.5")
    assert isinstance(e.value, ValueError)


def test_sizes_refused():
    with pytest.raises(toroid.InputError, match="needs .* but only .* is available"):
        toroid.Torus(10**7, 10**7)
    with pytest.raises(toroid.InputError):
        toroid.Torus(0, 5)
    with pytest.raises(toroid.InputError):
        toroid.Torus(5, 5, threads=-1)
    with pytest.raises(toroid.InputError):
        toroid.Torus(5, 5, backend="nonesuch")
    with pytest.raises(toroid.InputError):
        toroid.Torus(8, 8, rule="B3/S23:T16,16")
    assert toroid.Torus(16, 16, rule="B3/S23:T16,16").rule == "B3/S23"
    with pytest.raises(toroid.InputError):
        toroid.Torus(8, 8).step(-1)
    with pytest.raises(toroid.InputError):
        toroid.Torus(8, 8).soup(1.5)
    with pytest.raises(toroid.InputError):
        toroid.Torus(8, 8).load("no-such-pattern-anywhere")


def test_every_instruction_set_expands_the_same():
    """to_numpy's word expansion is built three times (as the engine's
    kernels): each, forced by TOROID_CPU_ISA in a child interpreter, gives
    the cells the slow per-cell path gives."""
    import os
    import subprocess
    import sys
    code = ("import toroid, numpy as np\n"
            "t = toroid.Torus(200, 37, backend='cpu').soup(0.5, 9)\n"
            "ref = np.array([[t[x, y] for y in range(37)] for x in range(200)], np.uint8)\n"
            "print(np.array_equal(t.to_numpy(), ref), np.array_equal(t[-70:70, 3:9], "
            "ref[np.r_[130:200, 0:70]][:, 3:9]))\n")
    for isa in ("portable", "avx2", "avx512", None):
        env = {k: v for k, v in os.environ.items() if k != "TOROID_CPU_ISA"}
        if isa:
            env["TOROID_CPU_ISA"] = isa
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True).stdout
        assert out.split() == ["True", "True"], (isa, out)


def test_arrays_larger_than_memory_are_refused():
    """A torus whose bits fit but whose bytes would not: to_numpy() and a
    whole-torus slice are refused (InputError saying how much is needed)
    before NumPy allocates anything; .bits and small slices still work."""
    avail = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                avail = int(line.split()[1]) * 1024
    side = int((1.2 * avail) ** 0.5)  # bytes: 1.2 x available; the backend's planes: a third
    try:
        t = toroid.Torus(side, side, backend="cpu")
    except toroid.InputError:
        pytest.skip("the machine's free memory changed under the test")
    with pytest.raises(toroid.InputError, match=r"to_numpy\(\) of .* needs .* but only"):
        t.to_numpy()
    with pytest.raises(toroid.InputError, match="needs"):
        t[0:side - 1, :]
    t[5, 5] = 1
    assert t[0:8, 0:8].sum() == 1 and t.population == 1
